package org.rpcbench.dubbo;

import java.lang.reflect.Field;
import org.apache.dubbo.common.serialize.fst.FstFactory;
import org.nustaq.serialization.FSTConfiguration;

/**
 * Registers {@link RegisteredClasses} with the one fst configuration Dubbo's fst serialization uses.
 *
 * <p>dubbo-serialization-fst 3.2.0 offers no ordered way in: its factory copies Dubbo's unordered
 * optimizer registry when its class loads. So the classes go straight into the factory's
 * {@link FSTConfiguration}, before anything is serialized; fst numbers them in this order.
 */
public final class FstContract {
    private static boolean registered;

    private FstContract() {}

    /** Once per JVM, before the first call. */
    public static synchronized void register() {
        if (registered) {
            return;
        }
        configuration().registerClass(RegisteredClasses.IN_ORDER.toArray(Class<?>[]::new));
        registered = true;
    }

    private static FSTConfiguration configuration() {
        try {
            Field conf = FstFactory.class.getDeclaredField("conf");
            conf.setAccessible(true);
            return (FSTConfiguration) conf.get(FstFactory.getDefaultFactory());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot reach dubbo-serialization-fst's FSTConfiguration to register the contract"
                    + " classes (was FstFactory changed?)", e);
        }
    }
}
