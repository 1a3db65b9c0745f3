package org.rpcbench.report;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Whether two sets of throughput samples (a run's iteration scores) differ, and by how much, without
 * assuming they are normally distributed: a permutation test on the difference of the means (exact
 * when the arrangements are few enough to count, otherwise a fixed-seed sample of them), and a
 * bootstrap interval for the relative change. Seeds are fixed, so the same inputs give the same answer.
 */
public final class Significance {
    static final int EXACT_LIMIT = 50_000;
    static final int SAMPLED_PERMUTATIONS = 50_000;
    static final int BOOTSTRAP_RESAMPLES = 5_000;
    private static final long SEED = 20_261_122L;

    /**
     * @param change relative change of the mean from baseline to current (-0.2 is 20 % lower)
     * @param low lower end of the 95 % bootstrap interval of the change
     * @param high upper end
     * @param p two-sided p-value of "no difference in means"
     */
    public record Result(double change, double low, double high, double p) {}

    private Significance() {}

    public static Result compare(double[] baseline, double[] current) {
        if (baseline.length < 2 || current.length < 2) {
            throw new IllegalArgumentException("need at least 2 samples a side, got " + baseline.length + " and " + current.length);
        }
        double base = mean(baseline);
        double change = (mean(current) - base) / base;
        double[] interval = bootstrap(baseline, current);
        return new Result(change, interval[0], interval[1], permutationP(baseline, current));
    }

    /** The smallest p-value two samples of these sizes can give: both one-sided extremes of all splits. */
    public static double smallestP(int n, int m) {
        double splits = binomial(n + m, n);
        return splits <= EXACT_LIMIT ? 2 / splits : 1.0 / (SAMPLED_PERMUTATIONS + 1.0);
    }

    static double permutationP(double[] a, double[] b) {
        double[] all = new double[a.length + b.length];
        System.arraycopy(a, 0, all, 0, a.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        double total = Arrays.stream(all).sum();
        double observed = Math.abs(mean(a) - mean(b));
        // a tiny tolerance so that arrangements exactly as extreme as the observed one count as such
        double limit = observed - 1e-9 * Math.max(1, Math.abs(observed));
        long extreme = 0;
        long count = 0;
        if (binomial(all.length, a.length) <= EXACT_LIMIT) {
            int[] pick = new int[a.length];
            for (int i = 0; i < pick.length; i++) {
                pick[i] = i;
            }
            do {
                double sumA = 0;
                for (int i : pick) {
                    sumA += all[i];
                }
                if (Math.abs(sumA / a.length - (total - sumA) / b.length) >= limit) {
                    extreme++;
                }
                count++;
            } while (next(pick, all.length));
            return (double) extreme / count;
        }
        SplittableRandom random = new SplittableRandom(SEED);
        double[] shuffled = all.clone();
        for (int r = 0; r < SAMPLED_PERMUTATIONS; r++) {
            for (int i = shuffled.length - 1; i > 0; i--) {
                int j = random.nextInt(i + 1);
                double t = shuffled[i];
                shuffled[i] = shuffled[j];
                shuffled[j] = t;
            }
            double sumA = 0;
            for (int i = 0; i < a.length; i++) {
                sumA += shuffled[i];
            }
            if (Math.abs(sumA / a.length - (total - sumA) / b.length) >= limit) {
                extreme++;
            }
        }
        // the observed arrangement counts as one of the sampled ones, so p is never 0
        return (extreme + 1.0) / (SAMPLED_PERMUTATIONS + 1.0);
    }

    /** The 2.5th and 97.5th percentiles of the relative change over resamples of each side. */
    static double[] bootstrap(double[] a, double[] b) {
        SplittableRandom random = new SplittableRandom(SEED);
        double[] changes = new double[BOOTSTRAP_RESAMPLES];
        for (int r = 0; r < changes.length; r++) {
            double ma = resampledMean(a, random);
            changes[r] = (resampledMean(b, random) - ma) / ma;
        }
        Arrays.sort(changes);
        return new double[] {changes[(int) (0.025 * changes.length)], changes[(int) (0.975 * changes.length) - 1]};
    }

    private static double resampledMean(double[] x, SplittableRandom random) {
        double sum = 0;
        for (int i = 0; i < x.length; i++) {
            sum += x[random.nextInt(x.length)];
        }
        return sum / x.length;
    }

    /** The next k-combination of 0..n-1 in lexicographic order; false after the last. */
    private static boolean next(int[] pick, int n) {
        int k = pick.length;
        int i = k - 1;
        while (i >= 0 && pick[i] == n - k + i) {
            i--;
        }
        if (i < 0) {
            return false;
        }
        pick[i]++;
        for (int j = i + 1; j < k; j++) {
            pick[j] = pick[j - 1] + 1;
        }
        return true;
    }

    static double binomial(int n, int k) {
        double c = 1;
        for (int i = 1; i <= k; i++) {
            c = c * (n - k + i) / i;
        }
        return c;
    }

    static double mean(double[] x) {
        return Arrays.stream(x).average().orElse(Double.NaN);
    }
}
