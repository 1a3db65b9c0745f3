package org.rpcbench.rmi;

import java.util.LinkedHashMap;
import java.util.Map;
import org.rpcbench.binding.Binding;

/**
 * Either half of the rmi pair: Java RMI as the JDK ships it (JRMP transport, Java serialization), the
 * "RMI" column of seed 003. Nothing is tuned beyond what the harness requires: a server bound to one
 * address, bounded client calls, and a deserialization allowlist on the server.
 */
public abstract class RmiBinding implements Binding {

    /** The registry name the service is bound under. */
    public static final String REGISTRY_NAME = "rpc-bench/UserService";

    /**
     * What the server deserializes for its service: the classes the arguments of createUser, echoPerson,
     * echoPersons (a HashMap of persons) and say are made of (Strings need no class check; getUser and
     * listUser take primitives, ping nothing). ArrayList checks its backing array as Object[], whose element type a pattern filter
     * matches as java.lang.Object; HashMap checks the table it is about to make as Map.Entry[], so the filter
     * sees java.util.Map$Entry; User's LocalDate and LocalDateTime arrive as java.time.Ser, the JDK's
     * serialized form of every java.time value, and the filter then sees the class Ser resolves to, which
     * must be one of those two; Long is the element type of BenchmarkMessage.field5. Page is never an
     * argument, so it is not accepted.
     * Everything else is rejected ("!*"), and the limits stop oversized graphs early. maxbytes does not
     * bound echo's text: RMI reads a String argument without consulting the filter.
     */
    public static final String SERIAL_FILTER = "org.rpcbench.contract.User;java.time.Ser;java.time.LocalDate;java.time.LocalDateTime;"
            + "org.rpcbench.contract.Person;org.rpcbench.contract.Address;org.rpcbench.contract.BenchmarkMessage;"
            + "java.util.ArrayList;java.util.HashMap;java.util.Map$Entry;java.lang.Integer;java.lang.Long;java.lang.Number;java.lang.Object;"
            + "maxdepth=8;maxrefs=256;maxarray=1024;maxbytes=65536;!*";

    @Override
    public final Map<String, String> settings() {
        Map<String, String> s = new LinkedHashMap<>();
        s.put("framework", "Java RMI (JDK)");
        s.put("frameworkVersion", ModuleLayer.boot().findModule("java.rmi")
                .flatMap(m -> m.getDescriptor().rawVersion()).orElse(Runtime.version().toString()));
        s.put("protocol", "JRMP (RMI's stream protocol over TCP)");
        s.put("serialization", "Java serialization (a fresh object stream per call)");
        s.put("registry", "an RMI registry on the server's own address and port, sharing its listening socket;"
                + " the client looks the service up once, at connect");
        s.put("serverAddress", "server socket factory bound to the given host only; java.rmi.server.hostname set to it,"
                + " so the stub names it");
        s.put("serverThreads", "RMI default: one thread per client connection, from an unbounded cached pool");
        s.put("connections", "RMI default: a pool per server endpoint, one TCP connection per concurrent call"
                + " (JRMP carries one call at a time; up to one per client thread), idle ones reused and closed after "
                + Long.getLong("sun.rmi.transport.connectionTimeout", 15_000) + " ms; a connection idle longer than its"
                + " last measured round trip (5 ms at first) is pinged before reuse");
        s.put("callTimeout", "the client's timeout as connect timeout and socket read timeout on every RMI connection"
                + " of the client JVM (RMISocketFactory; caps RMI's 60 s handshake wait too)");
        s.put("serialFilter", SERIAL_FILTER + " (server, for the service's arguments; the registry keeps the JDK's own)");
        s.put("logLevel", "JDK defaults: RMI logs nothing in normal operation, only its own failures at WARNING");
        return s;
    }

}
