package org.rpcbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LogAxisTest {

    @Test
    void theAxisStartsAtHalfTheSmallestValueOrBelowOnAStepOfOneTwoOrFive() {
        // the getUser chart of a smoke run: p50 far below the p99.9; Chart.js alone started at 3 ms
        LogAxis axis = LogAxis.over(new double[] {0.31, 0.9, 12.5, 29.7});
        assertThat(axis.min()).isEqualTo(0.1).isLessThanOrEqualTo(0.31 / 2);
        assertThat(axis.max()).isEqualTo(50.0).isGreaterThan(29.7);
        assertThat(LogAxis.over(new double[] {0.075, 3.0})).isEqualTo(new LogAxis(0.02, 5.0));
    }

    @Test
    void stepsAreOneTwoAndFiveTimesAPowerOfTen() {
        assertThat(LogAxis.stepAtOrBelow(0.3)).isEqualTo(0.2);
        assertThat(LogAxis.stepAtOrBelow(1)).isEqualTo(1.0);
        assertThat(LogAxis.stepAtOrBelow(7)).isEqualTo(5.0);
        assertThat(LogAxis.stepAtOrBelow(0.0375)).isEqualTo(0.02);
        assertThat(LogAxis.stepAtOrAbove(344)).isEqualTo(500.0);
        assertThat(LogAxis.stepAtOrAbove(1.1)).isEqualTo(2.0);
        assertThat(LogAxis.stepAtOrAbove(5.5)).isEqualTo(10.0);
        assertThat(LogAxis.stepAtOrAbove(1000)).isEqualTo(1000.0);
    }

    @Test
    void nothingALogAxisCanShowGivesNoAxis() {
        assertThat(LogAxis.over(new double[] {})).isNull();
        assertThat(LogAxis.over(new double[] {0, -1, Double.NaN})).isNull();
        // a zero cannot stand on a log axis; the positive values still set it
        assertThat(LogAxis.over(new double[] {0, 4})).isEqualTo(new LogAxis(2.0, 5.0));
    }
}
