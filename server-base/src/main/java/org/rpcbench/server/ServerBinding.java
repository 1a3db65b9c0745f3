package org.rpcbench.server;

import org.rpcbench.binding.Binding;

/**
 * What a server module supplies: how to serve the contract with one protocol and serialization.
 * Registered under META-INF/services/org.rpcbench.server.ServerBinding.
 */
public interface ServerBinding extends Binding {

    /**
     * Starts serving on host:port and returns once the server accepts connections.
     * Failing to bind must surface as an exception whose cause chain holds a {@link java.net.BindException}.
     */
    RunningServer start(String host, int port) throws Exception;
}
