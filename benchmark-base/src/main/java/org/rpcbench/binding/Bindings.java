package org.rpcbench.binding;

import java.util.List;
import java.util.ServiceLoader;
import java.util.stream.Collectors;

/**
 * Finds the one binding a runnable jar carries. Each server or client module registers exactly one
 * implementation under META-INF/services; the base modules hold none.
 */
public final class Bindings {

    private Bindings() {}

    public static <T> T load(Class<T> kind) {
        List<T> found = ServiceLoader.load(kind).stream().map(ServiceLoader.Provider::get).collect(Collectors.toList());
        if (found.size() != 1) {
            throw new IllegalStateException("expected exactly one " + kind.getSimpleName() + " on the class path, found "
                    + found.size() + (found.isEmpty() ? " (run a binding module's jar, not a base module)" : ": " + found));
        }
        return found.get(0);
    }
}
