package org.rpcbench.command;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The usage of every command, generated from its options' declarations: each option with its names, its
 * value and its help, under the heading of the group that declares it ({@link Heading}; a command's own
 * options first). The text around it (what the command does, its arguments) is the command's own.
 */
final class Usage {
    static final int WIDTH = 110;
    private static final int COLUMN = 30;

    private Usage() {}

    /** Sets every command of the tree to print its usage this way. */
    static void install(CommandLine command) {
        command.getCommandSpec().usageMessage().width(WIDTH).autoWidth(false);
        command.getCommandSpec().usageMessage().synopsisHeading("");
        command.getHelpSectionMap().put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_OPTION_LIST, help -> options(help.commandSpec()));
        command.setHelpSectionKeys(List.of(CommandLine.Model.UsageMessageSpec.SECTION_KEY_SYNOPSIS,
                CommandLine.Model.UsageMessageSpec.SECTION_KEY_DESCRIPTION, CommandLine.Model.UsageMessageSpec.SECTION_KEY_OPTION_LIST,
                CommandLine.Model.UsageMessageSpec.SECTION_KEY_FOOTER));
        command.getSubcommands().values().forEach(Usage::install);
    }

    /** A command's options, in sections. */
    static String options(CommandSpec spec) {
        Map<String, List<OptionSpec>> sections = new LinkedHashMap<>();
        String own = spec.parent() == null ? "Other options:" : "Options of " + spec.name() + ":";
        sections.put(own, new ArrayList<>());
        OptionSpec help = null;
        for (OptionSpec o : spec.options()) {
            if (o.usageHelp()) {
                help = o;
                continue;
            }
            Heading heading = heading(o);
            sections.computeIfAbsent(heading == null ? own : heading.value(), k -> new ArrayList<>()).add(o);
        }
        if (help != null) {
            sections.get(own).add(help);
        }
        // the command's own options first, except at the top, where they are the rest
        List<String> order = new ArrayList<>(sections.keySet());
        if (spec.parent() == null) {
            order.remove(own);
            order.add(own);
        }
        StringBuilder out = new StringBuilder();
        for (String heading : order) {
            List<OptionSpec> options = sections.get(heading);
            if (options.isEmpty()) {
                continue;
            }
            out.append('\n').append(heading).append('\n');
            options.forEach(o -> out.append(line(o)));
        }
        return out.toString();
    }

    private static Heading heading(OptionSpec o) {
        return o.userObject() instanceof Field f ? f.getDeclaringClass().getAnnotation(Heading.class) : null;
    }

    /** "  -t, --concurrency N[,N...]   calls in flight ...", wrapped. */
    static String line(OptionSpec o) {
        String synopsis = "  " + String.join(", ", o.names()) + (o.arity().max() > 0 ? " " + o.paramLabel() : "");
        String help = String.join(" ", o.description());
        StringBuilder out = new StringBuilder(synopsis);
        int column = Math.max(COLUMN, 0);
        if (synopsis.length() + 2 > column) {
            out.append('\n').append(" ".repeat(column));
        } else {
            out.append(" ".repeat(column - synopsis.length()));
        }
        int at = column;
        for (String word : help.split(" ")) {
            if (at > column && at + 1 + word.length() > WIDTH) {
                out.append('\n').append(" ".repeat(column));
                at = column;
            }
            if (at > column) {
                out.append(' ');
                at++;
            }
            out.append(word);
            at += word.length();
        }
        return out.append('\n').toString();
    }
}
