package org.rpcbench.record;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class LatencyTest {

    @Test
    void percentilesAreReportedInMillisecondsUnderTheirOwnNames() {
        Histogram h = new Histogram(60_000_000_000L, 3);
        for (int i = 1; i <= 1000; i++) {
            h.recordValue(i * 10_000L); // 0.01 ms .. 10 ms
        }
        Latency l = Latency.of(h);
        assertThat(l.min()).isCloseTo(0.01, within(0.0001));
        assertThat(l.p50()).isCloseTo(5.0, within(0.01));
        assertThat(l.p90()).isCloseTo(9.0, within(0.01));
        assertThat(l.p99()).isCloseTo(9.9, within(0.01));
        assertThat(l.p999()).isCloseTo(9.99, within(0.01));
        assertThat(l.p9999()).isCloseTo(10.0, within(0.01));
        assertThat(l.max()).isCloseTo(10.0, within(0.01));
        assertThat(l.mean()).isCloseTo(5.005, within(0.01));
        assertThat(l.get("p99.9")).isEqualTo(l.p999());
        assertThat(l.samples()).isEqualTo(1000);
    }

    @Test
    void noSamplesGiveNoNumbers() {
        Latency none = Latency.of(new Histogram(1000, 3));
        assertThat(none.p99()).isNaN();
        assertThat(none.min()).isNaN();
        assertThat(none.samples()).isZero();
    }
}
