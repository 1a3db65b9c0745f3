package org.rpcbench.history;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.rpcbench.record.LoadSettings;
import org.rpcbench.record.RunRecord;
import org.rpcbench.report.Runs;

/**
 * What every history store must do, whichever database holds it: keep each run once, give a pair and case's
 * trend in time order and only from comparable runs, and keep what a dashboard reads.
 */
public abstract class HistoryStoreContract {

    /** A fresh, empty store's address, as a user would name it. */
    abstract String store() throws Exception;

    public static final Instant T0 = Instant.parse("2026-11-01T02:17:00.123456789Z");

    public static RunRecord run(String pair, Instant date, int threads, double ops, long errors) {
        return Runs.run(pair, "hessian2", threads, date, List.of(Runs.closedCase("getUser", ops, 1000, errors, 2.5),
                Runs.closedCase("listUser", ops / 2, 5.0)));
    }

    /** A suite's row on a Dubbo release of its own is kept under its key, so the pair's series on the build's release stays its own. */
    @Test
    void aRunKeptUnderARowsKeyIsASeriesApartFromItsPairs() throws Exception {
        String where = store();
        RunRecord today = run("dubbo-hessian", T0, 32, 13000, 0);
        RunRecord old = org.rpcbench.report.Runs.withFramework(run("dubbo-hessian", T0.plusSeconds(60), 32, 12000, 0),
                java.util.Map.of("protocol", "dubbo", "serialization", "hessian2", "frameworkVersion", "3.0.15"));
        try (HistoryStore store = HistoryStore.open(where)) {
            assertThat(store.record(today, "seed-000")).isTrue();
            assertThat(store.record(old, "seed-000", "dubbo-hessian@3.0.15")).isTrue();
            HistoryStore.SeriesKey pair = HistoryStore.SeriesKey.of(today);
            assertThat(store.trend(pair, "getUser", 10)).extracting(TrendPoint::frameworkVersion).containsExactly("3.3.6");
            HistoryStore.SeriesKey row = new HistoryStore.SeriesKey("dubbo-hessian@3.0.15", pair.threads(), pair.jmhSettings(), pair.host());
            assertThat(store.trend(row, "getUser", 10)).extracting(TrendPoint::frameworkVersion).containsExactly("3.0.15");
            assertThat(store.list("dubbo-hessian@3.0.15", "getUser", 10)).hasSize(1);
        }
    }

    @Test
    void keepsEachRunOnceAndGivesItsTrendOldestFirst() throws Exception {
        String where = store();
        RunRecord first = run("dubbo-hessian", T0, 32, 30000, 0);
        // stored out of order, and one with a fraction of a second shorter than another's
        RunRecord third = run("dubbo-hessian", T0.plusSeconds(7200).plusMillis(500), 32, 33000, 0);
        RunRecord second = run("dubbo-hessian", T0.plusSeconds(3600), 32, 31000, 4);
        try (HistoryStore store = HistoryStore.open(where)) {
            assertThat(store.record(first, "seed-001")).isTrue();
            assertThat(store.record(third, "seed-001")).isTrue();
            assertThat(store.record(second, null)).isTrue();
            assertThat(store.record(first, "seed-001")).as("the same run.json twice").isFalse();
        }
        try (HistoryStore store = HistoryStore.open(where)) { // it was written, not only held in memory
            List<TrendPoint> trend = store.trend(HistoryStore.SeriesKey.of(first), "getUser", 10);
            assertThat(trend).extracting(TrendPoint::time).containsExactly(T0.truncatedTo(java.time.temporal.ChronoUnit.MILLIS),
                    T0.plusSeconds(3600).truncatedTo(java.time.temporal.ChronoUnit.MILLIS),
                    T0.plusSeconds(7200).plusMillis(500).truncatedTo(java.time.temporal.ChronoUnit.MILLIS));
            assertThat(trend).extracting(TrendPoint::errors).containsExactly(0L, 4L, 0L);
            assertThat(trend.get(0).opsPerSecond()).isEqualTo(30000.0);
            // 4 of 1004 measured calls failed: only those answered count
            assertThat(trend.get(1).opsPerSecond()).isCloseTo(31000.0 * 1000 / 1004, org.assertj.core.data.Offset.offset(0.01));
            assertThat(trend.get(0).p99Ms()).isEqualTo(2.5);
            assertThat(trend.get(0).frameworkVersion()).isEqualTo("3.3.6");
            assertThat(store.trend(HistoryStore.SeriesKey.of(first), "getUser", 2)).as("the newest two")
                    .extracting(TrendPoint::opsPerSecond).last().isEqualTo(33000.0);
            assertThat(store.trend(HistoryStore.SeriesKey.of(first), "listUser", 10)).hasSize(3);
            assertThat(store.list("dubbo-hessian", "getUser", 10)).hasSize(3);
        }
    }

