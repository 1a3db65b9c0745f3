package org.rpcbench.server;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Publishes the bytes this server's threads have allocated in its JVM's own performance counters (the
 * memory-mapped file jstat reads), as {@value #COUNTER}, refreshed every {@value #PERIOD_MILLIS} ms, so
 * that a client on this machine reads the server's allocation per call the way it reads its GC: from
 * outside, without a request. Beside it, {@value #STAMP} is the moment the total was taken
 * ({@code System.nanoTime}, one clock for every process of the machine), 0 while the two are rewritten:
 * a client interpolates between the samples on either side of its window's edge instead of taking a total
 * up to a period old (benchmark-base's org.rpcbench.meter.PublishedAllocation). It needs {@code --add-exports
 * java.base/jdk.internal.perf} (every server jar's manifest has it); without it, or without per-thread
 * allocation accounting, nothing is published and the server's allocation reads "not measured".
 */
final class AllocationCounter {
    static final String COUNTER = "rpcbench.allocatedBytes";
    static final String STAMP = "rpcbench.allocatedAtNanos";
    static final long PERIOD_MILLIS = 10;
    /** HotSpot's PerfData variability V_Variable, units U_Bytes and U_Ticks (the counters' labels for jstat and the like). */
    private static final int VARIABLE = 3;
    private static final int BYTES = 2;
    private static final int TICKS = 3;
    private static final VarHandle LONGS = MethodHandles.byteBufferViewVarHandle(long[].class, ByteOrder.nativeOrder());

    private AllocationCounter() {}

    /** Starts publishing; false (and nothing started) when this JVM does not allow it. */
    static boolean start() {
        if (!(ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean threads)
                || !threads.isThreadAllocatedMemorySupported() || !threads.isThreadAllocatedMemoryEnabled()) {
            return false;
        }
        ByteBuffer counter;
        ByteBuffer stamp;
        try {
            Class<?> perf = Class.forName("jdk.internal.perf.Perf");
            Object instance = perf.getMethod("getPerf").invoke(null);
            var createLong = perf.getMethod("createLong", String.class, int.class, int.class, long.class);
            counter = (ByteBuffer) createLong.invoke(instance, COUNTER, VARIABLE, BYTES, threads.getTotalThreadAllocatedBytes());
            stamp = (ByteBuffer) createLong.invoke(instance, STAMP, VARIABLE, TICKS, 0L);
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            return false;
        }
        counter.order(ByteOrder.nativeOrder());
        stamp.order(ByteOrder.nativeOrder());
        Thread t = new Thread(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                publish(counter, stamp, threads);
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(PERIOD_MILLIS));
            }
        }, "rpc-bench-allocation-counter");
        t.setDaemon(true);
        t.start();
        return true;
    }

    /**
     * One sample: the stamp is cleared before the total changes and set after it, each write ordered after
     * the one before, so that a reader who sees the same stamp on both sides of the total has a whole sample.
     */
    private static void publish(ByteBuffer counter, ByteBuffer stamp, com.sun.management.ThreadMXBean threads) {
        long from = System.nanoTime();
        long bytes = threads.getTotalThreadAllocatedBytes();
        long at = from + (System.nanoTime() - from) / 2;
        LONGS.setVolatile(stamp, 0, 0L);
        LONGS.setRelease(counter, 0, bytes);
        LONGS.setRelease(stamp, 0, at);
    }
}
