package org.rpcbench.record;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class RunSummaryTest {

    @Test
    void theSummaryShowsThroughputLatencyCostsAndFailures() {
        RunRecord r = Samples.run("dubbo-hessian", "hessian2", 32, List.of(Samples.closedCase("getUser", 1234.5, 2.5, 0),
                Samples.closedCase("listUser", 10, 8, 2)));
        String table = RunSummary.render(RunSummary.title(r), r);
        assertThat(table).contains("rpc-bench dubbo-hessian (dubbo + hessian2, Apache Dubbo 3.3.6) against 127.0.0.1:20880")
                .contains("1234.5").contains("± 24.7").contains("FAILED: 2 failed calls took up to 48.0 ms; wrong answer: x")
                .contains("server µs/c").contains("20.0").contains("16.0");
    }

    @Test
    void aFailedCaseSaysHowManyOtherKindsOfProblemItMet() {
        CaseRecord c = Samples.closedCase("listUser", 10, 8, 3);
        ProblemTally t = new ProblemTally();
        t.add("wrong answer: x");
        t.add("HttpTimeoutException: request timed out");
        t.add("IOException: closed");
        CaseRecord kinds = new CaseRecord(c.name(), c.opsPerSecond(), c.opsError(), c.iterationScores(), c.answeredPerSecond(),
                c.latencyMs(), c.failedLatencyMs(), c.calls(), c.errors(), c.warmupCalls(), c.warmupErrors(), c.problems(),
                c.stillClimbing(), c.wireBytes(), c.cpuAndGc(), c.perCall(), c.iterations(), c.steady(), null, null, null, null, null,
                null, t.kinds(), null);
        assertThat(RunSummary.note(kinds)).endsWith("wrong answer: x (and 2 other kinds of problem: run.json's problemKinds)");
        assertThat(RunSummary.note(c)).endsWith("wrong answer: x");
    }

    @Test
    void theCostsShowTheServersThreadsCpuBesideTheWholeProcessAndNaWhereNotRead() {
        CaseRecord c = Samples.closedCase("getUser", 1234.5, 2.5, 0);
        PerCall perCall = new PerCall(20, 16, 40, 32, 17.25, 1.5, 0.75, 0.125, 12, 1, 1, 1);
        CaseRecord threads = new CaseRecord(c.name(), c.opsPerSecond(), c.opsError(), c.iterationScores(), c.answeredPerSecond(),
                c.latencyMs(), c.failedLatencyMs(), c.calls(), c.errors(), c.warmupCalls(), c.warmupErrors(), c.problems(),
                c.stillClimbing(), c.wireBytes(), c.cpuAndGc(), perCall, c.iterations(), c.steady(), null, null, null, null, null);
        String costs = RunSummary.costs(List.of(threads, Samples.closedCase("listUser", 10, 8, 0)));
        assertThat(costs).contains("svc/jit/gc µs/c");
        assertThat(costs.lines().filter(l -> l.startsWith("getUser")).findFirst().orElseThrow()).contains(" 17.25/1.50/0.75 ");
        assertThat(costs.lines().filter(l -> l.startsWith("listUser")).findFirst().orElseThrow()).contains(" n/a ");
    }

    @Test
    void aMissingCaseIsAFailedRow() {
        String table = RunSummary.closedLoop("t", List.of(), List.of("existUser"));
        assertThat(table).contains("existUser   FAILED: no result");
    }
}
