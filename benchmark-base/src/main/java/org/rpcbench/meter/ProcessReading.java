package org.rpcbench.meter;

/**
 * What a process had used by one moment, since it started: CPU time, bytes allocated, GC pauses, with the
 * wall clock ({@code System.nanoTime}) at the reading, and its threads' CPU. A figure that could not be
 * read is -1; threads not read are null. A reading of another host's process (MeterProtocol) carries that
 * host's clock: only differences of its own readings' walls mean anything.
 */
public record ProcessReading(long wallNanos, long cpuNanos, long allocBytes, long gcCount, long fullGcCount, long gcPauseNanos,
                             ThreadTimes threads) {

    /** A reading without the threads. */
    public ProcessReading(long wallNanos, long cpuNanos, long allocBytes, long gcCount, long fullGcCount, long gcPauseNanos) {
        this(wallNanos, cpuNanos, allocBytes, gcCount, fullGcCount, gcPauseNanos, null);
    }
}
