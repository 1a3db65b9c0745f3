package org.rpcbench.report;

/**
 * The ends of a logarithmic axis, on steps of 1, 2 and 5 times a power of ten. Left to itself Chart.js starts
 * a log axis at a tick at or just below the smallest value (or a decade under the largest when it meets a
 * value it cannot place), where the smallest bar has no height or none at all; a bar stands from the axis'
 * start, so the start must lie well below every value shown, whisker ends included.
 */
record LogAxis(double min, double max) {

    /** How far below the smallest value the axis starts, at least: a bar of the smallest value is then visible. */
    static final double ROOM_BELOW = 2;
    /** How far above the largest value (or whisker end) the axis ends, at least. */
    static final double ROOM_ABOVE = 1.1;

    /** The axis over these values; null when none is positive (nothing a log axis could show). */
    static LogAxis over(double[] values) {
        double smallest = Double.POSITIVE_INFINITY;
        double largest = 0;
        for (double v : values) {
            if (v > 0 && Double.isFinite(v)) {
                smallest = Math.min(smallest, v);
                largest = Math.max(largest, v);
            }
        }
        return largest == 0 ? null : new LogAxis(stepAtOrBelow(smallest / ROOM_BELOW), stepAtOrAbove(largest * ROOM_ABOVE));
    }

    /** The largest 1, 2 or 5 × 10^k that is at most v. */
    static double stepAtOrBelow(double v) {
        int exponent = (int) Math.floor(Math.log10(v));
        for (int significand : new int[] {5, 2, 1}) {
            double step = step(significand, exponent);
            if (step <= v) {
                return step;
            }
        }
        return step(5, exponent - 1);
    }

    /** The smallest 1, 2 or 5 × 10^k that is at least v. */
    static double stepAtOrAbove(double v) {
        int exponent = (int) Math.floor(Math.log10(v));
        for (int significand : new int[] {1, 2, 5}) {
            double step = step(significand, exponent);
            if (step >= v) {
                return step;
            }
        }
        return step(1, exponent + 1);
    }

    /** significand × 10^exponent, rounded to the digits it has (0.2, not 0.20000000000000004). */
    private static double step(int significand, int exponent) {
        return new java.math.BigDecimal(significand).scaleByPowerOfTen(exponent).doubleValue();
    }
}
