package org.rpcbench.client;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.rpcbench.binding.ClientBinding;
import org.rpcbench.binding.Connection;
import org.rpcbench.binding.Exchange;
import org.rpcbench.binding.Target;
import org.rpcbench.cases.Case;
import org.rpcbench.report.WireSize;

/**
 * Measures the bytes each case puts on the wire, both ways, through the binding itself: a loopback relay
 * in front of the server counts what passes while one connection makes the same calls one at a time.
 * What it counts is everything the protocol sends (framing, headers, serialized body), averaged over
 * many calls, after a few calls that pay for connection set-up.
 *
 * <p>This runs before the benchmark, on a connection of its own; nothing of it is on the measured path.
 * A protocol that reaches the server around the relay (RMI's stubs carry the server's own address)
 * shows no traffic, and its sizes are reported as not measured rather than as zero.
 */
public final class WireMeter implements AutoCloseable {
    static final int SETTLING_CALLS = 5;
    static final int COUNTED_CALLS = 100;

    private final ServerSocket listener;
    private final InetSocketAddress upstream;
    private final AtomicLong up = new AtomicLong();
    private final AtomicLong down = new AtomicLong();
    private final List<Socket> sockets = new ArrayList<>();

    /** A relay on a free loopback port to {@code upstream}. */
    public WireMeter(InetSocketAddress upstream) throws IOException {
        this.upstream = upstream;
        this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread acceptor = new Thread(this::accept, "rpc-bench-wire-accept");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    public int port() {
        return listener.getLocalPort();
    }

    /** Bytes from client to server so far. */
    public long upBytes() {
        return up.get();
    }

    /** Bytes from server to client so far. */
    public long downBytes() {
        return down.get();
    }

    /**
     * Sizes of every case, or a map holding null for the cases whose calls did not cross the relay.
     *
     * @throws Exception when the binding cannot connect through the relay or a call fails
     */
    public static Map<Case, WireSize> measure(ClientBinding binding, Target target, List<Case> cases) throws Exception {
        Map<Case, WireSize> sizes = new LinkedHashMap<>();
        try (WireMeter meter = new WireMeter(new InetSocketAddress(target.host(), target.port()));
             Connection connection = binding.connect(new Target("127.0.0.1", meter.port(), target.timeoutMillis()))) {
            for (Case c : cases) {
                sizes.put(c, meter.size(connection, c));
            }
        }
        return sizes;
    }

    WireSize size(Connection connection, Case c) throws Exception {
        Exchange[] exchanges = new Exchange[UserServiceBenchmark.REQUESTS_PER_THREAD];
        for (int i = 0; i < exchanges.length; i++) {
            exchanges[i] = connection.prepare(c, i);
        }
        for (int i = 0; i < SETTLING_CALLS; i++) {
            call(exchanges[i % exchanges.length]);
        }
        long upBefore = up.get();
        long downBefore = down.get();
        for (int i = 0; i < COUNTED_CALLS; i++) {
            call(exchanges[i % exchanges.length]);
        }
        long sent = up.get() - upBefore;
        long received = down.get() - downBefore;
        if (sent == 0 || received == 0) {
            return null;
        }
        return new WireSize((double) sent / COUNTED_CALLS, (double) received / COUNTED_CALLS);
    }

    private static void call(Exchange exchange) throws Exception {
        String problem = exchange.check(exchange.call());
        if (problem != null) {
            throw new IllegalStateException("wrong answer while measuring sizes: " + problem);
        }
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
                pump(client.getInputStream(), server.getOutputStream(), up);
                pump(server.getInputStream(), client.getOutputStream(), down);
            } catch (IOException e) {
                close(client);
            }
        }
    }

    /** Counts before forwarding: once the client has its answer, the answer's bytes are counted. */
    private static void pump(InputStream in, OutputStream out, AtomicLong counter) {
        Thread t = new Thread(() -> {
            byte[] buffer = new byte[64 * 1024];
            try {
                for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                    counter.addAndGet(n);
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
        }, "rpc-bench-wire-pump");
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
        sockets.forEach(WireMeter::close);
    }
}
