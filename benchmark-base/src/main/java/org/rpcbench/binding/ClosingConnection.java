package org.rpcbench.binding;

/** A connection whose framework resources (client, channel, bootstrap) are released on close. */
abstract class ClosingConnection implements Connection {
    private final AutoCloseable resources;

    ClosingConnection(AutoCloseable resources) {
        this.resources = resources;
    }

    @Override
    public final void close() {
        try {
            resources.close();
        } catch (Exception e) {
            throw new IllegalStateException("closing the connection failed: " + e.getMessage(), e);
        }
    }
}
