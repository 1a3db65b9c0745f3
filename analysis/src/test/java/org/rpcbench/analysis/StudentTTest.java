package org.rpcbench.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class StudentTTest {

    @Test
    void quantilesMatchTheTables() {
        assertThat(StudentT.quantile(0.975, 1)).isCloseTo(12.706, within(0.001));
        assertThat(StudentT.quantile(0.975, 7)).isCloseTo(2.365, within(0.001));
        assertThat(StudentT.quantile(0.995, 9)).isCloseTo(3.250, within(0.001));
        assertThat(StudentT.quantile(0.8, 11)).isCloseTo(0.876, within(0.001));
        assertThat(StudentT.quantile(0.975, 1000)).isCloseTo(1.962, within(0.001));
        assertThat(StudentT.quantile(0.025, 7)).isCloseTo(-2.365, within(0.001));
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
