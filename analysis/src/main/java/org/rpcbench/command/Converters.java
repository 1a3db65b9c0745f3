package org.rpcbench.command;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.rpcbench.analysis.VersionedPair;
import org.rpcbench.binding.Switch;
import org.rpcbench.cli.Limits;
import org.rpcbench.report.VerdictTable;
import org.rpcbench.runs.Profile;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * How the CLI's option values are read and checked, each kind once: a message names the option and what it
 * takes, and is the one line bad input gets. The limits shared with the client and the server are
 * {@link Limits}'; a switch is {@link Switch#ASSIGNMENT}.
 */
final class Converters {
    private Converters() {}

    /** Calls in flight: one value, or several that make a sweep, each once. */
    record Concurrency(List<Integer> values) {}

    static final class ConcurrencyList implements ITypeConverter<Concurrency> {
        @Override
        public Concurrency convert(String value) {
            if (!value.matches("[1-9][0-9]{0,8}(,[1-9][0-9]{0,8})*")) {
                throw new TypeConversionException("needs positive whole numbers separated by commas, got '" + value + "'");
            }
            List<Integer> values = new ArrayList<>();
            for (String v : value.split(",")) {
                int n = Integer.parseInt(v);
                if (n > Limits.MAX_CONCURRENCY) {
                    throw new TypeConversionException("allows at most " + Limits.MAX_CONCURRENCY + " calls in flight, got " + n);
                }
                if (values.contains(n)) {
                    throw new TypeConversionException("names " + n + " twice: a sweep runs each concurrency once");
                }
                values.add(n);
            }
            return new Concurrency(List.copyOf(values));
        }
    }

    /** Dubbo releases, each once: a suite's rows are run on each. */
    record Releases(List<String> values) {}

    static final class ReleaseList implements ITypeConverter<Releases> {
        @Override
        public Releases convert(String value) {
            List<String> values = new ArrayList<>();
            for (String v : value.split(",", -1)) {
                if (!VersionedPair.isRelease(v)) {
                    throw new TypeConversionException("needs Dubbo releases separated by commas (e.g. 3.0.15,3.2.18,3.3.6), got '"
                            + value + "'");
                }
                if (values.contains(v)) {
                    throw new TypeConversionException("names " + v + " twice");
                }
                values.add(v);
            }
            return new Releases(List.copyOf(values));
        }
    }

    /** A whole number within [min, max]; each option's range is one of the subclasses below. */
    abstract static class Range implements ITypeConverter<Integer> {
        private final int min;
        private final int max;
        private final String what;

        Range(int min, int max, String what) {
            this.min = min;
            this.max = max;
            this.what = what;
        }

        @Override
        public Integer convert(String value) {
            return whole(value, min, max, what);
        }
    }

    // The ranges, one a line: calls in flight (verify's --threads, within the same limits as -t), rate, port, ...
    static final class Threads extends Range { Threads() { super(1, Limits.MAX_CONCURRENCY, "number of calls in flight"); } }
    static final class Rate extends Range { Rate() { super(1, Limits.MAX_RATE, "rate in calls per second"); } }
    static final class Port extends Range { Port() { super(0, Limits.MAX_PORT, "port number"); } }
    static final class Rounds extends Range { Rounds() { super(1, 10_000, "number of rounds"); } }
    static final class Clients extends Range { Clients() { super(1, 1000, "number of clients"); } }
    static final class Alpha implements ITypeConverter<Double> {
        @Override
        public Double convert(String value) {
            return decimal(value, 0.01, 20, "false-alarm rate in percent");
        }
    }
    static final class ChangeToSee implements ITypeConverter<Double> {
        @Override
        public Double convert(String value) {
            return decimal(value, 1, 100, "change in percent");
        }
    }
    static final class Threshold extends Range { Threshold() { super(0, 100, "change in percent"); } }
    static final class Budgets extends Range { Budgets() { super(20, 10_000, "number of budgets"); } }
    static final class Limit extends Range { Limit() { super(1, 1_000_000, "number of runs"); } }
    static final class Cases extends Range { Cases() { super(1, 100, "number of cases"); } }

    /** A framework switch, NAME=VALUE. */
    static final class SwitchValue implements ITypeConverter<String> {
        @Override
        public String convert(String value) {
            if (!Switch.ASSIGNMENT.matcher(value).matches()) {
                throw new TypeConversionException("needs NAME=VALUE, got '" + value + "'");
            }
            return value;
        }
    }

    /** A length of time: "90s", "15m", "2h", in seconds. */
    static final class Seconds implements ITypeConverter<Integer> {
        /** The longest a soak or pressure run may last: a week. */
        static final long MAX_SECONDS = 7 * 24 * 3600;

