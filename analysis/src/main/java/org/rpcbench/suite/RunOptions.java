package org.rpcbench.suite;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.rpcbench.cli.UsageException;

/**
 * The options benchmark.sh takes before a command (suite, ab, calibrate, soak), in its own short form
 * ({@code -P quick}, {@code -Pquick}), each declared once with its value and help. What a command does not
 * take is refused in one line naming it.
 *
 * @param jmh JMH's options for every run, replacing the profile's (-a), or null
 * @param concurrency calls in flight (-t); several values make a sweep; empty for the command's own
 * @param switches framework switches (-o NAME=VALUE), in order
 * @param buildOptions extra Maven options (-b), or null
 * @param rounds how many rounds (-R), or null for the command's own
 * @param seconds a soak's length (-D), or null
 */
public record RunOptions(String jmh, Profile profile, List<Integer> concurrency, List<String> switches, boolean pin,
                         boolean noBuild, String buildOptions, Integer rounds, Integer seconds) {

    /** One short option: its letter, the value it takes (null for none), and what it does. */
    record Declared(char letter, String value, String help) {}

    static final List<Declared> DECLARED = List.of(
            new Declared('a', "OPTS", "JMH options for every run, replacing the profile's"),
            new Declared('P', "PROFILE", "the runs' effort: " + String.join(", ", Arrays.stream(Profile.values())
                    .map(p -> p.label() + " (" + p.help() + ")").toList())),
            new Declared('t', "N[,N...]", "calls in flight; several values make a sweep"),
            new Declared('o', "NAME=VALUE", "a framework switch for every server, client and fork (repeatable)"),
            new Declared('c', null, "pin the server to CPU 0 and the client to the others"),
            new Declared('n', null, "no build: run the jars as they are"),
            new Declared('b', "OPTS", "extra Maven options for the build"),
            new Declared('R', "N", "rounds: each runs every pair once, in a new random order"),
            new Declared('D', "DURATION", "a soak's length: 90s, 30m, 2h"));

    /** Options of pair runs that have no meaning for these commands, and why. */
    static final Map<Character, String> REFUSED = Map.of(
            's', "runs on loopback: -s does not apply",
            'p', "runs on loopback: -p does not apply",
            'f', "writes into its own directory: -f does not apply",
            'r', "runs JMH's closed loop: -r does not apply",
            'm', "is not profiled: -m is for one pair run");

    /** The options, the command word, and what follows it. */
    public record Parsed(RunOptions options, String command, List<String> rest) {}

    public static Parsed parse(String[] args) throws UsageException {
        Map<Character, List<String>> given = new LinkedHashMap<>();
        int i = 0;
        for (; i < args.length && args[i].startsWith("-") && args[i].length() > 1; i++) {
            char letter = args[i].charAt(1);
            Declared d = DECLARED.stream().filter(x -> x.letter() == letter).findFirst().orElse(null);
            if (d == null) {
                throw new UsageException(REFUSED.containsKey(letter) ? "this command " + REFUSED.get(letter)
                        : "unknown option " + args[i]);
            }
            String value = null;
            if (d.value() != null) {
                if (args[i].length() > 2) {
                    value = args[i].substring(2);
                } else if (i + 1 < args.length) {
                    value = args[++i];
                } else {
                    throw new UsageException("-" + letter + " needs a value (" + d.value() + ")");
                }
            } else if (args[i].length() > 2) {
                throw new UsageException("-" + letter + " takes no value");
            }
            given.computeIfAbsent(letter, k -> new ArrayList<>()).add(value);
        }
        if (i >= args.length) {
            throw new UsageException("name a command: suite, ab, calibrate, soak, compare, merge, history, verify");
        }
        for (char letter : given.keySet()) {
            if (letter != 'o' && given.get(letter).size() > 1) {
                throw new UsageException("-" + letter + " given twice");
            }
        }
        RunOptions options = new RunOptions(one(given, 'a'), profile(one(given, 'P')), concurrency(one(given, 't')),
                switches(given.getOrDefault('o', List.of())), given.containsKey('c'),
                given.containsKey('n'), one(given, 'b'), positive(one(given, 'R'), "-R needs a number of rounds"),
                duration(one(given, 'D')));
        if (options.noBuild && options.buildOptions != null) {
            throw new UsageException("-b (build options) and -n (no build) do not go together");
        }
        return new Parsed(options, args[i], List.of(Arrays.copyOfRange(args, i + 1, args.length)));
    }

    /** The JMH options of every run: -a's, else the profile's, else the default profile's. */
    public String jmhOr(Profile otherwise) {
        return jmh != null ? jmh : (profile != null ? profile : otherwise).jmhOptions();
    }

    /** The refusal, or nothing, of an option given to a command that does not take it. */
    public void refuse(String command, char... letters) throws UsageException {
        for (char letter : letters) {
            boolean given = switch (letter) {
                case 'a' -> jmh != null;
                case 'P' -> profile != null;
                case 't' -> !concurrency.isEmpty();
                case 'o' -> !switches.isEmpty();
                case 'c' -> pin;
                case 'R' -> rounds != null;
                case 'D' -> seconds != null;
                case 'b' -> buildOptions != null;
                default -> false;
            };
            if (given) {
                throw new UsageException("-" + letter + " does not apply to " + command);
            }
        }
    }

    private static String one(Map<Character, List<String>> given, char letter) {
        List<String> v = given.get(letter);
        return v == null ? null : v.get(0);
    }

    private static Profile profile(String name) throws UsageException {
        try {
            return name == null ? null : Profile.named(name);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    static List<Integer> concurrency(String list) throws UsageException {
        if (list == null) {
            return List.of();
        }
        if (!list.matches("[1-9][0-9]{0,5}(,[1-9][0-9]{0,5})*")) {
            throw new UsageException("-t needs positive whole numbers separated by commas, got '" + list + "'");
        }
        return Arrays.stream(list.split(",")).map(Integer::valueOf).toList();
    }

    private static List<String> switches(List<String> given) throws UsageException {
        for (String s : given) {
            if (!s.matches("[a-z0-9.-]+=\\S+")) {
                throw new UsageException("-o needs NAME=VALUE, got '" + s + "'");
            }
        }
        return List.copyOf(given);
    }

    /** Whether a switch adds the calibration cost: only calibrate may. */
    public boolean calibrating() {
        return switches.stream().anyMatch(s -> s.startsWith("calibration."));
    }

    private static Integer positive(String v, String message) throws UsageException {
        if (v == null) {
            return null;
        }
        if (!v.matches("[1-9][0-9]{0,4}")) {
            throw new UsageException(message + ", got '" + v + "'");
        }
        return Integer.valueOf(v);
    }

    /** "90s", "30m", "2h" in seconds. */
    static Integer duration(String v) throws UsageException {
        if (v == null) {
            return null;
        }
        if (!v.matches("[1-9][0-9]{0,5}[smh]")) {
            throw new UsageException("-D needs a duration such as 90s, 30m or 2h, got '" + v + "'");
        }
        int n = Integer.parseInt(v.substring(0, v.length() - 1));
        return switch (v.charAt(v.length() - 1)) {
            case 'h' -> n * 3600;
            case 'm' -> n * 60;
            default -> n;
        };
    }

    /** One line a declared option: how benchmark.sh's usage and the commands' help list them. */
    public static String describe() {
        StringBuilder out = new StringBuilder();
        for (Declared d : DECLARED) {
            String synopsis = "-" + d.letter() + (d.value() == null ? "" : " " + d.value());
            out.append(String.format(java.util.Locale.ROOT, "  %-14s %s%n", synopsis, d.help()));
        }
        return out.toString();
    }
}
