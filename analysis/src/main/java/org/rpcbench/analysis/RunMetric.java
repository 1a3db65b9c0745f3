package org.rpcbench.analysis;

import java.util.SplittableRandom;

/**
 * One run's value of a metric, kept as the parts it is made of so that it can be resampled within the
 * run: each steady iteration adds a numerator and a denominator, and the value is their sums' ratio
 * (throughput: iterations' rates over a count of iterations; CPU per call: CPU time over calls). A metric
 * a run has only as a whole (its p99) is one part.
 */
public record RunMetric(double[] numerators, double[] denominators) {

    public static RunMetric whole(double value) {
        return new RunMetric(new double[] {value}, new double[] {1});
    }

    public double value() {
        return ratio(numerators, denominators);
    }

    public boolean known() {
        double v = value();
        return Double.isFinite(v) && v > 0;
    }

    /** The value over the run's parts drawn again with replacement. */
    public double resampled(SplittableRandom random) {
        int n = numerators.length;
        if (n == 1) {
            return value();
        }
        double num = 0;
        double den = 0;
        for (int i = 0; i < n; i++) {
            int k = random.nextInt(n);
            num += numerators[k];
            den += denominators[k];
        }
        return num / den;
    }

    private static double ratio(double[] num, double[] den) {
        double n = 0;
        double d = 0;
        for (int i = 0; i < num.length; i++) {
            n += num[i];
            d += den[i];
        }
        return d == 0 ? Double.NaN : n / d;
    }
}
