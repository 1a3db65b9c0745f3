package org.rpcbench.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class ProportionTest {

    @Test
    void clopperPearsonIntervalsMatchKnownValues() {
        // closed form at the ends: 0 of n has upper bound 1 - 0.025^(1/n)
        assertThat(Proportion.of(0, 10).high()).isCloseTo(1 - Math.pow(0.025, 0.1), within(1e-9));
        assertThat(Proportion.of(0, 10).low()).isZero();
        assertThat(Proportion.of(10, 10).low()).isCloseTo(Math.pow(0.025, 0.1), within(1e-9));
        assertThat(Proportion.of(0, 2).high()).isCloseTo(0.841886116991581, within(1e-9));
        // and inside, against SciPy 1.17's beta.ppf
        assertThat(Proportion.of(5, 10).low()).isCloseTo(0.18708602844739855, within(1e-9));
        assertThat(Proportion.of(5, 10).high()).isCloseTo(0.8129139715526015, within(1e-9));
        assertThat(Proportion.of(1, 20).low()).isCloseTo(0.0012650894979498038, within(1e-9));
        assertThat(Proportion.of(1, 20).high()).isCloseTo(0.24873276277202777, within(1e-9));
        assertThat(Proportion.of(3, 7).low()).isCloseTo(0.09898827844250786, within(1e-9));
        assertThat(Proportion.of(3, 7).share()).isCloseTo(3 / 7.0, within(1e-15));
    }

    @Test
    void noTrialsSayNothing() {
        Proportion none = Proportion.of(0, 0);
        assertThat(none.share()).isNaN();
        assertThat(none.low()).isZero();
        assertThat(none.high()).isEqualTo(1);
        assertThatThrownBy(() -> Proportion.of(3, 2)).isInstanceOf(IllegalArgumentException.class);
    }
}
