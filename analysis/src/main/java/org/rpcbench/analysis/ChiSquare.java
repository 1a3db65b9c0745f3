package org.rpcbench.analysis;

/**
 * The chi-square distribution, through the regularized lower incomplete gamma function: what a standard
 * deviation's confidence interval needs ((n - 1) s² / σ² is chi-square with n - 1 degrees of freedom for
 * normal data).
 */
public final class ChiSquare {

    private ChiSquare() {}

    /** P(X <= x) for X chi-square with {@code df} degrees of freedom (df may be fractional). */
    public static double cdf(double x, double df) {
        if (Double.isNaN(x) || !(df > 0)) {
            return Double.NaN;
        }
        return x <= 0 ? 0 : regularizedGamma(df / 2, x / 2);
    }

    /** The p-quantile, by bisection on the CDF. */
    public static double quantile(double p, double df) {
        if (!(p > 0 && p < 1) || !(df > 0)) {
            throw new IllegalArgumentException("no " + p + "-quantile of chi-square with " + df + " degrees of freedom");
        }
        double lo = 0;
        double hi = Math.max(1, df);
        while (cdf(hi, df) < p) {
            hi *= 2;
        }
        for (int i = 0; i < 200 && hi - lo > 1e-13 * Math.max(1, hi); i++) {
            double mid = (lo + hi) / 2;
            if (cdf(mid, df) < p) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return (lo + hi) / 2;
    }

    /** P(a, x) = γ(a, x) / Γ(a): its series below a + 1, else one minus the continued fraction of Q (Numerical Recipes' gser and gcf). */
    static double regularizedGamma(double a, double x) {
        if (x <= 0) {
            return 0;
        }
        double front = Math.exp(-x + a * Math.log(x) - StudentT.logGamma(a));
        if (x < a + 1) {
            double term = 1 / a;
            double sum = term;
            for (int n = 1; n < 10_000; n++) {
                term *= x / (a + n);
                sum += term;
                if (Math.abs(term) < Math.abs(sum) * 1e-16) {
                    break;
                }
            }
            return sum * front;
        }
        double b = x + 1 - a;
        double h = 1 / b;
        Lentz lentz = new Lentz(1 / Lentz.TINY, h);
        for (int i = 1; i < 10_000; i++) {
            b += 2;
            double step = lentz.step(-i * (i - a), b);
            h *= step;
            if (Math.abs(step - 1) < 1e-16) {
                break;
            }
        }
        return 1 - front * h;
    }
}
