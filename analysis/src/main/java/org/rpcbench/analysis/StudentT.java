package org.rpcbench.analysis;

/**
 * Student's t distribution: its CDF through the regularized incomplete beta function, and its quantiles
 * by bisection on the CDF. Written out here so the analysis needs no numerics library.
 */
public final class StudentT {

    private StudentT() {}

    /** P(T <= t) for T with {@code df} degrees of freedom (df may be fractional, as Welch's is). */
    public static double cdf(double t, double df) {
        if (Double.isNaN(t) || !(df > 0)) {
            return Double.NaN;
        }
        if (Double.isInfinite(t)) {
            return t > 0 ? 1 : 0;
        }
        double tail = 0.5 * regularizedBeta(df / (df + t * t), df / 2, 0.5);
        return t >= 0 ? 1 - tail : tail;
    }

    /** The two-sided p-value of {@code t}: P(|T| >= |t|). */
    public static double twoSided(double t, double df) {
        return 2 * (1 - cdf(Math.abs(t), df));
    }

    /**
     * The p-quantile: the t with P(T <= t) = p, by Newton's method on the CDF inside a bracket that bisection
     * takes over from whenever a step would leave it (a verdict computes thousands of these in calibrate and in
     * the simulations that test it; bisection alone took some fifty CDF evaluations each).
     */
    public static double quantile(double p, double df) {
        if (!(p > 0 && p < 1) || !(df > 0)) {
            throw new IllegalArgumentException("no " + p + "-quantile of t with " + df + " degrees of freedom");
        }
        if (p < 0.5) {
            return -quantile(1 - p, df);
        }
        double lo = 0;
        double hi = 1;
        while (cdf(hi, df) < p) {
            lo = hi;
            hi *= 2;
        }
        double logDensityScale = logGamma((df + 1) / 2) - logGamma(df / 2) - 0.5 * Math.log(df * Math.PI);
        double t = (lo + hi) / 2;
        for (int i = 0; i < 200; i++) {
            double f = cdf(t, df) - p;
            if (f == 0) {
                return t;
            }
            if (f < 0) {
                lo = t;
            } else {
                hi = t;
            }
            double density = Math.exp(logDensityScale - (df + 1) / 2 * Math.log1p(t * t / df));
            double next = t - f / density;
            if (!(next > lo && next < hi)) {
                next = (lo + hi) / 2;
            }
            if (Math.abs(next - t) <= 1e-13 * Math.max(1, Math.abs(t)) || hi - lo <= 1e-13 * Math.max(1, hi)) {
                return next;
            }
            t = next;
        }
        return t;
    }

    /** I_x(a, b), by the continued fraction of Numerical Recipes' betacf, on whichever side converges. */
    static double regularizedBeta(double x, double a, double b) {
        if (x <= 0) {
            return 0;
        }
        if (x >= 1) {
            return 1;
        }
        double front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
        if (x < (a + 1) / (a + b + 2)) {
            return front * continuedFraction(x, a, b) / a;
        }
        return 1 - front * continuedFraction(1 - x, b, a) / b;
    }

    private static double continuedFraction(double x, double a, double b) {
        double qab = a + b;
        double qap = a + 1;
        double qam = a - 1;
        double h = 1 / Lentz.nonZero(1 - qab * x / qap);
        Lentz lentz = new Lentz(1, h);
        for (int m = 1; m <= 500; m++) {
            int m2 = 2 * m;
            h *= lentz.step(m * (b - m) * x / ((qam + m2) * (a + m2)), 1);
            double step = lentz.step(-(a + m) * (qab + m) * x / ((a + m2) * (qap + m2)), 1);
            h *= step;
            if (Math.abs(step - 1) < 1e-15) {
                break;
            }
        }
        return h;
    }

    /** ln Γ(x) for x > 0, by Lanczos' approximation (g = 7, nine coefficients). */
    static double logGamma(double x) {
        final double[] c = {0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
            -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7};
        if (x < 0.5) {
            return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - logGamma(1 - x);
        }
        x -= 1;
        double sum = c[0];
        for (int i = 1; i < c.length; i++) {
            sum += c[i] / (x + i);
        }
        double t = x + 7.5;
        return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(sum);
    }
}
