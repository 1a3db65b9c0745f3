package org.rpcbench.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class ChiSquareTest {

    @Test
    void quantilesMatchTheTables() {
        // the printed tables' values (e.g. NIST/SEMATECH e-Handbook, 1.3.6.7.4), to their three decimals: p, df, quantile
        double[][] table = {{0.975, 4, 11.143}, {0.025, 4, 0.484}, {0.95, 10, 18.307}, {0.05, 10, 3.940}, {0.99, 1, 6.635},
            {0.975, 30, 46.979}, {0.025, 30, 16.791}};
        for (double[] row : table) {
            assertThat(ChiSquare.quantile(row[0], row[1])).as("p %s, df %s", row[0], row[1]).isCloseTo(row[2], within(0.001));
        }
    }

    @Test
    void theCdfIsTheQuantilesInverseAndKnownInClosedForm() {
        // two degrees of freedom: P(X <= x) = 1 - exp(-x / 2)
        for (double x : new double[] {0.1, 1, 5, 20}) {
            assertThat(ChiSquare.cdf(x, 2)).isCloseTo(1 - Math.exp(-x / 2), within(1e-12));
        }
        // a fractional df, against SciPy 1.17's chi2.ppf(0.5, 2.5) = 1.8738477677808791
        assertThat(ChiSquare.quantile(0.5, 2.5)).isCloseTo(1.8738477677808791, within(1e-9));
        for (double df : new double[] {1, 3.5, 40}) {
            for (double p : new double[] {0.01, 0.5, 0.999}) {
                assertThat(ChiSquare.cdf(ChiSquare.quantile(p, df), df)).isCloseTo(p, within(1e-10));
            }
        }
        assertThat(ChiSquare.cdf(0, 3)).isZero();
        assertThatThrownBy(() -> ChiSquare.quantile(1, 3)).isInstanceOf(IllegalArgumentException.class);
    }
}
