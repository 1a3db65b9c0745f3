package org.rpcbench.record;

import com.fasterxml.jackson.annotation.JsonProperty;
import org.HdrHistogram.Histogram;

/**
 * Latency figures in milliseconds, read from one merged histogram of nanosecond call times; each labelled
 * by exactly the percentile it is. With no samples every figure is unknown (NaN, null in JSON).
 */
public record Latency(double min, double p50, double p90, double p99, @JsonProperty("p99.9") double p999,
                      @JsonProperty("p99.99") double p9999, double max, double mean, long samples) {
    private static final double NANOS_PER_MILLI = 1_000_000.0;
    public static final Latency NONE = new Latency(Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
            Double.NaN, Double.NaN, 0);

    public static Latency of(Histogram nanos) {
        if (nanos.getTotalCount() == 0) {
            return NONE;
        }
        return new Latency(ms(nanos.getMinValue()), ms(nanos.getValueAtPercentile(50)), ms(nanos.getValueAtPercentile(90)),
                ms(nanos.getValueAtPercentile(99)), ms(nanos.getValueAtPercentile(99.9)),
                ms(nanos.getValueAtPercentile(99.99)), ms(nanos.getMaxValue()), nanos.getMean() / NANOS_PER_MILLI,
                nanos.getTotalCount());
    }

    /** The value of a figure by its label: "p50", "p99.9", "max", ... NaN for a label it does not have. */
    public double get(String label) {
        return switch (label) {
            case "min" -> min;
            case "p50" -> p50;
            case "p90" -> p90;
            case "p99" -> p99;
            case "p99.9" -> p999;
            case "p99.99" -> p9999;
            case "max" -> max;
            case "mean" -> mean;
            default -> Double.NaN;
        };
    }

    static double ms(long nanos) {
        return nanos / NANOS_PER_MILLI;
    }
}
