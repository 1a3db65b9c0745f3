package org.rpcbench.server;

import java.util.Map;

/**
 * What a server module supplies: how to serve the contract with one protocol and serialization.
 * Registered under META-INF/services/org.rpcbench.server.ServerBinding.
 */
public interface ServerBinding {

    /** The pair's name, e.g. {@code dubbo-hessian}. */
    String name();

    /** The port used when none is given. */
    int defaultPort();

    /** Framework, protocol, serialization and the framework settings that matter for fairness. */
    Map<String, String> settings();

    /**
     * Starts serving on host:port and returns once the server accepts connections.
     * Failing to bind must surface as an exception whose cause chain holds a {@link java.net.BindException}.
     */
    RunningServer start(String host, int port) throws Exception;
}
