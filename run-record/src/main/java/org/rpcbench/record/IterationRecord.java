package org.rpcbench.record;

/**
 * One measured iteration of one fork: the score JMH gave it, what the client counted in the same window,
 * and what each side used in it. The run is the unit of replication; iterations are kept so that leading
 * ones below steady state can be told apart and left out, and so that statistics can resample them
 * within a run.
 *
 * @param score calls completed per second in the window, answered or failed, as JMH's Throughput counts
 * @param serverCpuNanos the whole server process's CPU, in 10 ms ticks
 * @param serverThreadCpu the server's threads' CPU by what they do, to the nanosecond; null when not read
 *     (records written before it was, a server on another host)
 */
public record IterationRecord(int fork, int index, double seconds, double score, long calls, long errors,
                              Long serverCpuNanos, Long clientCpuNanos, Long serverAllocBytes, Long clientAllocBytes,
                              Percentiles latencyMs, ThreadCpu serverThreadCpu, ThreadCpu clientThreadCpu) {

    /** An iteration whose threads were not read. */
    public IterationRecord(int fork, int index, double seconds, double score, long calls, long errors, Long serverCpuNanos,
                           Long clientCpuNanos, Long serverAllocBytes, Long clientAllocBytes, Percentiles latencyMs) {
        this(fork, index, seconds, score, calls, errors, serverCpuNanos, clientCpuNanos, serverAllocBytes, clientAllocBytes,
                latencyMs, null, null);
    }

    /** An iteration's latency in ms, from its own histogram. */
    public record Percentiles(double p50, double p90, double p99, double max) {
        public static Percentiles of(Latency l) {
            return new Percentiles(l.p50(), l.p90(), l.p99(), l.max());
        }
    }

    /** Calls answered right per second: the score scaled by the share of the window's calls answered right. */
    public double answeredPerSecond() {
        long all = calls + errors;
        return all == 0 ? 0 : score * calls / all;
    }

    /** This iteration's cost per call answered right, by per-call metric name (see {@link PerCall#get}). */
    public double perCall(String metric) {
        Long total = switch (metric) {
            case "serverCpuMicros" -> serverCpuNanos;
            case "clientCpuMicros" -> clientCpuNanos;
            case "serverAllocBytes" -> serverAllocBytes;
            case "clientAllocBytes" -> clientAllocBytes;
            default -> threadNanos(metric);
        };
        if (total == null || calls == 0) {
            return Double.NaN;
        }
        return metric.endsWith("Micros") ? total / 1e3 / calls : (double) total / calls;
    }

    /** A thread-CPU metric's total ("serverServiceCpuMicros": the server's service threads), null when not read. */
    private Long threadNanos(String metric) {
        String[] parts = PerCall.threadMetric(metric);
        ThreadCpu threads = parts[0].equals("server") ? serverThreadCpu : clientThreadCpu;
        return threads == null ? null : threads.nanos(parts[1]);
    }
}
