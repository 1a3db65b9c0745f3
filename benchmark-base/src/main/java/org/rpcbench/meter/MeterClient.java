package org.rpcbench.meter;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * A server's meters read over its meter endpoint ({@link MeterProtocol}) on one connection kept open: a
 * reading costs a round trip and the server's own reading, as a local one costs the reading. Once the
 * connection fails, every later reading is unknown (-1, threads null), so that the window it would have
 * ended reads "not known", never a figure; the failure is said once, on the stream given.
 */
public final class MeterClient implements Meter, AutoCloseable {
    /** How long a reading may take before the meter counts as lost. */
    static final int READ_TIMEOUT_MILLIS = 10_000;

    private final MeterAddress address;
    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;
    private final NodeIdentity server;
    private final PrintStream complaints;
    private String failure;

    private MeterClient(MeterAddress address, Socket socket, NodeIdentity server, PrintStream complaints) throws IOException {
        this.address = address;
        this.socket = socket;
        this.in = socket.getInputStream();
        this.out = socket.getOutputStream();
        this.server = server;
        this.complaints = complaints;
    }

    /**
     * Connects and asks who the server is.
     *
     * @throws IOException when the meter cannot be reached or does not answer {@code hello} as the protocol says
     *     within {@code timeoutMillis}
     */
    public static MeterClient connect(MeterAddress address, int timeoutMillis, PrintStream complaints) throws IOException {
        Socket s = new Socket();
        try {
            s.connect(new InetSocketAddress(address.host(), address.port()), timeoutMillis);
            s.setTcpNoDelay(true);
            s.setSoTimeout(timeoutMillis);
            NodeIdentity who = MeterProtocol.parseHello(ask(s.getOutputStream(), s.getInputStream(), MeterProtocol.HELLO));
            s.setSoTimeout(READ_TIMEOUT_MILLIS);
            return new MeterClient(address, s, who, complaints);
        } catch (IOException | RuntimeException e) {
            s.close();
            throw e;
        }
    }

    /** Who answered: the server's node, CPU model, cores, pid and runtime. */
    public NodeIdentity server() {
        return server;
    }

    @Override
    public synchronized ProcessReading read() {
        if (failure == null) {
            try {
                return readOrFail();
            } catch (IOException e) {
                fail(e);
            }
        }
        return new ProcessReading(System.nanoTime(), -1, -1, -1, -1, -1, null);
    }

    /** A reading, or why there is none (nothing said, nothing given up: for a check before a run). */
    public synchronized ProcessReading readOrFail() throws IOException {
        return MeterProtocol.parseReading(ask(out, in, MeterProtocol.READ));
    }

    @Override
    public synchronized long jitNanos() {
        if (failure == null) {
            try {
                return MeterProtocol.parseJit(ask(out, in, MeterProtocol.JIT));
            } catch (IOException e) {
                fail(e);
            }
        }
        return -1;
    }

    /** Why the meter stopped answering, or null while it answers. */
    public synchronized String failure() {
        return failure;
    }

    @Override
    public synchronized String lost() {
        return failure == null ? null : "the server's meter at " + address + " failed (" + failure + ")";
    }

    private void fail(IOException e) {
        failure = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        complaints.println("rpc-bench client: " + lost() + ": the server's CPU, allocation and GC of this window on are not"
                + " known, and the case fails");
        close();
    }

    private static List<String> ask(OutputStream out, InputStream in, String request) throws IOException {
        out.write((request + "\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
        return MeterProtocol.readAnswer(in);
    }

    @Override
    public void close() {
        try {
            socket.close();
        } catch (IOException e) {
            // closing
        }
    }
}
