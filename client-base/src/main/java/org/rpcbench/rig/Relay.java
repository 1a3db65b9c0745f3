package org.rpcbench.rig;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;

/**
 * A TCP relay on a free loopback port in front of a server: whatever a client sends it, it forwards, and
 * the same back. A {@link Tap} sees every chunk that passes, before it is forwarded, so a reader of the
 * tap knows of bytes no later than their receiver does. For looking at a protocol from outside it: its
 * size per call, its first bytes. Never on a measured path.
 */
public final class Relay implements AutoCloseable {

    /** Sees what passes through the relay. Called from the relay's threads. */
    public interface Tap {
        /** A client connected; what passes next belongs to this connection. */
        default void opened() {}

        /** {@code length} bytes of {@code chunk} went to the server ({@code toServer}) or back. */
        void passed(boolean toServer, byte[] chunk, int length);
    }

    private final ServerSocket listener;
    private final InetSocketAddress upstream;
    private final Tap tap;
    private final List<Socket> sockets = new ArrayList<>();

    public Relay(InetSocketAddress upstream, Tap tap) throws IOException {
        this.upstream = upstream;
        this.tap = tap;
        this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread acceptor = new Thread(this::accept, "rpc-bench-relay-accept");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    public int port() {
        return listener.getLocalPort();
    }

    private void accept() {
        while (!listener.isClosed()) {
            Socket client;
            try {
                client = listener.accept();
            } catch (IOException e) {
                return; // closed
            }
            try {
                Socket server = new Socket();
                synchronized (this) {
                    sockets.add(client);
                    sockets.add(server);
                }
                server.connect(upstream, 5_000);
                server.setTcpNoDelay(true);
                client.setTcpNoDelay(true);
                tap.opened();
                pump(client.getInputStream(), server.getOutputStream(), true);
                pump(server.getInputStream(), client.getOutputStream(), false);
            } catch (IOException e) {
                close(client); // this connection failed; keep serving the next ones
            }
        }
    }

    private void pump(InputStream in, OutputStream out, boolean toServer) {
        Thread t = new Thread(() -> {
            byte[] buffer = new byte[64 * 1024];
            try {
                for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                    tap.passed(toServer, buffer, n);
                    out.write(buffer, 0, n);
                    out.flush();
                }
            } catch (IOException e) {
                // either side closed
            } finally {
                try {
                    out.close();
                } catch (IOException e) {
                    // already closed
                }
            }
        }, "rpc-bench-relay-pump");
        t.setDaemon(true);
        t.start();
    }

    private static void close(Socket s) {
        try {
            s.close();
        } catch (IOException e) {
            // already closed
        }
    }

    @Override
    public synchronized void close() {
        try {
            listener.close();
        } catch (IOException e) {
            // already closed
        }
        sockets.forEach(Relay::close);
    }
}
