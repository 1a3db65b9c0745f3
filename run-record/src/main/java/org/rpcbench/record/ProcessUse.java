package org.rpcbench.record;

/**
 * What one process used over the measured windows of a case: CPU as a share of one core, GC pauses and
 * the wall time the windows covered. A figure that could not be read is unknown (null, NaN).
 */
public record ProcessUse(double cpuPercentOfCore, Long gcCount, Long fullGcCount, double gcPauseMs, double seconds) {

    /** The sum of a process's deltas over windows; null when no window measured it. */
    public static ProcessUse of(Iterable<ProcessDelta> deltas) {
        ProcessDelta total = ProcessDelta.sum(deltas);
        if (total == null || !(total.seconds() > 0)) {
            return null;
        }
        return new ProcessUse(total.cpuNanos() == null ? Double.NaN : 100.0 * total.cpuNanos() / (total.seconds() * 1e9),
                total.gcCount(), total.fullGcCount(), total.gcPauseNanos() == null ? Double.NaN : total.gcPauseNanos() / 1e6,
                total.seconds());
    }
}
