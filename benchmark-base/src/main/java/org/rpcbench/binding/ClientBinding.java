package org.rpcbench.binding;

/**
 * What a client module supplies: how to connect to a server of one protocol and serialization.
 * Registered under META-INF/services/org.rpcbench.binding.ClientBinding; the benchmarks, checks and
 * reporting around it are shared by every binding.
 */
public interface ClientBinding extends Binding {

    /**
     * Opens one connection to the server, shared by every benchmark thread. Throws when the server
     * cannot be reached within the target's timeout.
     */
    Connection connect(Target target) throws Exception;
}
