package org.rpcbench.binding;

import org.rpcbench.cases.Operation;

/**
 * What a client module supplies: how to connect to a server of one protocol and serialization.
 * Registered under META-INF/services/org.rpcbench.binding.ClientBinding; the benchmarks, checks and
 * reporting around it are shared by every binding.
 */
public interface ClientBinding extends Binding {

    /**
     * Opens one connection to the server, this binding's whole client: shared by every benchmark thread, or,
     * when each thread has its own, one thread's. Throws when the server cannot be reached within the
     * target's timeout.
     */
    Connection connect(Target target) throws Exception;

    /**
     * Whether one connection from {@link #connect} is in truth one per thread that prepares on it (a
     * protocol that carries one call at a time, as Thrift's): then the shared mode has as many as threads.
     */
    default boolean connectionPerThread() {
        return false;
    }

    /**
     * Whether each {@link #connect} has a socket of its own, so that a caller with its own connection has a
     * TCP connection of its own (seeds 002's and 004's model). Not so where the framework pools sockets to a
     * host across the whole JVM, whatever its clients: then a connection per caller cannot be had.
     */
    default boolean socketPerConnect() {
        return true;
    }

    /**
     * Whether this pair carries an operation: every one where it calls the contract's Java interface; the
     * twinned ones only ({@link Operation#twinned()}) where it speaks an IDL twin of the contract (protobuf's,
     * Thrift's). The client refuses a case of an operation not carried, before it calls, in one line.
     */
    default boolean carries(Operation op) {
        return true;
    }

    /**
     * Whether a call that failed so is a known defect of the framework's that a new connection gets past (Dubbo's
     * HTTP/1 server losing an answer now and then): only such a failure earns the bytes-on-the-wire sizing another
     * connection. None does, unless the binding says so.
     */
    default boolean knownDefect(Exception failure) {
        return false;
    }
}
