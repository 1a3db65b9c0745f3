package org.rpcbench.binding;

import java.io.ByteArrayOutputStream;
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
 * A loopback TCP relay that keeps the first bytes a client sends, so a test can see what actually
 * went on the wire (a protocol's magic, the serialization id in its header) instead of trusting the
 * configuration that asked for it.
 */
public final class TapProxy implements AutoCloseable {
    private static final int KEPT = 4096;

    private final ServerSocket listener;
    private final int upstreamPort;
    private ByteArrayOutputStream firstBytes = new ByteArrayOutputStream();
    private final List<Socket> sockets = new ArrayList<>();

    public TapProxy(int upstreamPort) throws IOException {
        this.upstreamPort = upstreamPort;
        this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread acceptor = new Thread(this::accept, "tap-accept");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    public int port() {
        return listener.getLocalPort();
    }

    /** The first bytes the latest client connection sent. */
    public synchronized byte[] firstClientBytes() {
        return firstBytes.toByteArray();
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
                server.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), upstreamPort), 3000);
                ByteArrayOutputStream opening = new ByteArrayOutputStream();
                synchronized (this) {
                    sockets.add(client);
                    sockets.add(server);
                    firstBytes = opening;
                }
                pump(client.getInputStream(), server.getOutputStream(), opening);
                pump(server.getInputStream(), client.getOutputStream(), null);
            } catch (IOException e) {
                // this connection failed; keep serving the next ones
                try {
                    client.close();
                } catch (IOException ignored) {
                    // already closed
                }
            }
        }
    }

    private void pump(InputStream in, OutputStream out, ByteArrayOutputStream tap) {
        Thread t = new Thread(() -> {
            byte[] buffer = new byte[8192];
            try {
                int n;
                while ((n = in.read(buffer)) >= 0) {
                    if (tap != null) {
                        synchronized (this) {
                            tap.write(buffer, 0, Math.min(n, Math.max(0, KEPT - tap.size())));
                        }
                    }
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
        }, "tap-pump");
        t.setDaemon(true);
        t.start();
    }

    @Override
    public synchronized void close() throws IOException {
        listener.close();
        for (Socket s : sockets) {
            s.close();
        }
    }
}
