package org.rpcbench.dubbo;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.rpcbench.contract.Address;
import org.rpcbench.contract.BenchmarkMessage;
import org.rpcbench.contract.Page;
import org.rpcbench.contract.Person;
import org.rpcbench.contract.User;

/**
 * The contract classes that serializers numbering their classes (kryo, fst) learn up front: the seeds'
 * "serialization optimizer", in one fixed order for server and client.
 *
 * <p>Not through Dubbo's {@code optimizer} setting: that puts the classes in
 * {@code SerializableClassRegistry}, a HashMap keyed by Class, whose iteration order follows identity
 * hash codes and so differs from JVM to JVM. Kryo and fst number registrations in the order they see
 * them, so a server and a client in different JVMs then disagree on which id is User and which is Page,
 * and answers are garbled (seen here with Dubbo 3.3.6 and dubbo-serialization-kryo 3.2.0).
 */
public final class RegisteredClasses {
    /**
     * The registration order; both sides must use the same one. New classes go at the end, so the ids of
     * the older ones stay what they were (the Sex enum left with the seeds' data model, whose sex is an
     * int: the classes after it moved up one, so a client and server of the two models cannot mix anyway).
     * ArrayList is the list type every list field arrives as; LocalDate and LocalDateTime are User's
     * birthday and times, which kryo requires registered like any other class (it has serializers for
     * java.time of its own, but no registration for them).
     */
    public static final List<Class<?>> IN_ORDER = List.of(User.class, Page.class,
            Person.class, Address.class, BenchmarkMessage.class, ArrayList.class, LocalDate.class, LocalDateTime.class);

    private RegisteredClasses() {}

    /** The classes in order, as recorded in run records. */
    public static String describe() {
        return IN_ORDER.stream().map(Class::getSimpleName).collect(Collectors.joining(", "));
    }
}
