package org.rpcbench.analysis;

/**
 * The modified Lentz method for evaluating a continued fraction term by term, as both the incomplete gamma
 * ({@link ChiSquare}) and the incomplete beta ({@link StudentT}) need it: the method's state between terms.
 */
final class Lentz {
    static final double TINY = 1e-300;

    private double c;
    private double d;

    /** @param c, d the state before the first term ({@code d} already inverted) */
    Lentz(double c, double d) {
        this.c = c;
        this.d = d;
    }

    /** A divisor kept away from zero. */
    static double nonZero(double v) {
        return Math.abs(v) < TINY ? TINY : v;
    }

    /** The next term {@code an / (bn + ...)}: the factor it brings to the fraction's value. */
    double step(double an, double bn) {
        d = 1 / nonZero(an * d + bn);
        c = nonZero(bn + an / c);
        return d * c;
    }
}
