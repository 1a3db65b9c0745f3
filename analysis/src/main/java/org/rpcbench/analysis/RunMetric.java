package org.rpcbench.analysis;

/**
 * One run's value of a metric, kept as the parts it is made of: each steady iteration adds a numerator and a
 * denominator, and the value is their sums' ratio (throughput: iterations' rates over a count of iterations;
 * CPU per call: CPU time over calls, so that a longer iteration weighs more). A metric a run has only as a
 * whole (its p99) is one part.
 */
public record RunMetric(double[] numerators, double[] denominators) {

    public static RunMetric whole(double value) {
        return new RunMetric(new double[] {value}, new double[] {1});
    }

    public double value() {
        double n = 0;
        double d = 0;
        for (int i = 0; i < numerators.length; i++) {
            n += numerators[i];
            d += denominators[i];
        }
        return d == 0 ? Double.NaN : n / d;
    }

    public boolean known() {
        double v = value();
        return Double.isFinite(v) && v > 0;
    }
}
