package org.rpcbench.rmi;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.rmi.server.RMISocketFactory;

/**
 * The client JVM's RMI socket factory: every connection RMI opens (registry lookup, calls, distributed
 * GC) connects within the timeout and never waits longer than it for a byte. The server exports its
 * stub without a client socket factory of its own, so RMI uses this one, installed JVM-wide as RMI
 * provides; the latest connect's timeout applies to every connection opened after it, as RMI's
 * connections are pooled JVM-wide too.
 *
 * <p>RMI sets a read timeout of its own on new connections (60 s for the handshake, then the one this
 * factory set); {@link CappedSocket} keeps every such setting at or below the limit.
 */
final class BoundedSockets extends RMISocketFactory {
    private static final BoundedSockets INSTANCE = new BoundedSockets();

    private volatile int timeoutMillis = 5000;

    private BoundedSockets() {}

    static synchronized void install(int timeoutMillis) throws IOException {
        INSTANCE.timeoutMillis = timeoutMillis;
        RMISocketFactory current = RMISocketFactory.getSocketFactory();
        if (current == null) {
            RMISocketFactory.setSocketFactory(INSTANCE);
        } else if (current != INSTANCE) {
            throw new IllegalStateException("another RMI socket factory is installed in this JVM: " + current);
        }
    }

    @Override
    public Socket createSocket(String host, int port) throws IOException {
        int limit = timeoutMillis;
        Socket socket = new CappedSocket(limit);
        try {
            socket.connect(new InetSocketAddress(host, port), limit);
            socket.setSoTimeout(limit);
        } catch (IOException e) {
            socket.close();
            throw e;
        }
        return socket;
    }

    /** The client exports nothing; a server with no factory of its own must not listen through this one. */
    @Override
    public ServerSocket createServerSocket(int port) throws IOException {
        throw new IOException("the rmi pair's client socket factory opens no listening sockets");
    }

    /** A socket whose read timeout is never unlimited nor above the limit, whoever sets it. */
    private static final class CappedSocket extends Socket {
        private final int limit;

        CappedSocket(int limit) {
            this.limit = limit;
        }

        @Override
        public synchronized void setSoTimeout(int timeout) throws SocketException {
            super.setSoTimeout(timeout == 0 || timeout > limit ? limit : timeout);
        }
    }
}
