package org.rpcbench.cli;

import java.util.Objects;
import java.util.function.Function;

/**
 * One command-line option, declared once with its type, default and help text. Parsing and the usage
 * text are both derived from these declarations, so the two cannot drift apart.
 *
 * @param <T> the type of the option's value
 */
public final class Option<T> {
    private final String name;
    private final String valueName;
    private final T defaultValue;
    private final String help;
    private final Function<String, T> parser;

    private Option(String name, String valueName, T defaultValue, String help, Function<String, T> parser) {
        this.name = Objects.requireNonNull(name);
        this.valueName = valueName;
        this.defaultValue = defaultValue;
        this.help = Objects.requireNonNull(help);
        this.parser = parser;
    }

    /** A text option; {@code defaultValue} may be null when there is no default. */
    public static Option<String> text(String name, String valueName, String defaultValue, String help) {
        return new Option<>(name, valueName, defaultValue, help, value -> {
            if (value.isBlank()) {
                throw new IllegalArgumentException("must not be empty");
            }
            return value;
        });
    }

    /** A whole number within [min, max]. */
    public static Option<Integer> integer(String name, String valueName, int defaultValue, int min, int max, String help) {
        return wholeNumber(name, valueName, defaultValue, min, max, help);
    }

    /** A whole number within [min, max] with no default: absent unless given. */
    public static Option<Integer> optionalInteger(String name, String valueName, int min, int max, String help) {
        return wholeNumber(name, valueName, null, min, max, help);
    }

    private static Option<Integer> wholeNumber(String name, String valueName, Integer defaultValue, int min, int max, String help) {
        return new Option<>(name, valueName, defaultValue, help, value -> {
            int n;
            try {
                n = Integer.parseInt(value.trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("'" + value + "' is not a whole number");
            }
            if (n < min || n > max) {
                throw new IllegalArgumentException(n + " is outside " + min + ".." + max);
            }
            return n;
        });
    }

    /** A TCP port; 0 asks for any free port. */
    public static Option<Integer> port(String name, int defaultValue, String help) {
        return integer(name, "PORT", defaultValue, 0, Limits.MAX_PORT, help);
    }

    /** A switch that takes no value: false unless given. */
    public static Option<Boolean> flag(String name, String help) {
        return new Option<>(name, null, false, help, null);
    }

    public String name() {
        return name;
    }

    public String longName() {
        return "--" + name;
    }

    /** Whether {@code value} is one this option takes (for a check that two programs agree on its limits). */
    public boolean accepts(String value) {
        try {
            parse(value);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    public boolean takesValue() {
        return parser != null;
    }

    T defaultValue() {
        return defaultValue;
    }

    T parse(String value) {
        return parser.apply(value);
    }

    String synopsis() {
        return takesValue() ? longName() + " " + valueName : longName();
    }

    String help() {
        if (!takesValue() || defaultValue == null) {
            return help;
        }
        return help + " (default: " + defaultValue + ")";
    }
}
