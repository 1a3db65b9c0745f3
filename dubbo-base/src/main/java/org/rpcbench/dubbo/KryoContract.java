package org.rpcbench.dubbo;

import org.apache.dubbo.common.serialize.kryo.utils.KryoUtils;

/**
 * Registers {@link RegisteredClasses} with Dubbo's kryo factory, whose own list keeps insertion order,
 * and makes registration required: kryo then refuses to write or read any class that is not on the list
 * (or among the factory's own common JDK types), so a request cannot make the server build a class of its
 * choosing. Kryo's default, and Dubbo's, is to accept any class by name.
 */
public final class KryoContract {
    private static boolean registered;

    private KryoContract() {}

    /** Once per JVM, before the first kryo instance is made. */
    public static synchronized void register() {
        if (registered) {
            return;
        }
        KryoUtils.setRegistrationRequired(true);
        RegisteredClasses.IN_ORDER.forEach(KryoUtils::register);
        registered = true;
    }
}
