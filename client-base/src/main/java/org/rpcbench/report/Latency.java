package org.rpcbench.report;

import com.alibaba.fastjson2.JSONObject;
import org.HdrHistogram.Histogram;

/**
 * The latency figures a run reports, in milliseconds, read from one merged histogram of nanosecond
 * call times. The labels say exactly which percentile they are.
 */
public record Latency(double min, double p50, double p90, double p99, double p999, double p9999, double max, double mean,
                      long count) {
    private static final double NANOS_PER_MILLI = 1_000_000.0;

    public static Latency of(Histogram nanos) {
        if (nanos.getTotalCount() == 0) {
            double nan = Double.NaN;
            return new Latency(nan, nan, nan, nan, nan, nan, nan, nan, 0);
        }
        return new Latency(
                ms(nanos.getMinValue()),
                ms(nanos.getValueAtPercentile(50)),
                ms(nanos.getValueAtPercentile(90)),
                ms(nanos.getValueAtPercentile(99)),
                ms(nanos.getValueAtPercentile(99.9)),
                ms(nanos.getValueAtPercentile(99.99)),
                ms(nanos.getMaxValue()),
                nanos.getMean() / NANOS_PER_MILLI,
                nanos.getTotalCount());
    }

    /** As run.json holds it: each figure under its exact percentile label. */
    public JSONObject toJson() {
        JSONObject ms = new JSONObject();
        ms.put("min", min);
        ms.put("p50", p50);
        ms.put("p90", p90);
        ms.put("p99", p99);
        ms.put("p99.9", p999);
        ms.put("p99.99", p9999);
        ms.put("max", max);
        ms.put("mean", mean);
        ms.put("samples", count);
        return ms;
    }

    private static double ms(long nanos) {
        return nanos / NANOS_PER_MILLI;
    }
}
