package org.rpcbench.meter;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.net.URISyntaxException;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;

class ThreadTimesTest {

    static File fixture(String name) throws URISyntaxException {
        return new File(ThreadTimesTest.class.getResource("/threads/" + name + "/task").toURI());
    }

    /**
     * Two readings of a server's task directory (the fixture's files as /proc lays them out): the threads
     * seen in both count what they ran in between, one born in between all it ran, one that ended is counted
     * as ended, and an entry without a schedstat is not a thread.
     */
    @Test
    void aWindowCountsEachKindsThreadsAndTheThreadsThatCameAndWent() throws Exception {
        ThreadTimes start = ThreadTimes.read(fixture("start"));
        ThreadTimes end = ThreadTimes.read(fixture("end"));
        assertThat(start.threads()).isEqualTo(11);
        assertThat(end.threads()).isEqualTo(11);
        ThreadUse cpu = start.until(end);
        // Netty 400 ms + 1 ns, a handler 150 ms, a handler born in the window 20 ms, the idle main thread nothing
        assertThat(cpu.serviceNanos()).isEqualTo(570_000_001L);
        assertThat(cpu.jitNanos()).isEqualTo(250_000 + 50_000);
        assertThat(cpu.gcNanos()).isEqualTo(3_000_000 + 500_000 + 100_000);
        assertThat(cpu.otherNanos()).isEqualTo(10_000 + 400_000);
        assertThat(cpu.threadsEnded()).isEqualTo(1);
        assertThat(end.nanosOf("NettyServerWork")).isEqualTo(700_000_001L);
        assertThat(start.nanosOf("nobody")).isEqualTo(-1);
    }

    @Test
    void aThreadSeenInThePreviousReadingKeepsItsNameAndOnlyNewThreadsAreNamedAfresh() throws Exception {
        ThreadTimes previous = new ThreadTimes(Map.of(120L, new ThreadTimes.Task("GC Thread#5", ThreadKind.GC, 0)));
        ThreadTimes end = ThreadTimes.read(fixture("end"), previous);
        assertThat(end.nanosOf("GC Thread#5")).isEqualTo(700_000_001L);
        assertThat(end.nanosOf("NettyServerWork")).isEqualTo(-1);
        assertThat(end.nanosOf("DubboServerHand")).isEqualTo(350_000_000L + 20_000_000L);
        assertThat(previous.until(end).gcNanos()).isEqualTo(700_000_001L + 13_000_000 + 1_500_000 + 2_100_000);
    }

    @Test
    void aThreadIdTakenByANewThreadCountsTheNewThreadFromZero() {
        ThreadTimes start = new ThreadTimes(Map.of(7L, new ThreadTimes.Task("Dubbo-framework", ThreadKind.SERVICE, 90_000)));
        ThreadTimes end = new ThreadTimes(Map.of(7L, new ThreadTimes.Task("C2 CompilerThre", ThreadKind.JIT, 4_000)));
        assertThat(start.until(end)).isEqualTo(new ThreadUse(0, 4_000, 0, 0, 1));
    }

    @Test
    void aProcessThatIsNotThereReadsNull() {
        assertThat(ThreadTimes.read(new File("/proc/" + Integer.MAX_VALUE + "/task"))).isNull();
    }

    /** This JVM, read from /proc as a server would be: a thread that spins gains more CPU than one that sleeps. */
    @Test
    void aSpinningThreadOfALiveJvmGainsMoreThanASleepingOne() throws Exception {
        File self = new File("/proc/" + ProcessHandle.current().pid() + "/task");
        AtomicBoolean stop = new AtomicBoolean();
        CountDownLatch running = new CountDownLatch(2);
        Thread spinner = new Thread(() -> {
            running.countDown();
            long sink = 0;
            while (!stop.get()) {
                sink += Long.numberOfTrailingZeros(sink + System.nanoTime());
            }
            assertThat(sink).isNotNegative();
        }, "GC Thread#91");
        Thread sleeper = new Thread(() -> {
            running.countDown();
            while (!stop.get()) {
                LockSupport.parkNanos(1_000_000);
            }
        }, "test-sleeper");
        spinner.start();
        sleeper.start();
        try {
            running.await();
            ThreadTimes before = ThreadTimes.read(self);
            // spin until the spinner has run a while by its own count, however busy the machine is
            ThreadTimes after;
            long giveUp = System.nanoTime() + 30_000_000_000L;
            do {
                LockSupport.parkNanos(20_000_000);
                after = ThreadTimes.read(self);
            } while (after.nanosOf("GC Thread#91") - before.nanosOf("GC Thread#91") < 50_000_000 && System.nanoTime() < giveUp);
            long spun = after.nanosOf("GC Thread#91") - before.nanosOf("GC Thread#91");
            long slept = after.nanosOf("test-sleeper") - before.nanosOf("test-sleeper");
            assertThat(spun).as("the spinner's CPU grew").isGreaterThanOrEqualTo(50_000_000);
            assertThat(spun).isGreaterThan(slept);
            // named as a GC thread, its CPU is counted as the GC's
            assertThat(before.until(after).gcNanos()).isGreaterThanOrEqualTo(spun);
        } finally {
            stop.set(true);
            spinner.join();
            sleeper.join();
        }
    }
}
