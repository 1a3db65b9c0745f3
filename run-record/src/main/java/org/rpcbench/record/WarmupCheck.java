package org.rpcbench.record;

/**
 * Flags a measurement whose throughput was still climbing: the least-squares line through the
 * iteration scores rises by more than {@link #LIMIT} of their mean across the measurement window.
 * A JIT that has not settled shows up this way; noise alone rarely lines up into a steady rise.
 */
public final class WarmupCheck {
    public static final double LIMIT = 0.05;

    private WarmupCheck() {}

    /** The rise of the fitted line from the first to the last iteration, relative to the mean score. */
    public static double relativeRise(double[] scores) {
        int n = scores.length;
        if (n < 2) {
            return 0;
        }
        double meanX = (n - 1) / 2.0;
        double meanY = 0;
        for (double s : scores) {
            meanY += s;
        }
        meanY /= n;
        if (meanY <= 0) {
            return 0;
        }
        double sxy = 0;
        double sxx = 0;
        for (int i = 0; i < n; i++) {
            sxy += (i - meanX) * (scores[i] - meanY);
            sxx += (i - meanX) * (i - meanX);
        }
        return sxy / sxx * (n - 1) / meanY;
    }

    public static boolean stillClimbing(double[] scores) {
        return relativeRise(scores) > LIMIT;
    }
}