        @Override
        public Integer convert(String value) {
            if (!value.matches("[1-9][0-9]{0,5}[smh]")) {
                throw new TypeConversionException("needs a duration such as 90s, 30m or 2h, got '" + value + "'");
            }
            long n = Long.parseLong(value.substring(0, value.length() - 1));
            long seconds = switch (value.charAt(value.length() - 1)) {
                case 'h' -> n * 3600;
                case 'm' -> n * 60;
                default -> n;
            };
            if (seconds > MAX_SECONDS) {
                throw new TypeConversionException("needs a duration of at most a week (168h), got '" + value + "'");
            }
            return (int) seconds;
        }
    }

    static final class ProfileName implements ITypeConverter<Profile> {
        @Override
        public Profile convert(String value) {
            try {
                return Profile.named(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    /** -m: the one mode there is. */
    static final class Mode implements ITypeConverter<String> {
        @Override
        public String convert(String value) {
            if (!value.equals("profiling")) {
                throw new TypeConversionException("knows only 'profiling', got '" + value + "'");
            }
            return value;
        }
    }

    /** Where a pair run runs: here, in containers of the local Docker engine, or on a Kubernetes cluster. */
    static final class Place implements ITypeConverter<String> {
        @Override
        public String convert(String value) {
            if (!value.equals("local") && !value.equals("docker") && !value.equals("kubernetes")) {
                throw new TypeConversionException("knows local, docker and kubernetes, not '" + value + "'");
            }
            return value;
        }
    }

    /** A Kubernetes namespace: a DNS label. */
    static final class Namespace implements ITypeConverter<String> {
        @Override
        public String convert(String value) {
            if (!value.matches("[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?")) {
                throw new TypeConversionException("needs a namespace: at most 63 lower case letters, digits or '-', starting and ending"
                        + " with a letter or digit, got '" + value + "'");
            }
            return value;
        }
    }

    /** A container image reference: one word. */
    static final class Image implements ITypeConverter<String> {
        @Override
        public String convert(String value) {
            if (value.isBlank() || value.chars().anyMatch(Character::isWhitespace)) {
                throw new TypeConversionException("needs an image reference (e.g. registry.example/rpc-bench:0f3c2a1), got '" + value + "'");
            }
            return value;
        }
    }

    /** Text that must say something. */
    static final class Text implements ITypeConverter<String> {
        @Override
        public String convert(String value) {
            if (value.isBlank()) {
                throw new TypeConversionException("needs a value that is not empty");
            }
            return value;
        }
    }

    /** The seed of a schedule of sizes: a whole number from 1 to 2^48. */
    static final class SizeSeed implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            if (!value.matches("[1-9][0-9]{0,14}") || Long.parseLong(value) > (1L << 48)) {
                throw new TypeConversionException("needs a whole number from 1 to " + (1L << 48) + ", got '" + value + "'");
            }
            return Long.parseLong(value);
        }
    }

    /** Cases run at once and each one's callers: {@code echo5K=7,echoPojo=7,echoPersons=6}, each case once. */
    record AtOnce(java.util.Map<String, Integer> callers) {}

    /** {@link AtOnce}, a type of its own: picocli would split a map option's words itself, past these checks. */
    static final class CallersAtOnce implements ITypeConverter<AtOnce> {
        @Override
        public AtOnce convert(String value) {
            java.util.Map<String, Integer> callers = new java.util.LinkedHashMap<>();
            for (String part : value.split(",", -1)) {
                String[] kv = part.split("=", -1);
                if (kv.length != 2 || kv[0].isBlank()) {
                    throw new TypeConversionException("needs CASE=CALLERS,... such as echo5K=7,echoPojo=7, got '" + value + "'");
                }
                if (callers.put(kv[0], whole(kv[1], 1, 100_000, "callers of " + kv[0])) != null) {
                    throw new TypeConversionException("names " + kv[0] + " twice");
                }
            }
            return new AtOnce(java.util.Collections.unmodifiableMap(callers));
        }
    }

    /** A decimal of at most two places, so that a rate as small as a CI check needs can be given (0.1 is one in a thousand). */
    static double decimal(String value, double min, double max, String what) {
        String range = String.format(Locale.ROOT, "needs a %s from %s to %s", what, VerdictTable.percentText(min), VerdictTable.percentText(max));
        if (!value.matches("[0-9]{1,10}(\\.[0-9]{1,2})?")) {
            throw new TypeConversionException(range + ", to at most two decimal places, got '" + value + "'");
        }
        double d = Double.parseDouble(value);
        if (d < min || d > max) {
            throw new TypeConversionException(range + ", got " + value);
        }
        return d;
    }

    /** A whole number within [min, max]. Messages name no option: the CLI puts the option's name before them. */
    static int whole(String value, int min, int max, String what) {
        if (!value.matches("-?[0-9]{1,10}")) {
            throw new TypeConversionException("needs a " + what + ", got '" + value + "'");
        }
        long n = Long.parseLong(value);
        if (n < min || n > max) {
            throw new TypeConversionException(String.format(Locale.ROOT, "needs a %s from %,d to %,d, got %s", what, min, max, value));
        }
        return (int) n;
    }

}