    @Test
    void aTrendHoldsOnlyRunsOfTheSameConcurrencySettingsAndHost() throws Exception {
        String where = store();
        RunRecord at32 = run("dubbo-kryo", T0, 32, 30000, 0);
        RunRecord at100 = run("dubbo-kryo", T0.plusSeconds(60), 100, 20000, 0);
        RunRecord plain = run("dubbo-kryo", T0.plusSeconds(120), 32, 25000, 0);
        LoadSettings j = plain.jmh();
        RunRecord longer = Runs.with(plain, new LoadSettings(j.harness(), j.jmhVersion(), j.mode(), j.threads(), j.forks(),
                j.warmupIterations(), j.warmupTime(), 30, j.measurementTime(), j.jvm(), j.jvmArgs(), j.callTimeoutMillis(), null, null,
                null));
        RunRecord elsewhere = Runs.onHost(run("dubbo-kryo", T0.plusSeconds(180), 32, 26000, 0), "another-host");
        RunRecord otherPair = run("dubbo-fst", T0.plusSeconds(240), 32, 27000, 0);
        try (HistoryStore store = HistoryStore.open(where)) {
            for (RunRecord r : List.of(at32, at100, longer, elsewhere, otherPair)) {
                assertThat(store.record(r, null)).isTrue();
            }
            assertThat(store.trend(HistoryStore.SeriesKey.of(at32), "getUser", 10)).extracting(TrendPoint::opsPerSecond)
                    .containsExactly(30000.0);
            assertThat(store.trend(HistoryStore.SeriesKey.of(at100), "getUser", 10)).extracting(TrendPoint::opsPerSecond)
                    .containsExactly(20000.0);
            assertThat(store.trend(HistoryStore.SeriesKey.of(at32), "noSuchCase", 10)).isEmpty();
        }
    }

    @Test
    void theSeriesViewGivesADashboardOneRowPerRunAndCaseWithATime() throws Exception {
        String where = store();
        try (HistoryStore store = HistoryStore.open(where)) {
            store.record(run("triple-protobuf", T0, 32, 15000, 0), "seed-000");
            List<String[]> rows = store.query("SELECT pair, case_name, answered_per_second, p99_ms, suite, time"
                    + " FROM rpcbench_series ORDER BY case_name");
            assertThat(rows).hasSize(2);
            assertThat(rows.get(0)).startsWith("triple-protobuf", "getUser");
            assertThat(Double.parseDouble(rows.get(0)[2])).isEqualTo(15000.0);
            assertThat(Double.parseDouble(rows.get(0)[3])).isEqualTo(2.5);
            assertThat(rows.get(0)[4]).isEqualTo("seed-000");
            assertThat(rows.get(0)[5]).startsWith("2026-11-01");
            assertThat(rows.get(1)[1]).isEqualTo("listUser");
        }
    }

