package org.rpcbench.binding;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.TreeMap;

/**
 * A framework setting a run may change, such as Dubbo's filter chain: declared once by the bindings it
 * applies to, with its values, default and help text. Its value reaches every JVM of a run the same way,
 * as the system property {@code rpcbench.switch.NAME} ({@code benchmark.sh -o NAME=VALUE} sets it on the
 * server, the client and the client's JMH forks), and is recorded with the binding's settings.
 *
 * <p>A switch set for a binding that does not declare it is an error, not a silent no-op: a run that
 * claims "decode in IO thread" for a protocol that has no such thing would be a wrong record.
 */
public record Switch(String name, List<String> values, String pattern, String defaultValue, String help) {
    public static final String PREFIX = "rpcbench.switch.";
    /** How a switch is given on a command line, NAME=VALUE (benchmark.sh -o, ab's --baseline-switch, ...). */
    public static final java.util.regex.Pattern ASSIGNMENT = java.util.regex.Pattern.compile("[a-z0-9.-]+=\\S+");

    /**
     * @param values the values it takes; null when {@code pattern} says instead
     * @param pattern a regular expression its values match, with {@code values} null; {@code valueName} in help
     */
    public Switch {
        values = values == null ? null : List.copyOf(values);
        if (values == null && pattern == null) {
            throw new IllegalArgumentException("switch " + name + " needs its values or a pattern");
        }
        Objects.requireNonNull(help);
        if (!takes(values, pattern, defaultValue)) {
            throw new IllegalArgumentException("default " + defaultValue + " of switch " + name + " is not one of " + values);
        }
    }

    public Switch(String name, List<String> values, String defaultValue, String help) {
        this(name, values, null, defaultValue, help);
    }

    /** A switch whose values match a pattern rather than come from a list. */
    public static Switch matching(String name, String pattern, String defaultValue, String help) {
        return new Switch(name, null, pattern, defaultValue, help);
    }

    private static boolean takes(List<String> values, String pattern, String value) {
        return values == null ? value.matches(pattern) : values.contains(value);
    }

    /** Switches every binding has: they act in the harness, not in the framework. */
    static List<Switch> universal() {
        return List.of(Calibration.SPIN);
    }

    /** The value this JVM was given, or the default. */
    public String value() {
        return value(System.getProperties());
    }

    String value(Properties properties) {
        return properties.getProperty(PREFIX + name, defaultValue);
    }

    /** True when the value is {@code on}; for on/off switches. */
    public boolean on() {
        return value().equals("on");
    }

    /** An on/off switch. */
    public static Switch onOff(String name, boolean on, String help) {
        return new Switch(name, List.of("on", "off"), on ? "on" : "off", help);
    }

    /** One line per switch, for usage texts; empty when there are none. */
    public static String describe(List<Switch> switches) {
        StringBuilder s = new StringBuilder();
        for (Switch w : switches) {
            s.append("  ").append(w.name).append('=').append(w.values == null ? "VALUE" : String.join("|", w.values))
                    .append("  ").append(w.help).append(" (default: ").append(w.defaultValue).append(")\n");
        }
        return s.toString();
    }

    /**
     * Every switch this JVM was given ({@code rpcbench.switch.*} system properties), checked against the
     * ones the binding declares.
     *
     * @return the switches given, by name, to hand on to other JVMs of the run
     * @throws IllegalArgumentException naming the first unknown switch or bad value
     */
    public static Map<String, String> given(Binding binding) {
        return given(binding, System.getProperties());
    }

    static Map<String, String> given(Binding binding, Properties properties) {
        Map<String, String> given = new TreeMap<>();
        for (String key : properties.stringPropertyNames()) {
            if (!key.startsWith(PREFIX)) {
                continue;
            }
            String name = key.substring(PREFIX.length());
            String value = properties.getProperty(key);
            Switch known = java.util.stream.Stream.concat(binding.switches().stream(), universal().stream())
                    .filter(w -> w.name.equals(name)).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("switch " + name + " does not apply to " + binding.name()
                            + (binding.switches().isEmpty() ? ", which has none"
                            : "; its switches: " + binding.switches().stream().map(Switch::name).toList())));
            if (!takes(known.values, known.pattern, value)) {
                throw new IllegalArgumentException("switch " + name + " takes " + (known.values == null ? known.help
                        : String.join(" or ", known.values)) + ", not '" + value + "'");
            }
            given.put(name, value);
        }
        return given;
    }
}
