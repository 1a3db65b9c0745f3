package org.rpcbench.rig;

import org.rpcbench.record.ProcessDelta;

/**
 * What a process had used by one moment, since it started: CPU time, bytes allocated, GC pauses, with the
 * wall clock ({@code System.nanoTime}) at the reading, and its threads' CPU. A figure that could not be
 * read is -1; threads not read are null.
 */
public record ProcessReading(long wallNanos, long cpuNanos, long allocBytes, long gcCount, long fullGcCount, long gcPauseNanos,
                             ThreadTimes threads) {

    /** A reading without the threads. */
    public ProcessReading(long wallNanos, long cpuNanos, long allocBytes, long gcCount, long fullGcCount, long gcPauseNanos) {
        this(wallNanos, cpuNanos, allocBytes, gcCount, fullGcCount, gcPauseNanos, null);
    }

    /** What the process used from {@code this} reading to {@code later}. */
    public ProcessDelta until(ProcessReading later) {
        return new ProcessDelta((later.wallNanos - wallNanos) / 1e9, diff(cpuNanos, later.cpuNanos),
                diff(allocBytes, later.allocBytes), diff(gcCount, later.gcCount), diff(fullGcCount, later.fullGcCount),
                diff(gcPauseNanos, later.gcPauseNanos),
                threads == null || later.threads == null ? null : threads.until(later.threads));
    }

    private static Long diff(long from, long to) {
        return from < 0 || to < 0 ? null : to - from;
    }
}
