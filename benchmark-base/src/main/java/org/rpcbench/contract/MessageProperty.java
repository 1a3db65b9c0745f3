package org.rpcbench.contract;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * One property of {@link BenchmarkMessage}, by its field's name (field1 ... field280), as the twins'
 * IDLs name their fields too: so that the 40 fields are converted and copied by name, not written out
 * three times. Reflective, so never on a measured path: fixtures, conversions before measurement, and
 * failure reports.
 */
public record MessageProperty(String name, Method getter, Method setter) {

    /** Every property, in field-number order. */
    public static final List<MessageProperty> ALL = properties();
    private static final Map<String, MessageProperty> BY_NAME =
            ALL.stream().collect(Collectors.toUnmodifiableMap(MessageProperty::name, Function.identity()));

    /** The property of this field name; IllegalStateException when BenchmarkMessage has none. */
    public static MessageProperty named(String name) {
        MessageProperty p = BY_NAME.get(name);
        if (p == null) {
            throw new IllegalStateException("BenchmarkMessage has no property " + name);
        }
        return p;
    }

    public Class<?> type() {
        return setter.getParameterTypes()[0];
    }

    public Object get(BenchmarkMessage m) {
        try {
            return getter.invoke(m);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot read BenchmarkMessage." + name, e);
        }
    }

    public void set(BenchmarkMessage m, Object value) {
        try {
            setter.invoke(m, value);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot set BenchmarkMessage." + name, e);
        }
    }

    private static List<MessageProperty> properties() {
        List<MessageProperty> found = new ArrayList<>();
        for (java.lang.reflect.Field field : BenchmarkMessage.class.getDeclaredFields()) {
            if (java.lang.reflect.Modifier.isStatic(field.getModifiers())) {
                continue;
            }
            String name = field.getName();
            String property = Character.toUpperCase(name.charAt(0)) + name.substring(1);
            String getter = (field.getType() == boolean.class ? "is" : "get") + property;
            try {
                found.add(new MessageProperty(name, BenchmarkMessage.class.getMethod(getter),
                        BenchmarkMessage.class.getMethod("set" + property, field.getType())));
            } catch (NoSuchMethodException e) {
                throw new IllegalStateException("BenchmarkMessage." + name + " has no " + getter + " or setter", e);
            }
        }
        return List.copyOf(found);
    }
}
