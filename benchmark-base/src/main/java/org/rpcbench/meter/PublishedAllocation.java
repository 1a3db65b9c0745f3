package org.rpcbench.meter;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The bytes another process has allocated, as it publishes them in memory this process has mapped: a
 * running total, refreshed every 10 ms, and with it the moment the total was taken ({@code System.nanoTime}
 * in a JVM, {@code CLOCK_MONOTONIC} in Go: one clock for every process of this machine), or 0 while it is
 * being rewritten. A total alone is up to a period stale when read; with its moment, the total at any
 * moment is interpolated between the samples published on either side of it, so that allocation per
 * call covers the same window as the CPU read beside it. A publisher without moments (an older server) is
 * read as it stands.
 */
final class PublishedAllocation {
    /** How often a reading looks for the next sample. */
    static final long POLL_NANOS = TimeUnit.MICROSECONDS.toNanos(100);
    /** How long a reading waits for the next sample before it takes the last one as it stands (a stalled publisher). */
    static final long WAIT_NANOS = TimeUnit.MILLISECONDS.toNanos(50);

    /** A published total and the moment it was taken. */
    record Sample(long bytes, long atNanos) {}

    private final ByteBuffer buffer;
    private final VarHandle longs;
    private final int bytesAt;
    private final int stampAt;

    /**
     * @param bytesAt where the total is; {@code stampAt} where its moment is, or -1 when none is published
     */
    PublishedAllocation(ByteBuffer buffer, int bytesAt, int stampAt) {
        this.buffer = buffer;
        this.bytesAt = bytesAt;
        this.longs = MethodHandles.byteBufferViewVarHandle(long[].class, buffer.order());
        this.stampAt = stampAt >= 0 && aligned(stampAt) && aligned(bytesAt) ? stampAt : -1;
    }

    /** Ordered reads need 8-byte alignment; a file that lays its counters out otherwise is read without moments. */
    private boolean aligned(int at) {
        try {
            longs.getAcquire(buffer, at);
            return true;
        } catch (IllegalStateException | IndexOutOfBoundsException e) {
            return false;
        }
    }

    boolean stamped() {
        return stampAt >= 0;
    }

    /** The last sample published, whole: never a total of one update with the moment of another. Null when stamps are not published or a writer kept it busy. */
    Sample sample() {
        if (stampAt < 0) {
            return null;
        }
        for (int tries = 0; tries < 1000; tries++) {
            long before = (long) longs.getAcquire(buffer, stampAt);
            long bytes = (long) longs.getAcquire(buffer, bytesAt);
            long after = (long) longs.getAcquire(buffer, stampAt);
            if (before != 0 && before == after) {
                return new Sample(bytes, before);
            }
            Thread.onSpinWait();
        }
        return null;
    }

    /** The total as it stands, whatever its moment. */
    long latest() {
        return buffer.getLong(bytesAt);
    }

    /**
     * The total at {@code nanos}, from {@code before}, a sample read before that moment: waits for the
     * first sample taken at or after it (at most a period, as the publisher runs) and interpolates.
     * Without samples, the total as it stands.
     */
    long at(long nanos, Sample before) {
        if (before == null) {
            Sample now = sample();
            return now == null ? latest() : now.bytes();
        }
        Sample last = before;
        long deadline = System.nanoTime() + WAIT_NANOS;
        while (true) {
            Sample next = sample();
            if (next != null && next.atNanos() > last.atNanos()) {
                if (next.atNanos() >= nanos) {
                    return interpolate(last, next, nanos);
                }
                last = next;
            }
            if (System.nanoTime() > deadline) {
                return last.bytes();
            }
            LockSupport.parkNanos(POLL_NANOS);
        }
    }

    static long interpolate(Sample a, Sample b, long nanos) {
        if (nanos <= a.atNanos()) {
            return a.bytes();
        }
        double share = (double) (nanos - a.atNanos()) / (b.atNanos() - a.atNanos());
        return a.bytes() + Math.round((b.bytes() - a.bytes()) * share);
    }
}
