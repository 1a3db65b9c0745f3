package org.rpcbench.record;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class WarmupCheckTest {

    @Test
    void aSteadyRunIsNotFlagged() {
        assertThat(WarmupCheck.stillClimbing(new double[] {1000, 1000, 1000, 1000, 1000})).isFalse();
        assertThat(WarmupCheck.relativeRise(new double[] {1000, 1000})).isZero();
    }

    @Test
    void noiseAroundAFlatLineIsNotFlagged() {
        assertThat(WarmupCheck.stillClimbing(new double[] {1020, 980, 1010, 990, 1000})).isFalse();
    }

    @Test
    void aSteadyClimbIsFlagged() {
        double[] climbing = {800, 850, 900, 950, 1000};
        assertThat(WarmupCheck.relativeRise(climbing)).isCloseTo(200.0 / 900, within(1e-9));
        assertThat(WarmupCheck.stillClimbing(climbing)).isTrue();
    }

    @Test
    void twoIterationsCompareTheirEnds() {
        assertThat(WarmupCheck.relativeRise(new double[] {900, 1100})).isCloseTo(0.2, within(1e-9));
        assertThat(WarmupCheck.stillClimbing(new double[] {1000, 1040})).isFalse();
    }

    @Test
    void aFallingRunIsNotCalledUnwarmed() {
        assertThat(WarmupCheck.stillClimbing(new double[] {1000, 900, 800})).isFalse();
    }

    @Test
    void oneIterationCannotShowATrend() {
        assertThat(WarmupCheck.relativeRise(new double[] {5})).isZero();
    }
}
