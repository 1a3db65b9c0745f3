package org.rpcbench.dubbo;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

/**
 * A configuration setter that only some Dubbo 3 releases have, called by name so that the pairs compile
 * against every release from 3.0 on: the deserialization allowlist's settings arrived in 3.1.6, executor
 * management modes and prefer-serialization in 3.2.0. A release that has the setter gets the setting,
 * whatever its number (fixes are backported); what was applied is recorded, never guessed.
 *
 * @param owner  the configuration class that has the setter in the releases that have it
 * @param name   the setter's name
 * @param type   its one parameter's type
 */
record OptionalSetter(Class<?> owner, String name, Class<?> type) {

    /** Whether the Dubbo on the class path has this setter. */
    boolean available() {
        return method() != null;
    }

    /**
     * Calls the setter on {@code config}.
     *
     * @throws IllegalStateException if this Dubbo has no such setter (ask {@link #available()} first), or it failed
     */
    void set(Object config, Object value) {
        Method m = method();
        if (m == null) {
            throw new IllegalStateException(owner.getSimpleName() + "." + name + " is not in this Dubbo release");
        }
        try {
            m.invoke(config, value);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("cannot call " + owner.getSimpleName() + "." + name + "(" + value + ")", e);
        }
    }

    private Method method() {
        try {
            return owner.getMethod(name, type);
        } catch (NoSuchMethodException e) {
            return null;
        }
    }
}
