package org.rpcbench.analysis;

/**
 * The noncentral t distribution: the law of the t statistic when the true change is not zero, (Z + δ) /
 * √(χ²_ν / ν). The chance that a t test flags a change of a given size, its power, is read from it.
 *
 * <p>The CDF for t >= 0 is Lenth's series (Applied Statistics algorithm 243): Φ(-δ) plus half the sum over j
 * of Poisson(δ²/2) weights times I_x(j + 1/2, ν/2) and their odd counterparts times I_x(j + 1, ν/2), with
 * x = t² / (t² + ν); for t < 0, F(t; ν, δ) = 1 - F(-t; ν, -δ). The weights are computed in logs, so a
 * noncentrality of some tens (far more than a verdict's power needs) does not underflow.
 */
public final class NoncentralT {
    private static final int MAX_TERMS = 5_000;

    private NoncentralT() {}

    /** P(T <= t) for T noncentral t with {@code df} degrees of freedom (may be fractional) and noncentrality {@code ncp}. */
    public static double cdf(double t, double df, double ncp) {
        if (Double.isNaN(t) || Double.isNaN(ncp) || !(df > 0)) {
            return Double.NaN;
        }
        if (ncp == 0) {
            return StudentT.cdf(t, df);
        }
        if (Double.isInfinite(t)) {
            return t > 0 ? 1 : 0;
        }
        if (t < 0) {
            return 1 - upperHalf(-t, df, -ncp);
        }
        return upperHalf(t, df, ncp);
    }

    private static double upperHalf(double t, double df, double ncp) {
        double x = t * t / (t * t + df);
        double half = ncp * ncp / 2;
        double logHalf = Math.log(half);
        double sign = Math.signum(ncp);
        double logAbsNcp = Math.log(Math.abs(ncp));
        double sum = 0;
        for (int j = 0; j < MAX_TERMS; j++) {
            double logPoisson = -half + j * logHalf;
            double p = Math.exp(logPoisson - StudentT.logGamma(j + 1));
            double q = sign * Math.exp(logPoisson + logAbsNcp - 0.5 * Math.log(2) - StudentT.logGamma(j + 1.5));
            double term = p * StudentT.regularizedBeta(x, j + 0.5, df / 2) + q * StudentT.regularizedBeta(x, j + 1, df / 2);
            sum += term;
            // past the weights' peak (at j near δ²/2) the terms only shrink: stop when they no longer count
            if (j > half && p + Math.abs(q) < 1e-16) {
                break;
            }
        }
        double value = normalCdf(-ncp) + sum / 2;
        return Math.min(1, Math.max(0, value));
    }

    /** Φ(z), through the regularized incomplete gamma function: erf(u) = P(1/2, u²). */
    static double normalCdf(double z) {
        double erf = ChiSquare.regularizedGamma(0.5, z * z / 2);
        return z >= 0 ? 0.5 + erf / 2 : 0.5 - erf / 2;
    }
}
