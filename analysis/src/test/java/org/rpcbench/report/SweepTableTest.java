package org.rpcbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.rpcbench.record.CaseRecord;
import org.rpcbench.record.RunRecord;

class SweepTableTest {

    RunRecord closed(String pair, int threads, double ops, long calls, long errors) {
        return Runs.run(pair, "protobuf", threads, Instant.parse("2026-11-25T10:00:00Z"),
                List.of(Runs.closedCase("getUser", ops, calls, errors, 3)));
    }

    ReportTable sweep(List<RunRecord> records) {
        return ReportTable.ofSweep("t", records.stream().map(RunRecord::binding).distinct().toList(), records);
    }

    @Test
    void oneRowPerCaseAndConcurrencyWithTheSuccessRate() {
        String table = SweepTable.text(sweep(List.of(closed("dubbo-hessian", 100, 20000.5, 1000, 0),
                closed("dubbo-hessian", 500, 15000, 990, 10))), null);
        assertThat(table).contains("concurrency sweep of dubbo-hessian");
        assertThat(table.lines().filter(l -> l.startsWith("getUser")).toList()).containsExactly(
                "getUser             100      20000.5     1.000     0.750     0.150    18.000     3.000      100%       0",
                "getUser             500      14850.0     1.000     0.750     0.150    18.000     3.000    99.00%      10");
    }

    @Test
    void theSeedsPublishedThroughputStandsBesideOursWhereItMeasuredTheCell() {
        SeedFigures seed = SeedFigures.ofThroughput("seed 002", "dubbo-hessian",
                java.util.Map.of("dubbo-hessian", java.util.Map.of("getUser @100", 43089.0)));
        ReportTable table = sweep(List.of(closed("dubbo-hessian", 100, 20000.5, 1000, 0), closed("dubbo-hessian", 500, 15000, 990, 10)));
        assertThat(SweepTable.text(table, seed).lines().filter(l -> l.startsWith("getUser")).toList()).containsExactly(
                "getUser             100      20000.5     1.000     0.750     0.150    18.000     3.000      100%       0        43089",
                "getUser             500      14850.0     1.000     0.750     0.150    18.000     3.000    99.00%      10             ");
        assertThat(SweepTable.markdown(table, seed)).contains("| seed |").contains("| 0 | 43089 |").contains("published");
    }

    @Test
    void oneFailedCallInAMillionIsNotShownAsAHundredPercent() {
        assertThat(SweepTable.percent(999_999, 1)).isEqualTo("99.9999%");
        assertThat(SweepTable.percent(470_798, 1)).isEqualTo("99.9998%");
        assertThat(SweepTable.percent(5, 0)).isEqualTo("100%");
        assertThat(SweepTable.percent(0, 0)).isEqualTo("n/a");
    }

    @Test
    void anOpenLoopSweepShowsTheAchievedRateAndSaysHowItWasTimed() {
        String table = SweepTable.text(sweep(List.of(Runs.openLoop("grpc-protobuf", 64, Runs.openCase("listUser", 1000, 998, 100)))), null);
        assertThat(table).contains("timed from when each call was due");
        assertThat(table).contains("listUser             64        998.0");
    }

    @Test
    void aSuiteOfSeveralPairsNamesThePairOnEveryRowGroupedByPair() {
        List<RunRecord> records = List.of(closed("grpc-protobuf", 100, 9000, 900, 0), closed("thrift", 100, 30000, 3000, 0),
                closed("grpc-protobuf", 500, 8000, 800, 2));
        String table = SweepTable.text(sweep(records), null);
        assertThat(table).contains("concurrency sweep of grpc-protobuf, thrift");
        assertThat(table.lines().filter(l -> l.contains("getUser")).map(l -> l.split(" +")[0] + " " + l.split(" +")[2]))
                .containsExactly("grpc-protobuf 100", "grpc-protobuf 500", "thrift 100");
        String md = SweepTable.markdown(sweep(records), null);
        assertThat(md).contains("| pair | case | concurrency | throughput |");
        // 2 of 800 calls failed: the throughput counts the 798 answered
        assertThat(md).contains("| grpc-protobuf | getUser | 500 | 7980.0 |").contains("| 99.75% | 2 |");
    }

    @Test
    void callsThatFailFastAreNotThroughput() {
        // a broken connection fails calls in microseconds: JMH counts them as operations
        String table = SweepTable.text(sweep(List.of(closed("dubbo-hessian", 500, 150_000, 1_000, 99_000))), null);
        assertThat(table.lines().filter(l -> l.startsWith("getUser")).findFirst().orElseThrow())
                .contains("  1500.0 ").contains("1.00%");
    }

    @Test
    void seed002sOwnFiguresStandBesideOursKindByKindWithTheTpsOverItsWallClock() {
        SeedFigures seed = new SeedFigures("seed 002", "grpc-go", "the column it heads p99 is its 99.9th percentile", null,
                List.of("clients", "mean", "p50", "max", "min", "p99.9", "opsPerSecond"), List.of(new SeedFigures.Figure("grpc-go",
                null, "getUser @100", java.util.Map.of("clients", java.math.BigDecimal.valueOf(100),
                "mean", java.math.BigDecimal.valueOf(3), "p50", java.math.BigDecimal.valueOf(2), "max", java.math.BigDecimal.valueOf(55),
                "min", java.math.BigDecimal.ZERO, "p99.9", java.math.BigDecimal.valueOf(14), "opsPerSecond", java.math.BigDecimal.valueOf(33089)))));
        // 10000 calls at 20000/s: a window of 0.5 s; its connections took 0.5 s more to open, so 10000 calls in 1 s of wall time
        CaseRecord timed = Runs.closedCase("getUser", 20000, 10000, 0, 3);
        CaseRecord c = new CaseRecord(timed.name(), timed.opsPerSecond(), timed.opsError(), timed.iterationScores(),
                timed.answeredPerSecond(), timed.latencyMs(), timed.failedLatencyMs(), timed.calls(), timed.errors(), timed.warmupCalls(),
                timed.warmupErrors(), timed.problems(), timed.stillClimbing(), timed.wireBytes(), timed.cpuAndGc(), timed.perCall(),
                timed.iterations(), timed.steady(), null, null, null, null, null, List.of(), null, 0.5);
        ReportTable table = sweep(List.of(Runs.run("grpc-go", "protobuf", 100, java.time.Instant.parse("2026-11-25T10:00:00Z"),
                List.of(c)), closed("grpc-go", 500, 9000, 900, 0)));
        String text = SweepTable.text(table, seed);
        assertThat(text).contains("its 99.9th percentile").contains("TPS wall");
        List<String> beside = text.lines().dropWhile(l -> !l.startsWith("pair ")).toList();
        assertThat(beside.get(1).split(" +")).containsExactly("grpc-go", "100", "20000", "10000", "33089", "1.000", "3", "0.750",
                "2", "18.000", "55", "0.150", "0", "6.000", "14");
        // no seed figure at 500, and no connection time recorded: ours alone, the wall rate unknown
        assertThat(beside.get(2).split(" +")).startsWith("grpc-go", "500", "9000", "n/a", "1.000");
        assertThat(SweepTable.markdown(table, seed)).contains("| pair | clients | TPS | TPS wall | seed TPS |")
                .contains("| grpc-go | 100 | 20000 | 10000 | 33089 |");
    }
}
