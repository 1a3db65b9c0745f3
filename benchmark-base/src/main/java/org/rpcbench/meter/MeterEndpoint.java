package org.rpcbench.meter;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The server's side of {@link MeterProtocol}: answers the requests of any number of clients, each on a
 * thread of its own, from one {@link Meter} of this process. Its threads are named {@value #THREAD} (the
 * harness's prefix: their CPU counts as "other", not as the service's). Closing it stops listening and
 * closes every connection.
 */
public final class MeterEndpoint implements AutoCloseable {
    static final String THREAD = ThreadKind.HARNESS_PREFIX + "meter";

    private final ServerSocket listener;
    private final Meter meter;
    private final NodeIdentity self;
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    /** Set before the listener closes: a connection accept() hands over after it is closed at once, never served. */
    private volatile boolean closed;

    private MeterEndpoint(ServerSocket listener, Meter meter, NodeIdentity self) {
        this.listener = listener;
        this.meter = meter;
        this.self = self;
    }

    /**
     * Listens on {@code host:port} (port 0: a free one) and answers from now on.
     *
     * @throws IOException when the address cannot be bound (a {@link java.net.BindException} for a busy port)
     */
    public static MeterEndpoint start(String host, int port, Meter meter, NodeIdentity self) throws IOException {
        ServerSocket listener = new ServerSocket();
        try {
            listener.setReuseAddress(true);
            listener.bind(new InetSocketAddress(host, port));
        } catch (IOException | RuntimeException e) {
            listener.close();
            throw e;
        }
        MeterEndpoint endpoint = new MeterEndpoint(listener, meter, self);
        Thread accept = new Thread(endpoint::accept, THREAD);
        accept.setDaemon(true);
        accept.start();
        return endpoint;
    }

    /** The port listened on. */
    public int port() {
        return listener.getLocalPort();
    }

    private void accept() {
        while (!listener.isClosed()) {
            try {
                Socket s = listener.accept();
                open.add(s);
                // a thread blocked in accept() holds the listening socket until it returns, so a connection can
                // still arrive while close() runs: it is closed here or by close(), whichever sees it second
                if (closed) {
                    open.remove(s);
                    s.close();
                    continue;
                }
                s.setTcpNoDelay(true);
                Thread t = new Thread(() -> serve(s), THREAD + "-" + s.getPort());
                t.setDaemon(true);
                t.start();
            } catch (IOException e) {
                // closed, or one failed accept: the loop's condition tells
            }
        }
    }

    private void serve(Socket s) {
        try (s; InputStream in = s.getInputStream(); OutputStream out = new BufferedOutputStream(s.getOutputStream())) {
            while (true) {
                String request;
                try {
                    request = MeterProtocol.readLine(in);
                } catch (MeterProtocol.ProtocolException e) {
                    write(out, List.of("error " + e.getMessage(), MeterProtocol.END));
                    return;
                }
                if (request == null) {
                    return;
                }
                write(out, MeterProtocol.answer(request, meter, self));
            }
        } catch (IOException e) {
            // the client went away
        } finally {
            open.remove(s);
        }
    }

    private static void write(OutputStream out, List<String> lines) throws IOException {
        StringBuilder b = new StringBuilder();
        lines.forEach(l -> b.append(l).append('\n'));
        out.write(b.toString().getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    @Override
    public void close() {
        closed = true;
        try {
            listener.close();
        } catch (IOException e) {
            // closing
        }
        for (Socket s : open) {
            try {
                s.close();
            } catch (IOException e) {
                // closing
            }
        }
    }
}
