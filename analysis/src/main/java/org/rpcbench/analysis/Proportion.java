package org.rpcbench.analysis;

/**
 * A count of independent trials, {@code count} of {@code of}, with its exact (Clopper-Pearson) 95 %
 * interval: conservative, so a share measured from a handful of trials is never shown surer than it is.
 */
public record Proportion(int count, int of, double low, double high) {
    static final double LEVEL = 0.95;

    public static Proportion of(int count, int of) {
        if (count < 0 || of < 0 || count > of) {
            throw new IllegalArgumentException(count + " of " + of + " is no proportion");
        }
        if (of == 0) {
            return new Proportion(0, 0, 0, 1);
        }
        double tail = (1 - LEVEL) / 2;
        double low = count == 0 ? 0 : betaQuantile(tail, count, of - count + 1);
        double high = count == of ? 1 : betaQuantile(1 - tail, count + 1, of - count);
        return new Proportion(count, of, low, high);
    }

    /** The share; NaN with no trials. */
    public double share() {
        return of == 0 ? Double.NaN : (double) count / of;
    }

    /** The p-quantile of Beta(a, b), by bisection on the regularized incomplete beta function. */
    static double betaQuantile(double p, double a, double b) {
        double lo = 0;
        double hi = 1;
        for (int i = 0; i < 100; i++) {
            double mid = (lo + hi) / 2;
            if (StudentT.regularizedBeta(mid, a, b) < p) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return (lo + hi) / 2;
    }
}
