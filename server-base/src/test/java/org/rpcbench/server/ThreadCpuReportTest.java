package org.rpcbench.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

class ThreadCpuReportTest {

    @Test
    void threadsNamedAlikeAreOnePoolWithEachThreadsCpu() throws Exception {
        CountDownLatch done = new CountDownLatch(1);
        Thread[] workers = new Thread[3];
        for (int i = 0; i < workers.length; i++) {
            long spinNanos = (i + 1) * 30_000_000L;
            workers[i] = new Thread(() -> {
                long end = System.nanoTime() + spinNanos;
                while (System.nanoTime() < end) {
                    Thread.onSpinWait();
                }
                try {
                    done.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, "Handler-127.0.0.1:2088" + i + "-thread-" + (i + 1));
            workers[i].start();
        }
        Thread.sleep(300);
        try {
            ThreadCpuReport.Pool pool = ThreadCpuReport.now().stream().filter(p -> p.name().equals("Handler-#.#.#.#:#-thread-#"))
                    .findFirst().orElseThrow();
            assertThat(pool.cpuSeconds()).hasSize(3);
            assertThat(pool.cpuSeconds().get(0)).isGreaterThanOrEqualTo(pool.cpuSeconds().get(2)).isPositive();
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            ThreadCpuReport.print(new PrintStream(bytes, true, StandardCharsets.UTF_8));
            assertThat(bytes.toString(StandardCharsets.UTF_8)).contains(ThreadCpuReport.PREFIX
                    + "{\"pool\":\"Handler-#.#.#.#:#-thread-#\",\"threads\":3,\"cpuSeconds\":[");
        } finally {
            done.countDown();
            for (Thread w : workers) {
                w.join();
            }
        }
    }

    @Test
    void aPoolIsTheNameWithoutItsNumbers() {
        assertThat(ThreadCpuReport.pool("DubboServerHandler-2130706433:20880-thread-17")).isEqualTo("DubboServerHandler-#:#-thread-#");
        assertThat(ThreadCpuReport.pool("main")).isEqualTo("main");
    }
}
