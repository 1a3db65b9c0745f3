package org.rpcbench.record;

/**
 * What a process used between two readings: wall time, CPU, bytes allocated, GC pauses, and its threads'
 * CPU by what they do. A part that could not be read is null, and stays null in any sum it enters: a sum
 * over part of the windows would understate.
 *
 * @param cpuNanos the whole process's CPU, in the 10 ms ticks Linux counts a process's time in
 * @param threads the process's threads' CPU, read per thread to the nanosecond
 */
public record ProcessDelta(double seconds, Long cpuNanos, Long allocBytes, Long gcCount, Long fullGcCount, Long gcPauseNanos,
                           ThreadCpu threads) {

    /** A delta whose threads were not read. */
    public ProcessDelta(double seconds, Long cpuNanos, Long allocBytes, Long gcCount, Long fullGcCount, Long gcPauseNanos) {
        this(seconds, cpuNanos, allocBytes, gcCount, fullGcCount, gcPauseNanos, null);
    }

    public ProcessDelta plus(ProcessDelta o) {
        return new ProcessDelta(seconds + o.seconds, add(cpuNanos, o.cpuNanos), add(allocBytes, o.allocBytes),
                add(gcCount, o.gcCount), add(fullGcCount, o.fullGcCount), add(gcPauseNanos, o.gcPauseNanos),
                ThreadCpu.add(threads, o.threads));
    }

    /** The sum of these deltas, or null when there are none. */
    public static ProcessDelta sum(Iterable<ProcessDelta> deltas) {
        ProcessDelta total = null;
        for (ProcessDelta d : deltas) {
            if (d != null) {
                total = total == null ? d : total.plus(d);
            }
        }
        return total;
    }

    private static Long add(Long a, Long b) {
        return a == null || b == null ? null : a + b;
    }
}
