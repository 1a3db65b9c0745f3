package org.rpcbench.cli;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Parses {@code --name value}, {@code --name=value} and {@code --flag} against a fixed list of
 * {@link Option}s and writes the usage text from the same list. Arguments that are not ours can be
 * passed through untouched (the client hands them to JMH) or rejected.
 */
public final class CommandLine {
    private final String command;
    private final String summary;
    private final Map<String, Option<?>> options = new LinkedHashMap<>();
    private final boolean passThrough;
    private final String passThroughHelp;

    private CommandLine(String command, String summary, List<Option<?>> options, boolean passThrough, String passThroughHelp) {
        this.command = command;
        this.summary = summary;
        for (Option<?> o : options) {
            if (this.options.put(o.name(), o) != null) {
                throw new IllegalArgumentException("option declared twice: " + o.longName());
            }
        }
        this.passThrough = passThrough;
        this.passThroughHelp = passThroughHelp;
    }

    /** A command that accepts only the declared options. */
    public static CommandLine strict(String command, String summary, List<Option<?>> options) {
        return new CommandLine(command, summary, options, false, null);
    }

    /** A command that passes every argument that is not a declared {@code --option} on, as {@link Values#rest()}. */
    public static CommandLine passingThrough(String command, String summary, List<Option<?>> options, String restHelp) {
        return new CommandLine(command, summary, options, true, restHelp);
    }

    public Values parse(String... args) throws UsageException {
        Map<Option<?>, Object> values = new HashMap<>();
        List<String> rest = new ArrayList<>();
        boolean help = false;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (arg.equals("-h") || arg.equals("--help")) {
                help = true;
                continue;
            }
            if (!arg.startsWith("--")) {
                if (!passThrough) {
                    throw new UsageException("unexpected argument '" + arg + "'");
                }
                rest.add(arg);
                continue;
            }
            int eq = arg.indexOf('=');
            String name = arg.substring(2, eq < 0 ? arg.length() : eq);
            Option<?> option = options.get(name);
            if (option == null) {
                throw new UsageException("unknown option --" + name);
            }
            if (values.containsKey(option)) {
                throw new UsageException(option.longName() + " given twice");
            }
            if (!option.takesValue()) {
                if (eq >= 0) {
                    throw new UsageException(option.longName() + " takes no value");
                }
                values.put(option, Boolean.TRUE);
                continue;
            }
            String value;
            if (eq >= 0) {
                value = arg.substring(eq + 1);
            } else if (i + 1 < args.length) {
                value = args[++i];
            } else {
                throw new UsageException(option.longName() + " needs a value");
            }
            try {
                values.put(option, option.parse(value));
            } catch (IllegalArgumentException e) {
                throw new UsageException(option.longName() + ": " + e.getMessage());
            }
        }
        return new Values(values, rest, help);
    }

    public String usage() {
        StringBuilder out = new StringBuilder();
        out.append("Usage: ").append(command).append(" [options]").append(passThrough ? " [JMH options]" : "").append('\n');
        out.append(summary).append("\n\nOptions:\n");
        int width = options.values().stream().mapToInt(o -> o.synopsis().length()).max().orElse(0) + 2;
        for (Option<?> o : options.values()) {
            out.append("  ").append(pad(o.synopsis(), width)).append(o.help()).append('\n');
        }
        out.append("  ").append(pad("-h, --help", width)).append("print this help and exit\n");
        if (passThrough) {
            out.append('\n').append(passThroughHelp).append('\n');
        }
        return out.toString();
    }

    private static String pad(String s, int width) {
        return s + " ".repeat(Math.max(1, width - s.length()));
    }

    /** The parsed values: what was given, or each option's default. */
    public static final class Values {
        private final Map<Option<?>, Object> given;
        private final List<String> rest;
        private final boolean help;

        private Values(Map<Option<?>, Object> given, List<String> rest, boolean help) {
            this.given = Map.copyOf(given);
            this.rest = List.copyOf(rest);
            this.help = help;
        }

        @SuppressWarnings("unchecked")
        public <T> T get(Option<T> option) {
            Object v = given.get(option);
            return v == null ? option.defaultValue() : (T) v;
        }

        public boolean has(Option<?> option) {
            return given.containsKey(option);
        }

        public List<String> rest() {
            return rest;
        }

        public boolean helpRequested() {
            return help;
        }
    }
}
