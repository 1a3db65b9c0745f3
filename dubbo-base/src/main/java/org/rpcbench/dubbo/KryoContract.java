package org.rpcbench.dubbo;

import org.apache.dubbo.common.serialize.kryo.utils.KryoUtils;

/** Registers {@link RegisteredClasses} with Dubbo's kryo factory, whose own list keeps insertion order. */
public final class KryoContract {
    private static boolean registered;

    private KryoContract() {}

    /** Once per JVM, before the first kryo instance is made. */
    public static synchronized void register() {
        if (registered) {
            return;
        }
        RegisteredClasses.IN_ORDER.forEach(KryoUtils::register);
        registered = true;
    }
}
