package org.rpcbench.dubbo;

import java.util.Map;

/**
 * What makes one Dubbo pair (besides its name and port, which pairs/NAME.properties declares): its protocol
 * and serialization, anything it does beyond them
 * (recorded with the settings) and a preparation run before each start or connect. The server and the
 * client module of a pair each state the same one.
 *
 * @param serialization what runs on the wire; for IDL stubs ({@code idl}) it is informational, the
 *                      stubs carry their own
 * @param prepare       must be idempotent, e.g. registering classes with a serializer
 */
public record DubboPair(String protocol, String serialization, boolean idl, Map<String, String> notes, Runnable prepare) {

    public DubboPair {
        notes = Map.copyOf(notes);
    }

    /**
     * A pair serving a plain Java interface (the contract's, or its protobuf twin's) with the serialization
     * configured on both sides.
     */
    public static DubboPair contract(String protocol, String serialization) {
        return new DubboPair(protocol, serialization, false, Map.of(), () -> {});
    }

    /** A pair whose stubs were generated from the contract's .proto. */
    public static DubboPair idl(String protocol, String serialization) {
        return new DubboPair(protocol, serialization, true, Map.of(), () -> {});
    }

    public DubboPair preparedBy(Runnable preparation, Map<String, String> recordedAs) {
        return new DubboPair(protocol, serialization, idl, recordedAs, preparation);
    }

    /** A pair whose serializer learns {@link RegisteredClasses} up front, through {@code register}. */
    public DubboPair registering(Runnable register) {
        return preparedBy(register, Map.of("registeredClasses", RegisteredClasses.describe()));
    }

    /** As {@link #registering}, for a serializer that then refuses every class it was not told about. */
    public DubboPair registeringOnly(Runnable register) {
        return preparedBy(register, Map.of("registeredClasses", RegisteredClasses.describe(),
                "registrationRequired", "yes: a class not registered is refused"));
    }

    /** The serialization to configure in Dubbo, or null when the stubs decide. */
    String configuredSerialization() {
        return idl ? null : serialization;
    }


    public Map<String, String> settings() {
        Map<String, String> s = DubboFramework.settings(protocol, serialization);
        s.putAll(notes);
        return s;
    }
}
