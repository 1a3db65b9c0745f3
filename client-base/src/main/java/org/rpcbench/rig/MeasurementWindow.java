package org.rpcbench.rig;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.openjdk.jmh.infra.Control;
import org.rpcbench.meter.Meter;
import org.rpcbench.meter.ProcessReading;
import org.rpcbench.record.ProcessDelta;

/**
 * Reads both processes' meters at the edges of JMH's measured window, from a thread of its own, so that
 * CPU, allocation and GC cover the window JMH's score covers. JMH opens the window only once every
 * benchmark thread is running, and closes it before they stop, so an iteration's setup and teardown sit
 * outside it; this thread watches JMH's own flags instead. It sleeps through the middle of the window
 * and polls only near its edges, so it costs the client nothing worth counting.
 */
public final class MeasurementWindow {
    /** How often an edge is looked for: the readings are at most this late. */
    static final long POLL_NANOS = TimeUnit.MICROSECONDS.toNanos(200);
    /** How long before the expected close polling starts again. */
    static final long WAKE_EARLY_NANOS = TimeUnit.MILLISECONDS.toNanos(50);

    /**
     * What each process used inside the window; a side not read is null.
     *
     * @param serverLost why the server's meter, though given, was not read ({@link ServerUse}); null when it was, or none was given
     */
    public record Use(ProcessDelta client, ProcessDelta server, String serverLost) {
        static final Use UNKNOWN = new Use(null, null, null);

        /** The window's length, or NaN when it was not read. */
        public double seconds() {
            return client == null ? Double.NaN : client.seconds();
        }
    }

    private final Meter client;
    private final Meter server;
    private final long expectedNanos;
    private volatile Control edges;
    private volatile ProcessReading clientStart;
    private volatile ProcessReading serverStart;
    private volatile ProcessReading clientEnd;
    private volatile ProcessReading serverEnd;
    private final Thread watcher;

    /**
     * Starts watching for the window.
     *
     * @param server null when the server's meters cannot be read (no --server-pid, no --server-meter)
     * @param expectedNanos how long the window should stay open (the iteration's time)
     */
    public MeasurementWindow(Meter client, Meter server, long expectedNanos) {
        this.client = client;
        this.server = server;
        this.expectedNanos = expectedNanos;
        this.watcher = new Thread(this::watch, "rpc-bench-window");
        watcher.setDaemon(true);
        watcher.start();
    }

    /** Hands over JMH's window flags for this iteration; the first offer counts. */
    public void offer(Control jmhEdges) {
        if (edges == null) {
            edges = jmhEdges;
        }
    }

    private void watch() {
        if (!await(true)) {
            return;
        }
        long opened = System.nanoTime();
        clientStart = client.read();
        serverStart = server == null ? null : server.read();
        // from the window's opening: the readings themselves take milliseconds (every thread of both processes)
        long sleep = opened + expectedNanos - WAKE_EARLY_NANOS - System.nanoTime();
        if (sleep > 0) {
            LockSupport.parkNanos(sleep);
        }
        if (!await(false)) {
            return;
        }
        clientEnd = client.read();
        serverEnd = server == null ? null : server.read();
    }

    /** Polls until the window has opened (or closed); false when interrupted first. */
    private boolean await(boolean open) {
        while (!Thread.currentThread().isInterrupted()) {
            Control e = edges;
            if (e != null && (open ? e.startMeasurement : e.stopMeasurement)) {
                return true;
            }
            LockSupport.parkNanos(POLL_NANOS);
        }
        return false;
    }

    /**
     * What each process used in the window, once the window has closed; unknown when it never opened or
     * its edges were not seen in time. A server meter lost by then is said, whether or not the window was read.
     */
    public Use close() {
        try {
            // called once JMH has closed the window: a watcher that has not seen it open by now never will
            watcher.join(clientStart == null ? 20 : TimeUnit.NANOSECONDS.toMillis(WAKE_EARLY_NANOS) + 2_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        watcher.interrupt();
        ServerUse serverUse = ServerUse.between(server, serverStart, serverEnd);
        if (clientStart == null || clientEnd == null) {
            return new Use(null, null, serverUse.lost());
        }
        return new Use(Deltas.between(clientStart, clientEnd), serverUse.delta(), serverUse.lost());
    }
}
