package org.rpcbench.server;

/** A started server. Closing it stops listening and releases its threads; closing twice is harmless. */
public interface RunningServer extends AutoCloseable {
    @Override
    void close();
}
