package org.rpcbench.analysis;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * How likely a paired t test is to flag a change: from the noncentral t, with the test's own degrees of
 * freedom and per-test level. Both what a "no change" could have seen (the change flagged {@value #POWER}
 * of the time) and calibrate's "10 % seen with probability P" are read from here, so the two agree.
 */
public final class Power {
    /**
     * The power "could have seen" is stated at, and {@code --see} sizes rounds for: nine times in ten, what a gate
     * promises (a change of the size asked for is missed one time in ten, not one in five).
     */
    public static final double POWER = 0.9;

    /** Noncentralities already solved for, by degrees of freedom, level and power: a table has few distinct ones. */
    private static final Map<List<Double>, Double> SOLVED = new ConcurrentHashMap<>();

    private Power() {}

    /**
     * The chance that a two-sided t test at level {@code alpha} with {@code df} degrees of freedom flags a change
     * of noncentrality {@code ncp} (true change over its standard error) in the change's own direction: a
     * +10 % flagged as -10 % is not seen.
     */
    public static double seen(double ncp, double df, double alpha) {
        return beyond(ncp, df, StudentT.quantile(1 - alpha / 2, df));
    }

    /** P(T' > critical) for a change up, P(T' < -critical) for one down. */
    private static double beyond(double ncp, double df, double critical) {
        return ncp >= 0 ? 1 - NoncentralT.cdf(critical, df, ncp) : NoncentralT.cdf(-critical, df, ncp);
    }

    /** The noncentrality that {@link #seen} flags with probability {@code power}. */
    public static double ncp(double power, double df, double alpha) {
        if (!(power > 0 && power < 1) || !(df > 0) || !(alpha > 0 && alpha < 1)) {
            throw new IllegalArgumentException("no noncentrality for power " + power + " at " + df + " df and level " + alpha);
        }
        return SOLVED.computeIfAbsent(List.of(df, alpha, power), k -> solve(power, df, alpha));
    }

    private static double solve(double power, double df, double alpha) {
        double critical = StudentT.quantile(1 - alpha / 2, df);
        double lo = 0;
        double hi = 1;
        while (beyond(hi, df, critical) < power) {
            hi *= 2;
        }
        for (int i = 0; i < 100 && hi - lo > 1e-10 * hi; i++) {
            double mid = (lo + hi) / 2;
            if (beyond(mid, df, critical) < power) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return (lo + hi) / 2;
    }

    /** A probability with its confidence interval. */
    public record Figure(double probability, double low, double high) {
        public static final Figure UNKNOWN = new Figure(Double.NaN, Double.NaN, Double.NaN);

        public boolean known() {
            return Double.isFinite(probability);
        }
    }

    /**
     * The chance that a paired comparison of {@code rounds} rounds flags a true change of {@code logChange} (a log
     * ratio) at per-test level {@code alpha}, when one round's log ratio has standard deviation {@code sd}, itself
     * estimated with {@code sdDf} degrees of freedom. The interval carries the uncertainty of that estimate: the
     * power at both ends of σ's chi-square interval ((sdDf) s² / σ² is chi-square with sdDf degrees of freedom),
     * at {@code confidence}. It does not carry the model's own assumptions (rounds independent, log ratios normal).
     */
    public static Figure ofSpread(double logChange, double sd, double sdDf, int rounds, double alpha, double confidence) {
        if (!(sd >= 0) || !(sdDf > 0) || rounds < Estimate.MIN_ROUNDS) {
            return Figure.UNKNOWN;
        }
        double tail = (1 - confidence) / 2;
        double sdLow = sd * Math.sqrt(sdDf / ChiSquare.quantile(1 - tail, sdDf));
        double sdHigh = sd * Math.sqrt(sdDf / ChiSquare.quantile(tail, sdDf));
        return new Figure(at(logChange, sd, rounds, alpha), at(logChange, sdHigh, rounds, alpha), at(logChange, sdLow, rounds, alpha));
    }

    private static double at(double logChange, double sd, int rounds, double alpha) {
        if (sd == 0) {
            return logChange == 0 ? 0 : 1; // every round gave the same ratio: any change is certain, none is never flagged
        }
        return seen(logChange / (sd / Math.sqrt(rounds)), rounds - 1, alpha);
    }
}
