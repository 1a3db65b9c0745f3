package org.rpcbench.record;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class CaseAssemblyTest {

    static String histogram(long... nanos) {
        Histogram h = Histograms.empty();
        for (long n : nanos) {
            h.recordValue(n);
        }
        return Histograms.encode(h);
    }

    /** A fork's tally: each window 2 s, {@code calls[i]} answered, each at 1 ms, the server using 40 µs a call. */
    static TallyFile fork(long startedAt, long... calls) {
        List<TallyFile.Window> windows = new ArrayList<>();
        for (int i = 0; i < calls.length; i++) {
            long[] times = new long[(int) calls[i]];
            java.util.Arrays.fill(times, 1_000_000L);
            windows.add(new TallyFile.Window(i, 2.0, calls[i], 0,
                    new ProcessDelta(2.0, calls[i] * 30_000, calls[i] * 1000, 1L, 0L, 1_000_000L),
                    new ProcessDelta(2.0, calls[i] * 40_000, calls[i] * 2000, 0L, 0L, 0L), histogram(times), null));
        }
        return new TallyFile("getUser", startedAt, 42, 10, 0, List.of(), windows);
    }

    @Test
    void iterationsTotalsAndCostsComeFromTheSameWindows() {
        TallyFile one = fork(1, 100, 200, 200, 200);
        CaseRecord c = CaseAssembly.closedLoop("getUser", List.of(new CaseAssembly.Fork(one, new double[] {50, 100, 100, 100})),
                87.5, Double.NaN, new WireSize(10, 20));
        assertThat(c.calls()).isEqualTo(700);
        assertThat(c.iterations()).hasSize(4);
        assertThat(c.iterations().get(0).score()).isEqualTo(50);
        assertThat(c.iterations().get(1).serverCpuNanos()).isEqualTo(200 * 40_000);
        assertThat(c.perCall().serverCpuMicros()).isCloseTo(40, within(1e-9));
        assertThat(c.perCall().clientCpuMicros()).isCloseTo(30, within(1e-9));
        assertThat(c.perCall().serverAllocBytes()).isCloseTo(2000, within(1e-9));
        assertThat(c.cpuAndGc().server().cpuPercentOfCore()).isCloseTo(100.0 * 700 * 40_000 / 8e9, within(1e-9));
        assertThat(c.cpuAndGc().client().gcCount()).isEqualTo(4);
        assertThat(c.latencyMs().samples()).isEqualTo(700);
        assertThat(c.failedLatencyMs()).isNull();
        assertThat(c.answered()).isEqualTo(87.5);
        assertThat(c.wireBytes().responseBytes()).isEqualTo(20);
        // the first iteration sat below steady state: left out of the steady figures, and counted
        assertThat(c.steady().excludedIterations()).isEqualTo(1);
        assertThat(c.steady().answeredPerSecond()).isEqualTo(100);
        assertThat(c.steady().latencyMs().samples()).isEqualTo(600);
    }

    @Test
    void forksAreKeptApartAndFailedCallsAreTimedBesideTheAnsweredOnes() {
        TallyFile a = fork(1, 100, 100, 100);
        TallyFile.Window w = a.iterations().get(2);
        TallyFile failing = new TallyFile("getUser", 2, 43, 0, 0, List.of("TimeoutException: 5000 ms"), List.of(
                new TallyFile.Window(0, 2.0, 99, 1, w.client(), w.server(), w.latency(), histogram(5_000_000_000L))));
        CaseRecord c = CaseAssembly.closedLoop("getUser", List.of(new CaseAssembly.Fork(a, null), new CaseAssembly.Fork(failing, null)),
                Double.NaN, Double.NaN, null);
        assertThat(c.iterationScores()).hasSize(2);
        // with no JMH scores, an iteration scores what it counted over its window
        assertThat(c.iterationScores().get(1)).containsExactly(50.0);
        assertThat(c.errors()).isEqualTo(1);
        assertThat(c.failed()).isTrue();
        assertThat(c.failedLatencyMs().max()).isCloseTo(5000, within(5.0));
        assertThat(c.problems()).containsExactly("TimeoutException: 5000 ms");
        assertThat(c.iterations().get(3).fork()).isEqualTo(1);
    }

    @Test
    void aSideThatWasNotMeasuredStaysUnknown() {
        TallyFile t = fork(1, 100, 100);
        List<TallyFile.Window> windows = t.iterations().stream()
                .map(w -> new TallyFile.Window(w.index(), w.seconds(), w.calls(), w.errors(), w.client(), null, w.latency(), null))
                .toList();
        CaseRecord c = CaseAssembly.closedLoop("getUser", List.of(new CaseAssembly.Fork(
                new TallyFile("getUser", 1, 1, 0, 0, List.of(), windows), null)), Double.NaN, Double.NaN, null);
        assertThat(c.cpuAndGc().server()).isNull();
        assertThat(c.perCall().serverCpuMicros()).isNaN();
        assertThat(c.iterations().get(0).serverCpuNanos()).isNull();
        assertThat(c.perCall().clientCpuMicros()).isCloseTo(30, within(1e-9));
    }

    /** A window whose server threads spent 30 µs a call on the service, 2 on the JIT, 1 on GC and 0.5 on the rest. */
    static TallyFile.Window withThreads(TallyFile.Window w, int threadsEnded) {
        ProcessDelta s = w.server();
        ThreadCpu threads = new ThreadCpu(w.calls() * 30_000, w.calls() * 2_000, w.calls() * 1_000, w.calls() * 500, threadsEnded);
        ProcessDelta server = new ProcessDelta(s.seconds(), s.cpuNanos(), s.allocBytes(), s.gcCount(), s.fullGcCount(),
                s.gcPauseNanos(), threads);
        return new TallyFile.Window(w.index(), w.seconds(), w.calls(), w.errors(), w.client(), server, w.latency(), null);
    }

    @Test
    void theServersThreadsCpuIsKeptPerIterationAndPerCallBesideTheWholeProcess() {
        TallyFile t = fork(1, 100, 200, 200);
        List<TallyFile.Window> windows = new ArrayList<>();
        for (TallyFile.Window w : t.iterations()) {
            windows.add(withThreads(w, w.index() == 1 ? 1 : 0));
        }
        CaseRecord c = CaseAssembly.closedLoop("getUser", List.of(new CaseAssembly.Fork(
                new TallyFile("getUser", 1, 1, 0, 0, List.of(), windows), null)), Double.NaN, Double.NaN, null);
        assertThat(c.iterations().get(1).serverThreadCpu()).isEqualTo(new ThreadCpu(6_000_000, 400_000, 200_000, 100_000, 1));
        assertThat(c.iterations().get(1).perCall("serverServiceCpuMicros")).isCloseTo(30, within(1e-9));
        assertThat(c.iterations().get(1).perCall("serverGcCpuMicros")).isCloseTo(1, within(1e-9));
        assertThat(c.iterations().get(1).perCall("serverCpuMicros")).isCloseTo(40, within(1e-9));
        assertThat(c.iterations().get(1).clientThreadCpu()).isNull();
        assertThat(c.iterations().get(1).perCall("clientServiceCpuMicros")).isNaN();
        assertThat(c.perCall().serverServiceCpuMicros()).isCloseTo(30, within(1e-9));
        assertThat(c.perCall("serverJitCpuMicros")).isCloseTo(2, within(1e-9));
        assertThat(c.perCall("serverGcCpuMicros")).isCloseTo(1, within(1e-9));
        assertThat(c.perCall("serverOtherCpuMicros")).isCloseTo(0.5, within(1e-9));
        assertThat(c.perCall("serverCpuMicros")).isCloseTo(40, within(1e-9));
        assertThat(c.perCall("clientJitCpuMicros")).isNaN();
        assertThat(c.steady().perCall().serverServiceCpuMicros()).isCloseTo(30, within(1e-9));
    }

    @Test
    void aWindowWhoseThreadsWereNotReadLeavesTheCaseThreadFiguresUnknownNotLow() {
        TallyFile t = fork(1, 100, 200, 200);
        List<TallyFile.Window> windows = new ArrayList<>(t.iterations().stream().map(w -> withThreads(w, 0)).toList());
        windows.set(2, t.iterations().get(2));
        CaseRecord c = CaseAssembly.closedLoop("getUser", List.of(new CaseAssembly.Fork(
                new TallyFile("getUser", 1, 1, 0, 0, List.of(), windows), null)), Double.NaN, Double.NaN, null);
        assertThat(c.perCall("serverServiceCpuMicros")).isNaN();
        assertThat(c.perCall("serverCpuMicros")).isCloseTo(40, within(1e-9));
        assertThat(c.iterations().get(0).perCall("serverServiceCpuMicros")).isCloseTo(30, within(1e-9));
        assertThat(c.iterations().get(2).serverThreadCpu()).isNull();
    }
}
