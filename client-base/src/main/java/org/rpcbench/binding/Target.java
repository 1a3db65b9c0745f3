package org.rpcbench.binding;

/**
 * Where the server is and how long a call may take before it counts as failed.
 *
 * @param timeoutMillis the limit for connecting and for each call
 */
public record Target(String host, int port, int timeoutMillis) {
    @Override
    public String toString() {
        return host + ":" + port;
    }
}