    @Test
    void keepsCostsPerCallAndTheDataModelAndRefusesACalibrationRun() throws Exception {
        String where = store();
        RunRecord r = run("dubbo-hessian", T0, 32, 30000, 0);
        try (HistoryStore store = HistoryStore.open(where)) {
            store.record(r, null);
            List<String[]> rows = store.query("SELECT server_cpu_us_per_call, client_alloc_bytes_per_call, data_model"
                    + " FROM rpcbench_series WHERE case_name = 'getUser'");
            assertThat(Double.parseDouble(rows.get(0)[0])).isEqualTo(22.5);
            assertThat(Double.parseDouble(rows.get(0)[1])).isEqualTo(2048.0);
            assertThat(rows.get(0)[2]).isEqualTo("seed-java-time");
            java.util.Map<String, String> calibrated = new java.util.HashMap<>(r.framework());
            calibrated.put(RunRecord.CALIBRATION, "getUser:1100");
            RunRecord calibration = Runs.withFramework(run("dubbo-hessian", T0.plusSeconds(5), 32, 30000, 0), calibrated);
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> store.record(calibration, null))
                    .hasMessageContaining("calibration run").hasMessageContaining("never kept");
            assertThat(store.list("dubbo-hessian", "getUser", 10)).hasSize(1);
            assertThat(store.list("dubbo-hessian", "getUser", 10).get(0).point().serverMicrosPerCall()).isEqualTo(22.5);
            assertThat(store.sameSettings("dubbo-hessian", "getUser", r.hash(), 10)).hasSize(1);
            assertThat(store.sameSettings("dubbo-hessian", "getUser", "nothing-like-it", 10)).isEmpty();
        }
    }

    @Test
    void aRecordThatCannotBeStoredLeavesNothingHalfWritten() throws Exception {
        String where = store();
        RunRecord whole = run("dubbo-hessian", T0, 32, 30000, 0);
        var nameless = whole.cases().get(1);
        // a case with no name: NOT NULL refuses it
        RunRecord broken = Runs.withCases(whole, List.of(whole.cases().get(0), new org.rpcbench.record.CaseRecord(null,
                nameless.opsPerSecond(), nameless.opsError(), nameless.iterationScores(), nameless.answeredPerSecond(),
                nameless.latencyMs(), null, nameless.calls(), 0, 0, 0, List.of(), false, null, null, nameless.perCall(), List.of(), null,
                null, null, null, null, null)));
        try (HistoryStore store = HistoryStore.open(where)) {
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> store.record(broken, null)).isInstanceOf(SQLException.class);
            assertThat(store.query("SELECT run_id FROM rpcbench_run")).isEmpty();
            assertThat(store.query("SELECT run_id FROM rpcbench_result")).isEmpty();
            assertThat(store.record(run("dubbo-hessian", T0, 32, 30000, 0), null)).as("the store still works").isTrue();
        }
    }

    @Test
    void readingAStoreNoRunWasRecordedIntoCreatesNothing() throws Exception {
        String where = store();
        try (HistoryStore store = HistoryStore.open(where)) {
            RunRecord r = run("dubbo-hessian", T0, 32, 30000, 0);
            assertThat(store.list("dubbo-hessian", "getUser", 10)).isEmpty();
            assertThat(store.trend(HistoryStore.SeriesKey.of(r), "getUser", 10)).isEmpty();
            assertThat(store.sameSettings("dubbo-hessian", "getUser", r.hash(), 10)).isEmpty();
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> store.query("SELECT 1 FROM rpcbench_run"))
                    .as("no table was made by reading").isInstanceOf(SQLException.class);
        }
    }

    @Test
    void twoWritersOfOneRunStoreItOnceAndNeitherFails() throws Exception {
        String where = store();
        try (HistoryStore a = HistoryStore.open(where); HistoryStore b = HistoryStore.open(where)) {
            // the schema exists before the race: the race is the run's insert
            a.record(run("dubbo-hessian", T0.minusSeconds(3600), 32, 30000, 0), null);
            java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(2);
            try {
                for (int i = 0; i < 20; i++) {
                    RunRecord same = run("dubbo-hessian", T0.plusSeconds(i), 32, 30000 + i, 0);
                    java.util.concurrent.CyclicBarrier together = new java.util.concurrent.CyclicBarrier(2);
                    var first = pool.submit(() -> {
                        together.await();
                        return a.record(same, null);
                    });
                    var second = pool.submit(() -> {
                        together.await();
                        return b.record(same, null);
                    });
                    assertThat(List.of(first.get(), second.get())).as("run " + i).containsExactlyInAnyOrder(true, false);
                }
            } finally {
                pool.shutdownNow();
            }
            assertThat(a.list("dubbo-hessian", "getUser", 100)).hasSize(21);
            assertThat(a.query("SELECT run_id FROM rpcbench_result")).hasSize(42);
        }
    }
}
