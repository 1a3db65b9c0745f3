package org.rpcbench.command;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import org.rpcbench.cli.UsageException;
import picocli.CommandLine.Option;

/**
 * Options given before a command and after it are one set: each may be given once, in either place. One
 * implementation for every option group, read from the group's declarations, so that no option can be left
 * out of it.
 */
final class Merge {
    private Merge() {}

    static <T> T once(String option, T before, T after) throws UsageException {
        if (before != null && after != null) {
            throw new UsageException(option + " given twice (before and after the command)");
        }
        return before != null ? before : after;
    }

    /** The options of a group that were given (a value not null), by their first names, as declared. */
    static List<String> given(Object group) {
        List<String> given = new ArrayList<>();
        for (Field f : options(group)) {
            if (value(f, group) != null) {
                given.add(f.getAnnotation(Option.class).names()[0]);
            }
        }
        return given;
    }

    /** A group's options as given before the command and after it: each once, a list's values added up. */
    @SuppressWarnings("unchecked")
    static <T> T merged(T before, T after) throws UsageException {
        try {
            T m = (T) before.getClass().getDeclaredConstructor().newInstance();
            for (Field f : options(before)) {
                Object b = value(f, before);
                Object a = value(f, after);
                if (List.class.isAssignableFrom(f.getType()) && (b != null || a != null)) {
                    List<Object> all = new ArrayList<>(b == null ? List.of() : (List<Object>) b);
                    all.addAll(a == null ? List.of() : (List<Object>) a);
                    f.set(m, all);
                } else {
                    f.set(m, once(f.getAnnotation(Option.class).names()[0], b, a));
                }
            }
            return m;
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot merge " + before.getClass().getSimpleName(), e);
        }
    }

    private static List<Field> options(Object group) {
        return List.of(group.getClass().getDeclaredFields()).stream().filter(f -> f.isAnnotationPresent(Option.class)).toList();
    }

    private static Object value(Field f, Object group) {
        try {
            return f.get(group);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }
}
