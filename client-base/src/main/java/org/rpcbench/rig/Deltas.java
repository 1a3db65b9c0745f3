package org.rpcbench.rig;

import org.rpcbench.meter.ProcessReading;
import org.rpcbench.meter.ThreadTimes;
import org.rpcbench.meter.ThreadUse;
import org.rpcbench.record.ProcessDelta;
import org.rpcbench.record.ThreadCpu;

/** What a process used between two of its meter's readings, as the run record holds it. */
public final class Deltas {
    private Deltas() {}

    /** What the process used from {@code from} to {@code to}; a figure either reading lacks is null. */
    public static ProcessDelta between(ProcessReading from, ProcessReading to) {
        return new ProcessDelta((to.wallNanos() - from.wallNanos()) / 1e9, diff(from.cpuNanos(), to.cpuNanos()),
                diff(from.allocBytes(), to.allocBytes()), diff(from.gcCount(), to.gcCount()), diff(from.fullGcCount(), to.fullGcCount()),
                diff(from.gcPauseNanos(), to.gcPauseNanos()), threads(from.threads(), to.threads()));
    }

    /** The threads' CPU from {@code from} to {@code to} by kind; null when either was not read. */
    public static ThreadCpu threads(ThreadTimes from, ThreadTimes to) {
        if (from == null || to == null) {
            return null;
        }
        ThreadUse u = from.until(to);
        return new ThreadCpu(u.serviceNanos(), u.jitNanos(), u.gcNanos(), u.otherNanos(), u.threadsEnded());
    }

    private static Long diff(long from, long to) {
        return from < 0 || to < 0 ? null : to - from;
    }
}
