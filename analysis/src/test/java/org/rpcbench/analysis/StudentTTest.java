package org.rpcbench.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class StudentTTest {

    @Test
    void quantilesMatchTheTables() {
        // p, df, quantile, as the printed tables give them to three decimals
        double[][] table = {{0.975, 1, 12.706}, {0.975, 7, 2.365}, {0.995, 9, 3.250}, {0.8, 11, 0.876}, {0.975, 1000, 1.962},
            {0.025, 7, -2.365}};
        for (double[] row : table) {
            assertThat(StudentT.quantile(row[0], row[1])).as("p %s, df %s", row[0], row[1]).isCloseTo(row[2], within(0.001));
        }
    }

    @Test
    void theCdfIsTheQuantilesInverseAndSymmetric() {
        for (double df : new double[] {2, 5.5, 30}) {
            for (double p : new double[] {0.6, 0.9, 0.999}) {
                assertThat(StudentT.cdf(StudentT.quantile(p, df), df)).isCloseTo(p, within(1e-9));
            }
            assertThat(StudentT.cdf(0, df)).isCloseTo(0.5, within(1e-12));
            assertThat(StudentT.cdf(-1.3, df)).isCloseTo(1 - StudentT.cdf(1.3, df), within(1e-12));
        }
        assertThat(StudentT.twoSided(2.365, 7)).isCloseTo(0.05, within(0.0005));
    }

    @Test
    void logGammaIsRight() {
        assertThat(StudentT.logGamma(5)).isCloseTo(Math.log(24), within(1e-10));
        assertThat(StudentT.logGamma(0.5)).isCloseTo(Math.log(Math.sqrt(Math.PI)), within(1e-10));
    }
}
