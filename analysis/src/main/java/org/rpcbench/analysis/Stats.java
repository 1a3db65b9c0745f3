package org.rpcbench.analysis;

import java.util.Arrays;
import java.util.SplittableRandom;

/** Order statistics and intervals the reports and verdicts share. */
public final class Stats {
    /** A fixed seed: the same runs always give the same interval and the same verdict. */
    public static final long SEED = 20261125L;
    static final int RESAMPLES = 10_000;

    private Stats() {}

    /** An interval [low, high]; NaN ends when it could not be estimated. */
    public record Interval(double low, double high) {
        public static final Interval UNKNOWN = new Interval(Double.NaN, Double.NaN);

        public boolean known() {
            return !Double.isNaN(low) && !Double.isNaN(high);
        }

        public boolean contains(double v) {
            return v >= low && v <= high;
        }
    }

    public static double median(double[] values) {
        return quantile(values, 0.5);
    }

    /** The q-quantile by linear interpolation between order statistics; NaN for no values. */
    public static double quantile(double[] values, double q) {
        if (values.length == 0) {
            return Double.NaN;
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        double at = q * (sorted.length - 1);
        int lo = (int) Math.floor(at);
        int hi = (int) Math.ceil(at);
        return sorted[lo] + (sorted[hi] - sorted[lo]) * (at - lo);
    }

    public static double mean(double[] values) {
        return Arrays.stream(values).average().orElse(Double.NaN);
    }

    /** The sample standard deviation (n - 1); NaN with fewer than two values. */
    public static double sd(double[] values) {
        int n = values.length;
        if (n < 2) {
            return Double.NaN;
        }
        double m = mean(values);
        double ss = 0;
        for (double v : values) {
            ss += (v - m) * (v - m);
        }
        return Math.sqrt(ss / (n - 1));
    }

    /**
     * A 95 % percentile-bootstrap interval of the median of the runs: what a cell of a suite repeated in
     * rounds shows beside its median. Unknown with fewer than three runs: two runs say nothing about a spread.
     */
    public static Interval medianInterval(double[] values) {
        if (values.length < 3) {
            return Interval.UNKNOWN;
        }
        SplittableRandom random = new SplittableRandom(SEED);
        double[] medians = new double[RESAMPLES];
        double[] sample = new double[values.length];
        for (int r = 0; r < RESAMPLES; r++) {
            for (int i = 0; i < sample.length; i++) {
                sample[i] = values[random.nextInt(values.length)];
            }
            medians[r] = median(sample);
        }
        return new Interval(quantile(medians, 0.025), quantile(medians, 0.975));
    }
}
