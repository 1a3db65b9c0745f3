package org.rpcbench.httpjson;

import java.net.InetAddress;
import java.net.ServerSocket;
import org.rpcbench.server.RunningServer;

/** This pair's server (Dubbo's HTTP server) on a free loopback port, for the tests that talk to it directly. */
record LoopbackServer(RunningServer server, int port) implements AutoCloseable {
    static LoopbackServer start() throws Exception {
        int port;
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = free.getLocalPort();
        }
        return new LoopbackServer(new HttpJsonServer().start("127.0.0.1", port), port);
    }

    @Override
    public void close() {
        server.close();
    }
}
