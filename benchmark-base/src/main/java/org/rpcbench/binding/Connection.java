package org.rpcbench.binding;

import org.rpcbench.cases.Case;

/** One connection to a server, from which each benchmark thread prepares its requests. */
public interface Connection extends AutoCloseable {

    /**
     * Prepares request number {@code seq} of a case: everything but the call itself is built here,
     * before measurement, including the expected answer the check compares against. An exchange may
     * belong to the thread that prepared it (thrift's use that thread's own connection), so the rig calls
     * it only on that thread.
     */
    Exchange prepare(Case c, int seq);

    @Override
    void close();
}
