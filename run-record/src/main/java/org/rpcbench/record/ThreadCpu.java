package org.rpcbench.record;

/**
 * The CPU time a process's threads spent in a window, in nanoseconds, by what the threads do: the service
 * (its I/O and handler threads, and whatever else is not one of the others), the JIT compilers, the
 * garbage collector, and the runtime's own housekeeping with rpc-bench's meter threads ("other"). Read per
 * thread, so that a change in how much the JIT or the GC worked does not read as the service's cost.
 *
 * @param threadsEnded threads that were running at the window's start and had ended by its end: the CPU
 *     they spent in the window before they ended is in none of the figures (Linux keeps no trace of an
 *     ended thread that can be read from outside); see the meter that reads them for why this is small
 */
public record ThreadCpu(long serviceNanos, long jitNanos, long gcNanos, long otherNanos, int threadsEnded) {

    public ThreadCpu plus(ThreadCpu o) {
        return new ThreadCpu(serviceNanos + o.serviceNanos, jitNanos + o.jitNanos, gcNanos + o.gcNanos,
                otherNanos + o.otherNanos, threadsEnded + o.threadsEnded);
    }

    /** A part by the name used in per-call metric names: "Service", "Jit", "Gc" or "Other". */
    public long nanos(String part) {
        return switch (part) {
            case "Service" -> serviceNanos;
            case "Jit" -> jitNanos;
            case "Gc" -> gcNanos;
            case "Other" -> otherNanos;
            default -> throw new IllegalArgumentException("no thread CPU part " + part);
        };
    }

    /** The sum of both, null when either is unknown: a sum over part of the windows would understate. */
    public static ThreadCpu add(ThreadCpu a, ThreadCpu b) {
        return a == null || b == null ? null : a.plus(b);
    }
}
