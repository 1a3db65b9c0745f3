package org.rpcbench.client;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.rpcbench.report.ProcessReading;

/** Reads this test's own JVM, from outside as it would read a server: Linux's /proc and the JVM's counters. */
class ProcessMeterTest {

    @Test
    void seesCpuSpentAndCollectionsMade() {
        ProcessMeter meter = ProcessMeter.self();
        assertThat(meter.readsGc()).as("the JVM's performance counters are readable").isTrue();
        ProcessReading before = meter.read();
        long sink = 0;
        long until = System.nanoTime() + 300_000_000L;
        while (System.nanoTime() < until) {
            sink += Long.numberOfTrailingZeros(sink + System.nanoTime());
        }
        System.gc();
        ProcessReading after = meter.read();
        assertThat(sink).isNotNegative();
        // a busy thread for 0.3 s: at least a good part of that shows as CPU (ticks are 10 ms)
        assertThat(after.cpuNanos() - before.cpuNanos()).isGreaterThanOrEqualTo(200_000_000L);
        assertThat(after.gcCount()).isGreaterThan(before.gcCount());
        assertThat(after.gcPauseNanos()).isGreaterThan(before.gcPauseNanos());
        assertThat(after.wallNanos() - before.wallNanos()).isGreaterThanOrEqualTo(300_000_000L);
    }

    @Test
    void aProcessThatCannotBeReadIsUnknownNotIdle() {
        ProcessMeter nobody = ProcessMeter.of(Integer.MAX_VALUE); // above any Linux pid_max
        assertThat(nobody.readsGc()).isFalse();
        ProcessReading r = nobody.read();
        assertThat(r.cpuNanos()).isEqualTo(-1);
        assertThat(r.gcCount()).isEqualTo(-1);
        assertThat(r.gcPauseNanos()).isEqualTo(-1);
    }
}
