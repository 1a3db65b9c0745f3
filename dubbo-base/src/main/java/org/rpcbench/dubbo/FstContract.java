package org.rpcbench.dubbo;

import java.lang.reflect.Field;
import java.util.List;
import org.apache.dubbo.common.serialize.fst.FstFactory;
import org.nustaq.serialization.FSTConfiguration;
import org.rpcbench.cases.Fixtures;

/**
 * Registers {@link RegisteredClasses} with the one fst configuration Dubbo's fst serialization uses.
 *
 * <p>dubbo-serialization-fst 3.2.0 offers no ordered way in: its factory copies Dubbo's unordered
 * optimizer registry when its class loads. So the classes go straight into the factory's
 * {@link FSTConfiguration}, before anything is serialized; fst numbers them in this order. Then each
 * class's metadata is built, once, before any concurrent call can race to build it.
 */
public final class FstContract {
    private static boolean registered;

    private FstContract() {}

    /** Once per JVM, before the first call. */
    public static synchronized void register() {
        if (registered) {
            return;
        }
        FSTConfiguration conf = configuration();
        conf.registerClass(RegisteredClasses.IN_ORDER.toArray(Class<?>[]::new));
        // fst builds a class's metadata on its first use, and first uses from several threads at once can
        // leave it broken (seen here: one call in a CI run failed to decode, "FSTFieldInfo.getPossibleClasses()
        // is null"; fast-serialization issues 184 and 315): build it now, in one thread, before any call
        for (Object sample : List.of(Fixtures.createUserRequest(0), Fixtures.page(1), Fixtures.person(0),
                Fixtures.benchmarkMessage(0))) {
            conf.asObject(conf.asByteArray(sample));
        }
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
