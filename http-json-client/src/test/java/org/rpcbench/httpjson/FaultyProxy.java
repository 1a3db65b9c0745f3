package org.rpcbench.httpjson;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * An HTTP/1.1 proxy in front of Dubbo's server that misbehaves, on demand, in the ways a server can: the
 * defect as Dubbo's server shows it on the wire ({@link Http1DefectReproductionTest}: one answer's body sent
 * without its status line and headers, the connection kept open and the next request on it answered), a hang
 * (nothing answered any more, connections kept open), a deadlock (the threads that serve requests wait for
 * each other, and every later request for them), or a crash (every connection closed, no answer, nothing
 * listening). The answers themselves are Dubbo's, so the client's checks pass until a fault is armed. Each
 * request goes to Dubbo in one write, which keeps Dubbo's own defect rarer than it is with the JDK's writes.
 */
final class FaultyProxy implements AutoCloseable {

    enum Fault {
        /** Answers as Dubbo answers. */
        NONE,
        /** The next answer goes out as its body alone; the connection stays open and the one after is whole. */
        HEADERLESS_ONCE,
        /** Nothing is answered any more; connections stay open. */
        HANG,
        /** The threads serving requests deadlock: two wait for each other, every later request for them. */
        DEADLOCK,
        /** Every connection is closed at once, without an answer, and nothing listens any more. */
        CRASH
    }

    private final int upstreamPort;
    private final ServerSocket listening;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private final AtomicBoolean headerlessArmed = new AtomicBoolean();
    private final CountDownLatch hung = new CountDownLatch(1);
    private volatile Fault fault = Fault.NONE;
    private final Object lockA = new Object();
    private final Object lockB = new Object();
    private final java.util.concurrent.atomic.AtomicInteger deadlocking = new java.util.concurrent.atomic.AtomicInteger();
    private final CountDownLatch bothLocked = new CountDownLatch(2);
    /** Connections the client closed while the proxy still had them open (the client closed first). */
    final List<String> closedByClient = new CopyOnWriteArrayList<>();

    FaultyProxy(int upstreamPort) throws IOException {
        this.upstreamPort = upstreamPort;
        this.listening = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread acceptor = new Thread(this::accept, "faulty-proxy-accept");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    int port() {
        return listening.getLocalPort();
    }

    void arm(Fault f) throws IOException {
        fault = f;
        if (f == Fault.HEADERLESS_ONCE) {
            headerlessArmed.set(true);
        } else if (f == Fault.CRASH) {
            listening.close();
            for (Socket s : sockets) {
                s.close();
            }
        }
    }

    private void accept() {
        try {
            while (true) {
                Socket client = listening.accept();
                sockets.add(client);
                Thread t = new Thread(() -> serve(client), "faulty-proxy-" + client.getPort());
                t.setDaemon(true);
                t.start();
            }
        } catch (IOException e) {
            // closed
        }
    }

    private void serve(Socket client) {
        try (client; Socket upstream = new Socket(InetAddress.getLoopbackAddress(), upstreamPort)) {
            sockets.add(upstream);
            client.setTcpNoDelay(true);
            upstream.setTcpNoDelay(true);
            InputStream fromClient = client.getInputStream();
            OutputStream toClient = client.getOutputStream();
            InputStream fromUpstream = upstream.getInputStream();
            OutputStream toUpstream = upstream.getOutputStream();
            while (true) {
                Message request = Message.read(fromClient);
                if (request == null) {
                    if (fault != Fault.CRASH) {
                        closedByClient.add("port " + client.getPort());
                    }
                    return;
                }
                if (fault == Fault.HANG) {
                    hung.await();
                } else if (fault == Fault.DEADLOCK) {
                    deadlock();
                }
                byte[] whole = new byte[request.head().length + request.body().length];
                System.arraycopy(request.head(), 0, whole, 0, request.head().length);
                System.arraycopy(request.body(), 0, whole, request.head().length, request.body().length);
                toUpstream.write(whole);
                toUpstream.flush();
                Message answer = Message.read(fromUpstream);
                if (answer == null || fault == Fault.CRASH) {
                    return;
                }
                if (fault == Fault.HANG) {
                    hung.await();
                }
                if (headerlessArmed.compareAndSet(true, false)) {
                    toClient.write(answer.body());
                } else {
                    toClient.write(answer.head());
                    toClient.write(answer.body());
                }
                toClient.flush();
            }
        } catch (IOException | InterruptedException e) {
            // the connection ended
        }
    }

    /** Two threads take the locks in opposite orders and wait for each other; every later one waits for them. */
    private void deadlock() throws InterruptedException {
        boolean first = deadlocking.getAndIncrement() % 2 == 0;
        Object mine = first ? lockA : lockB;
        Object theirs = first ? lockB : lockA;
        synchronized (mine) {
            bothLocked.countDown();
            bothLocked.await();
            synchronized (theirs) {
                hung.await();
            }
        }
    }

    /** A request or an answer: its start line and headers (through the blank line) and its body. */
    record Message(byte[] head, byte[] body) {
        /** The next message on the stream, or null at its end; a body by Content-Length only (what both sides send). */
        static Message read(InputStream in) throws IOException {
            ByteArrayOutputStream head = new ByteArrayOutputStream();
            int matched = 0;
            while (matched < 4) {
                int b = in.read();
                if (b < 0) {
                    return null;
                }
                head.write(b);
                matched = (b == "\r\n\r\n".charAt(matched)) ? matched + 1 : (b == '\r' ? 1 : 0);
            }
            String text = head.toString(StandardCharsets.ISO_8859_1).toLowerCase(Locale.ROOT);
            int at = text.indexOf("content-length:");
            int length = at < 0 ? 0 : Integer.parseInt(text.substring(at + 15, text.indexOf('\r', at)).trim());
            byte[] body = in.readNBytes(length);
            return body.length < length ? null : new Message(head.toByteArray(), body);
        }
    }

    @Override
    public void close() throws IOException {
        hung.countDown();
        listening.close();
        for (Socket s : sockets) {
            s.close();
        }
    }
}
