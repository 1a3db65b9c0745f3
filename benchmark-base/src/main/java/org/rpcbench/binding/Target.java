package org.rpcbench.binding;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;

/**
 * Where the server is and how long a call may take before it counts as failed.
 *
 * @param timeoutMillis the limit for connecting and for each call
 */
public record Target(String host, int port, int timeoutMillis) {

    /**
     * Opens one plain TCP connection and closes it: throws at once (ConnectException: Connection refused)
     * when nothing listens there. For frameworks that would otherwise wait out their whole connect timeout
     * (Dubbo's Triple) or bury the refusal in their own message (Motan's "no available referers").
     */
    public void probe() throws IOException {
        try (Socket probe = new Socket()) {
            probe.connect(new InetSocketAddress(host, port), timeoutMillis);
        }
    }

    @Override
    public String toString() {
        return host + ":" + port;
    }
}
