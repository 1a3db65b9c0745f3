package org.rpcbench.meter;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.rpcbench.record.ProcessDelta;
import org.rpcbench.rig.Deltas;

/** Reads this test's own JVM, and a child JVM, from outside as it would read a server: Linux's /proc and the JVM's counters. */
class ProcessMeterTest {

    @Test
    void seesCpuSpentAndCollectionsMade() {
        ProcessMeter meter = ProcessMeter.self();
        assertThat(meter.readsGc()).as("the JVM's performance counters are readable").isTrue();
        ProcessReading before = meter.read();
        // busy until this thread has run 0.3 s by its own count, however loaded the machine is
        var threads = ManagementFactory.getThreadMXBean();
        long from = threads.getCurrentThreadCpuTime();
        long sink = 0;
        while (threads.getCurrentThreadCpuTime() - from < 300_000_000L) {
            sink += Long.numberOfTrailingZeros(sink + System.nanoTime());
        }
        System.gc();
        ProcessReading after = meter.read();
        assertThat(sink).isNotNegative();
        // at least a good part of that shows as the process's CPU (ticks are 10 ms), and as its service threads'
        assertThat(after.cpuNanos() - before.cpuNanos()).isGreaterThanOrEqualTo(200_000_000L);
        ProcessDelta delta = Deltas.between(before, after);
        assertThat(delta.threads()).isNotNull();
        assertThat(delta.threads().serviceNanos()).isGreaterThanOrEqualTo(250_000_000L);
        assertThat(after.gcCount()).isGreaterThan(before.gcCount());
        assertThat(after.gcPauseNanos()).isGreaterThan(before.gcPauseNanos());
        // a fork reading itself knows what its threads allocated
        assertThat(meter.readsAllocation()).isTrue();
        byte[][] garbage = new byte[64][];
        for (int i = 0; i < garbage.length; i++) {
            garbage[i] = new byte[16 * 1024];
        }
        assertThat(garbage[63]).hasSize(16 * 1024);
        assertThat(meter.read().allocBytes() - after.allocBytes()).isGreaterThanOrEqualTo(64 * 16 * 1024L);
        assertThat(delta.cpuNanos()).isEqualTo(after.cpuNanos() - before.cpuNanos());
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
        assertThat(r.threads()).isNull();
        assertThat(Deltas.between(r, nobody.read()).cpuNanos()).isNull();
        assertThat(Deltas.between(r, nobody.read()).threads()).isNull();
    }

    /**
     * A child JVM publishing its allocation as a server does, with a thread that spins and allocates and one
     * that sleeps: read from outside, its allocation is stamped and grows, and the spinning thread's CPU
     * grows more than the sleeping one's.
     */
    @Test
    void aServerJvmIsReadFromOutsideThreadByThreadWithItsAllocationStamped() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process child = new ProcessBuilder(List.of(java, "-Xmx64m", "--add-exports", "java.base/jdk.internal.perf=ALL-UNNAMED",
                "-cp", System.getProperty("java.class.path"), "org.rpcbench.server.AllocatingChild")).redirectErrorStream(true).start();
        try {
            var out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
            assertThat(out.readLine()).isEqualTo("ready");
            ProcessMeter meter = ProcessMeter.of(child.pid());
            assertThat(meter.readsAllocation()).isTrue();
            assertThat(meter.stampsAllocation()).isTrue();
            ProcessReading before = meter.read();
            ProcessReading after;
            long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            do {
                LockSupport.parkNanos(20_000_000);
                after = meter.read();
            } while (after.threads().nanosOf("spinner") - before.threads().nanosOf("spinner") < 50_000_000 && System.nanoTime() < giveUp);
            long spun = after.threads().nanosOf("spinner") - before.threads().nanosOf("spinner");
            long slept = after.threads().nanosOf("sleeper") - before.threads().nanosOf("sleeper");
            assertThat(spun).isGreaterThanOrEqualTo(50_000_000).isGreaterThan(slept);
            ProcessDelta delta = Deltas.between(before, after);
            assertThat(delta.threads().serviceNanos()).isGreaterThanOrEqualTo(spun);
            assertThat(delta.allocBytes()).isPositive();
            // its allocation counter's thread is rpc-bench's, not the service's
            assertThat(after.threads().nanosOf("rpc-bench-alloc")).isPositive();
            assertThat(delta.threads().otherNanos()).isPositive();
        } finally {
            child.getOutputStream().close();
            if (!child.waitFor(10, TimeUnit.SECONDS)) {
                child.destroyForcibly().waitFor();
            }
        }
    }
}
