package org.rpcbench.binding;

import java.util.Map;

/**
 * What a client module supplies: how to connect to a server of one protocol and serialization.
 * Registered under META-INF/services/org.rpcbench.binding.ClientBinding; the benchmarks, checks and
 * reporting around it are shared by every binding.
 */
public interface ClientBinding {

    /** The pair's name, e.g. {@code dubbo-hessian}; the same as its server's. */
    String name();

    /** The port its server uses when none is given. */
    int defaultPort();

    /** Framework, protocol, serialization and the framework settings that matter for fairness. */
    Map<String, String> settings();

    /**
     * Opens one connection to the server, shared by every benchmark thread. Throws when the server
     * cannot be reached within the target's timeout.
     */
    Connection connect(Target target) throws Exception;
}
