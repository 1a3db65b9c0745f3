package org.rpcbench.server;

import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Publishes the bytes this server's threads have allocated in its JVM's own performance counters (the
 * memory-mapped file jstat reads), as {@value #COUNTER}, refreshed every {@value #PERIOD_MILLIS} ms, so
 * that a client on this machine reads the server's allocation per call the way it reads its GC: from
 * outside, without a request. It needs {@code --add-exports java.base/jdk.internal.perf} (every server
 * jar's manifest has it); without it, or without per-thread allocation accounting, nothing is published
 * and the server's allocation reads "not measured".
 */
final class AllocationCounter {
    static final String COUNTER = "rpcbench.allocatedBytes";
    static final long PERIOD_MILLIS = 10;
    /** jdk.internal.perf.Perf's variability V_Monotonic and unit U_Bytes. */
    private static final int MONOTONIC = 3;
    private static final int BYTES = 2;

    private AllocationCounter() {}

    /** Starts publishing; false (and nothing started) when this JVM does not allow it. */
    static boolean start() {
        if (!(ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean threads)
                || !threads.isThreadAllocatedMemorySupported() || !threads.isThreadAllocatedMemoryEnabled()) {
            return false;
        }
        ByteBuffer counter;
        try {
            Class<?> perf = Class.forName("jdk.internal.perf.Perf");
            Object instance = perf.getMethod("getPerf").invoke(null);
            counter = (ByteBuffer) perf.getMethod("createLong", String.class, int.class, int.class, long.class)
                    .invoke(instance, COUNTER, MONOTONIC, BYTES, threads.getTotalThreadAllocatedBytes());
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            return false;
        }
        counter.order(java.nio.ByteOrder.nativeOrder());
        Thread t = new Thread(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                counter.putLong(0, threads.getTotalThreadAllocatedBytes());
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(PERIOD_MILLIS));
            }
        }, "rpc-bench-allocation-counter");
        t.setDaemon(true);
        t.start();
        return true;
    }
}
