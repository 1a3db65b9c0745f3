package org.rpcbench.record;

import java.util.Arrays;

/**
 * Which leading measured iterations of a fork sat below steady state. A JIT still compiling, a cold
 * connection pool or a server still warming its own paths all show as a first iteration well below the
 * ones after it (seen here: 13.0k, then 28.8k, 34.0k, 30.9k ops/s).
 *
 * <p>The rule, the same in every writer (the Java launcher and the Go load client, through shared test
 * vectors): the reference is the median of the later half of the scores; leading scores below
 * {@value #SHARE} of it are excluded, stopping at the first that is not, and at least two are kept.
 */
public final class SteadyState {
    public static final double SHARE = 0.9;

    private SteadyState() {}

    /** How many leading scores to exclude. */
    public static int excluded(double[] scores) {
        int n = scores.length;
        if (n < 3) {
            return 0;
        }
        double reference = median(Arrays.copyOfRange(scores, n / 2, n));
        int k = 0;
        while (k < n - 2 && scores[k] < SHARE * reference) {
            k++;
        }
        return k;
    }

    static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }
}
