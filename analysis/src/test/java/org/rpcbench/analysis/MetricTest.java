package org.rpcbench.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rpcbench.record.CaseRecord;
import org.rpcbench.record.CpuAndGc;
import org.rpcbench.record.IterationRecord;
import org.rpcbench.record.PerCall;
import org.rpcbench.report.Runs;

class MetricTest {

    static IterationRecord iteration(int index, double score, long calls, long serverCpuNanos) {
        return new IterationRecord(0, index, 1, score, calls, 0, serverCpuNanos, calls * 10_000, calls * 100, calls * 50,
                new IterationRecord.Percentiles(1, 2, 3, 4));
    }

    static CaseRecord withIterations(List<IterationRecord> its) {
        CaseRecord c = Runs.closedCase("getUser", 1000, 3);
        return new CaseRecord(c.name(), c.opsPerSecond(), c.opsError(), c.iterationScores(), c.answeredPerSecond(), c.latencyMs(),
                null, c.calls(), 0, 0, 0, List.of(), false, null, c.cpuAndGc(), c.perCall(), its, c.steady(), null, null, null,
                null, null);
    }

    @Test
    void theLeadingIterationsBelowSteadyStateAreLeftOut() {
        CaseRecord c = withIterations(List.of(iteration(0, 13_000, 13_000, 13_000L * 40_000), iteration(1, 30_000, 30_000,
                30_000L * 20_000), iteration(2, 31_000, 31_000, 31_000L * 20_000), iteration(3, 29_000, 29_000, 29_000L * 20_000)));
        RunMetric cpu = Metric.SERVER_CPU.of(c);
        assertThat(cpu.numerators()).hasSize(3);
        assertThat(cpu.value()).isCloseTo(20, within(1e-9));
        assertThat(Metric.THROUGHPUT.of(c).value()).isCloseTo(30_000, within(1e-9));
    }

    static CaseRecord withPerCall(PerCall perCall) {
        CaseRecord c = Runs.closedCase("getUser", 1000, 3);
        return new CaseRecord(c.name(), c.opsPerSecond(), c.opsError(), c.iterationScores(), c.answeredPerSecond(), c.latencyMs(),
                null, c.calls(), 0, 0, 0, List.of(), false, null, CpuAndGc.NONE, perCall, List.of(), null, null, null, null, null, null);
    }

    @Test
    void aComparisonReadsTheFirstSourceEveryRunHas() {
        CaseRecord both = withPerCall(new PerCall(20, 15, 400, 300));
        CaseRecord serverOnly = withPerCall(new PerCall(20, 15, 400, Double.NaN));
        List<String> preferred = List.of("clientAllocBytes", "serverAllocBytes");
        assertThat(Metric.source(preferred, List.of(both, both))).isEqualTo("clientAllocBytes");
        // one run without the preferred figure: every run is read from the next, so no two runs measured differently are compared
        assertThat(Metric.source(preferred, List.of(both, serverOnly))).isEqualTo("serverAllocBytes");
        // none has any: the last, whose missing values leave the runs unknown
        assertThat(Metric.source(List.of("clientAllocBytes"), List.of(serverOnly))).isEqualTo("clientAllocBytes");
        assertThat(Metric.CLIENT_ALLOC.of(serverOnly).known()).isFalse();
        assertThat(Metric.THROUGHPUT.source(List.of(both))).isNull();
        assertThat(Metric.SERVER_CPU.source(List.of(both, serverOnly))).isEqualTo("serverCpuMicros");
        assertThat(Metric.SERVER_CPU.of(both, "serverCpuMicros").value()).isEqualTo(20);
    }

    @Test
    void theServersCostsDecideAndTheRestIsContext() {
        assertThat(java.util.Arrays.stream(Metric.values()).filter(Metric::primary)).containsExactly(Metric.SERVER_CPU, Metric.SERVER_ALLOC);
        assertThat(Metric.THROUGHPUT.role()).isEqualTo(Metric.Role.CONTEXT);
        assertThat(Metric.P99.role()).isEqualTo(Metric.Role.CONTEXT);
        assertThat(Metric.CLIENT_CPU.role()).isEqualTo(Metric.Role.CONTEXT);
    }

    @Test
    void aRecordWithoutIterationsIsTakenWhole() {
        CaseRecord c = Runs.closedCase("getUser", 1000, 3);
        assertThat(Metric.THROUGHPUT.of(c).value()).isEqualTo(1000);
        assertThat(Metric.SERVER_CPU.of(c).value()).isEqualTo(22.5);
        assertThat(Metric.P99.of(c).value()).isEqualTo(3);
        assertThat(Metric.THROUGHPUT.worse(0.9)).isTrue();
        assertThat(Metric.SERVER_CPU.worse(0.9)).isFalse();
    }
}
