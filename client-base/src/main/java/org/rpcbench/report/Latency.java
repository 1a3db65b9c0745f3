package org.rpcbench.report;

import org.HdrHistogram.Histogram;

/**
 * The latency percentiles a run reports, in milliseconds, read from one merged histogram of
 * nanosecond call times. The labels say exactly which percentile they are.
 */
public record Latency(double p50, double p90, double p99, double p999, double max, double mean, long count) {
    private static final double NANOS_PER_MILLI = 1_000_000.0;

    public static Latency of(Histogram nanos) {
        if (nanos.getTotalCount() == 0) {
            return new Latency(Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, 0);
        }
        return new Latency(
                ms(nanos.getValueAtPercentile(50)),
                ms(nanos.getValueAtPercentile(90)),
                ms(nanos.getValueAtPercentile(99)),
                ms(nanos.getValueAtPercentile(99.9)),
                ms(nanos.getMaxValue()),
                nanos.getMean() / NANOS_PER_MILLI,
                nanos.getTotalCount());
    }

    private static double ms(long nanos) {
        return nanos / NANOS_PER_MILLI;
    }
}
