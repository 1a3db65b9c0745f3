package org.rpcbench.dubbo;

import java.util.List;
import org.apache.dubbo.common.serialize.kryo.utils.KryoUtils;
import org.rpcbench.contract.Page;
import org.rpcbench.contract.Sex;
import org.rpcbench.contract.User;

/**
 * Registers the contract's classes with kryo up front (the seeds' "serialization optimizer"), in a
 * fixed order on both sides.
 *
 * <p>Not through Dubbo's {@code optimizer} setting: that puts the classes in
 * {@code SerializableClassRegistry}, a HashMap keyed by Class, whose iteration order follows identity
 * hash codes and so differs from JVM to JVM. Kryo numbers registrations in the order it sees them,
 * so a server and a client in different JVMs then disagree on which id is User and which is Page,
 * and answers are garbled (seen here with Dubbo 3.3.6 and dubbo-serialization-kryo 3.2.0). The kryo
 * factory's own registration list keeps insertion order.
 */
public final class KryoContract {
    /** The registration order; both sides must use the same one. */
    public static final List<Class<?>> CLASSES = List.of(User.class, Page.class, Sex.class);

    private static boolean registered;

    private KryoContract() {}

    /** The registered classes in order, as recorded in run records. */
    public static String describe() {
        return CLASSES.stream().map(Class::getSimpleName).collect(java.util.stream.Collectors.joining(", "));
    }

    /** Registers the classes once per JVM, before the first kryo instance is made. */
    public static synchronized void register() {
        if (registered) {
            return;
        }
        for (Class<?> c : CLASSES) {
            KryoUtils.register(c);
        }
        registered = true;
    }
}
