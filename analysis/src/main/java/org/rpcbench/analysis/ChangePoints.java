package org.rpcbench.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Change points in a series of runs (a pair and case, night after night), by E-divisive means (Matteson and
 * James, 2014), as Apache Otava (formerly Hunter) finds them in performance histories: the split that most
 * separates the values before it from those after (in mean pairwise distance), kept when a permutation
 * test says so few shufflings of the series separate as well that it is no accident, then the same within
 * each side. A level that shifted shows as a change point even when no single night's change crossed a
 * threshold; a slow creep shows as one or more.
 */
public final class ChangePoints {
    /** The significance a split must reach. */
    public static final double ALPHA = 0.05;
    /** The fewest runs on either side of a change point. */
    public static final int MIN_SEGMENT = 3;
    static final int PERMUTATIONS = 199;

    private ChangePoints() {}

    /** The indices at which a new level starts, in order; none for a series too short to split. */
    public static List<Integer> find(double[] series) {
        List<Integer> found = new ArrayList<>();
        split(series, 0, series.length, new SplittableRandom(Stats.SEED), found);
        found.sort(Integer::compare);
        return found;
    }

    private static void split(double[] x, int from, int to, SplittableRandom random, List<Integer> found) {
        int n = to - from;
        if (n < 2 * MIN_SEGMENT) {
            return;
        }
        double[] segment = java.util.Arrays.copyOfRange(x, from, to);
        Best best = best(segment);
        if (best.at < 0) {
            return;
        }
        int asGood = 0;
        double[] shuffled = segment.clone();
        for (int p = 0; p < PERMUTATIONS; p++) {
            for (int i = shuffled.length - 1; i > 0; i--) {
                int j = random.nextInt(i + 1);
                double t = shuffled[i];
                shuffled[i] = shuffled[j];
                shuffled[j] = t;
            }
            if (best(shuffled).q >= best.q) {
                asGood++;
            }
        }
        double p = (asGood + 1.0) / (PERMUTATIONS + 1.0);
        if (p >= ALPHA) {
            return;
        }
        int at = from + best.at;
        found.add(at);
        split(x, from, at, random, found);
        split(x, at, to, random, found);
    }

    private record Best(int at, double q) {}

    /**
     * The split of {@code x} with the largest divergence between x[0, tau) and x[tau, kappa), over every tau and
     * every end kappa of the second part, so that a level that shifted and came back (a bump) is found too.
     * Distances are summed incrementally, column by column: O(n²) in all.
     */
    static Best best(double[] x) {
        int n = x.length;
        double[][] d = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                d[i][j] = Math.abs(x[i] - x[j]);
            }
        }
        // below[k][t]: the sum of d[i][k] over i < t
        double[][] below = new double[n][n + 1];
        for (int k = 0; k < n; k++) {
            for (int t = 0; t < n; t++) {
                below[k][t + 1] = below[k][t] + d[t][k];
            }
        }
        int bestAt = -1;
        double bestQ = Double.NEGATIVE_INFINITY;
        double left = 0; // within x[0, tau)
        for (int tau = 1; tau <= n - MIN_SEGMENT; tau++) {
            left += below[tau - 1][tau - 1];
            if (tau < MIN_SEGMENT) {
                continue;
            }
            double across = 0;
            double right = 0;
            for (int kappa = tau + 1; kappa <= n; kappa++) {
                int j = kappa - 1; // the point joining the second part
                across += below[j][tau];
                right += below[j][j] - below[j][tau];
                int m = kappa - tau;
                if (m < MIN_SEGMENT) {
                    continue;
                }
                double e = 2 * across / ((double) tau * m) - left / (tau * (tau - 1) / 2.0) - right / (m * (m - 1) / 2.0);
                double q = (double) tau * m / kappa * e;
                if (q > bestQ) {
                    bestQ = q;
                    bestAt = tau;
                }
            }
        }
        return new Best(bestAt, bestQ);
    }
}
