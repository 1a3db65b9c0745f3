package org.rpcbench.rig;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

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
        // a fork reading itself knows what its threads allocated
        assertThat(meter.readsAllocation()).isTrue();
        byte[][] garbage = new byte[64][];
        for (int i = 0; i < garbage.length; i++) {
            garbage[i] = new byte[16 * 1024];
        }
        assertThat(garbage[63]).hasSize(16 * 1024);
        assertThat(meter.read().allocBytes() - after.allocBytes()).isGreaterThanOrEqualTo(64 * 16 * 1024L);
        assertThat(before.until(after).cpuNanos()).isEqualTo(after.cpuNanos() - before.cpuNanos());
    }

    @Test
    void aProcessThatCannotBeReadIsUnknownNotIdle() {
        ProcessMeter nobody = ProcessMeter.of(Integer.MAX_VALUE); // above any Linux pid_max
        assertThat(nobody.readsGc()).isFalse();
        ProcessReading r = nobody.read();
        assertThat(r.cpuNanos()).isEqualTo(-1);
        assertThat(r.gcCount()).isEqualTo(-1);
        assertThat(r.gcPauseNanos()).isEqualTo(-1);
        assertThat(r.allocBytes()).isEqualTo(-1);
        assertThat(r.until(nobody.read()).cpuNanos()).isNull();
    }
}
