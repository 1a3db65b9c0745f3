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

    @Test
    void theSummarySaysPerCaseWhichSidesCpuWasTheLimit() {
        RunRecord r = RunRecord.of("seed-java-time", "x-client", "x", "127.0.0.1:20880", RunRecord.CLOSED_LOOP, java.util.Map.of(),
                Samples.jmh(32), null, SaturationTest.env(8, SaturationTest.REMOTE, "none"),
                List.of(SaturationTest.loaded(180, 300), rename(SaturationTest.loaded(100, 200), "listUser")), List.of());
        String table = RunSummary.render(RunSummary.title(r), r);
        assertThat(table).contains("the limit (a side is saturated at 90 % of its cores; see docs/method.md):\n"
                + "getUser     the server's CPU (server 180% of 2 cores, client 300% of 8 cores): the server's capacity\n"
                + "listUser    neither side's CPU (server 100% of 2 cores, client 200% of 8 cores)");
        // an older record without the server's cores says so
        RunRecord older = Samples.run("dubbo-hessian", "hessian2", 32, List.of(Samples.closedCase("getUser", 1234.5, 2.5, 0)));
        assertThat(RunSummary.render("t", older)).contains("getUser     not known (server 62% (cores not known), client 98% of 2 cores)");
    }

    @Test
    void aSaturatedClientSaysHowManySuchClientsWouldSaturateTheServer() {
        // the server: 2 cores at 20 µs a call, so 100,000 calls/s at most; one client: 4 cores at 100 µs a call, 36,000
        // calls/s below 90 % of them: 2 × 100 / (0.9 × 4 × 20) = 2.8, so 3 clients
        CaseRecord c = SaturationTest.loaded(80, 380);
        CaseRecord costly = new CaseRecord(c.name(), c.opsPerSecond(), c.opsError(), c.iterationScores(), c.answeredPerSecond(),
                c.latencyMs(), c.failedLatencyMs(), c.calls(), c.errors(), c.warmupCalls(), c.warmupErrors(), c.problems(),
                c.stillClimbing(), c.wireBytes(), c.cpuAndGc(), new PerCall(20, 100, 1, 1), c.iterations(), c.steady(), null, null, null,
                null, null);
        RunRecord r = RunRecord.of("seed-java-time", "x-client", "x", "127.0.0.1:20880", RunRecord.CLOSED_LOOP, java.util.Map.of(),
                Samples.jmh(32), null, SaturationTest.env(4, SaturationTest.REMOTE, "none"), List.of(costly), List.of());
        Saturation s = r.saturation(r.cases().get(0));
        assertThat(s.limit()).isEqualTo(Saturation.CLIENT);
        assertThat(RunSummary.clientsNeeded(r.cases().get(0), s)).isEqualTo(3);
        assertThat(RunSummary.saturation(r)).contains("the load generator's limit, not the server's capacity; about 3 such clients,"
                + " each on cores of its own, would saturate the server");
        // no estimate where the client was not the one saturated
        RunRecord neither = RunRecord.of("seed-java-time", "x-client", "x", "127.0.0.1:20880", RunRecord.CLOSED_LOOP,
                java.util.Map.of(), Samples.jmh(32), null, SaturationTest.env(8, SaturationTest.REMOTE, "none"), List.of(costly), List.of());
        assertThat(RunSummary.clientsNeeded(neither.cases().get(0), neither.saturation(neither.cases().get(0)))).isZero();
    }

    private static CaseRecord rename(CaseRecord c, String name) {
        return new CaseRecord(name, c.opsPerSecond(), c.opsError(), c.iterationScores(), c.answeredPerSecond(), c.latencyMs(),
                c.failedLatencyMs(), c.calls(), c.errors(), c.warmupCalls(), c.warmupErrors(), c.problems(), c.stillClimbing(),
                c.wireBytes(), c.cpuAndGc(), c.perCall(), c.iterations(), c.steady(), null, null, null, null, null);
    }
}
