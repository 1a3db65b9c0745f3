package org.rpcbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class VerdictTableTest {

    @Test
    void aFalseAlarmRateIsPrintedAsGivenNotRoundedToAWholePercent() {
        assertThat(VerdictTable.percentText(100 * 0.05)).isEqualTo("5");
        assertThat(VerdictTable.percentText(100 * 0.07)).isEqualTo("7");
        assertThat(VerdictTable.percentText(100 * 0.001)).isEqualTo("0.1");
        assertThat(VerdictTable.percentText(100 * 0.0025)).isEqualTo("0.25");
    }
}
