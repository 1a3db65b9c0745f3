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
public record Switch(String name, List<String> values, String defaultValue, String help) {
    public static final String PREFIX = "rpcbench.switch.";

    public Switch {
        values = List.copyOf(values);
        if (!values.contains(defaultValue)) {
            throw new IllegalArgumentException("default " + defaultValue + " of switch " + name + " is not one of " + values);
        }
        Objects.requireNonNull(help);
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
            s.append("  ").append(w.name).append('=').append(String.join("|", w.values))
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
            Switch known = binding.switches().stream().filter(w -> w.name.equals(name)).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("switch " + name + " does not apply to " + binding.name()
                            + (binding.switches().isEmpty() ? ", which has none"
                            : "; its switches: " + binding.switches().stream().map(Switch::name).toList())));
            if (!known.values.contains(value)) {
                throw new IllegalArgumentException("switch " + name + " takes " + String.join(" or ", known.values)
                        + ", not '" + value + "'");
            }
            given.put(name, value);
        }
        return given;
    }
}
