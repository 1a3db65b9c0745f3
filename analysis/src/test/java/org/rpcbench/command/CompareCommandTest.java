package org.rpcbench.command;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rpcbench.history.HistoryStore;
import org.rpcbench.record.CaseRecord;
import org.rpcbench.record.CpuAndGc;
import org.rpcbench.record.PerCall;
import org.rpcbench.record.Records;
import org.rpcbench.record.RunRecord;
import org.rpcbench.report.Runs;

/** compare of stored runs: the statistics over runs where each side holds several, and plain words where one. */
class CompareCommandTest {
    @TempDir
    Path dir;

    final ByteArrayOutputStream out = new ByteArrayOutputStream();
    final ByteArrayOutputStream err = new ByteArrayOutputStream();
    Random noise = new Random(7);

    /** A run whose throughput and server CPU per call are {@code level} times the base, with run-to-run noise of 3 %. */
    RunRecord run(double level, int threads, String version) {
        double jitter = 1 + 0.03 * noise.nextGaussian();
        CaseRecord c = Runs.closedCase("getUser", 30000 / level * jitter, 2.0 * level);
        CaseRecord costed = new CaseRecord(c.name(), c.opsPerSecond(), c.opsError(), c.iterationScores(), c.answeredPerSecond(),
                c.latencyMs(), null, c.calls(), 0, 0, 0, List.of(), false, c.wireBytes(), CpuAndGc.NONE,
                new PerCall(22 * level * (1 + 0.02 * noise.nextGaussian()), 18, 4000, 2000), List.of(), null, null, null, null,
                null, null);
        RunRecord r = Runs.run("dubbo-hessian", "hessian2", threads, Instant.parse("2026-11-25T10:00:00Z").plusSeconds(noise.nextInt(99999)),
                List.of(costed));
        Map<String, String> fw = new HashMap<>(r.framework());
        fw.put("frameworkVersion", version);
        return Runs.withFramework(r, fw);
    }

    /** A side of {@code runs} runs; sides made with the same seed have the same noise. */
    Path side(String name, int runs, double level, int threads, String version) throws Exception {
        noise = new Random(7);
        Path d = dir.resolve(name);
        for (int i = 0; i < runs; i++) {
            Records.write(run(level, threads, version), d.resolve("r" + i).resolve("run.json"));
        }
        return d;
    }

    int compare(String... args) {
        out.reset();
        err.reset();
        return Cli.run("compare", List.of(args), new PrintStream(out, true), new PrintStream(err, true));
    }

    String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void severalRunsASideAreJudgedOverRunsAndAnotherVersionIsWhatIsCompared() throws Exception {
        Path base = side("base", 6, 1.0, 32, "3.3.5");
        Path slower = side("slower", 6, 1.2, 32, "3.3.6");
        Path same = side("same", 6, 1.0, 32, "3.3.6");
        assertThat(compare(base.toString(), slower.toString())).as(out() + err()).isEqualTo(1);
        assertThat(out()).contains("compared: dubbo-hessian: framework.frameworkVersion 3.3.5 vs 3.3.6")
                .containsPattern("dubbo-hessian +getUser +server CPU/call .* SLOWER")
                .containsPattern("dubbo-hessian +getUser +throughput .* worse");
        assertThat(compare(base.toString(), same.toString())).as(out()).isZero();
        assertThat(out()).containsPattern("getUser +server CPU/call .* no change; could have seen \\+[0-9.]+ % / -[0-9.]+ %");
        // the other way round it is faster
        assertThat(compare(slower.toString(), base.toString())).isZero();
        assertThat(out()).containsPattern("getUser +server CPU/call .* faster");
    }

    @Test
    void oneRunASideGivesNoVerdictAndQuotesTheHistorysSpread() throws Exception {
        Path a = dir.resolve("a/run.json");
        Path b = dir.resolve("b/run.json");
        RunRecord first = run(1.0, 32, "3.3.6");
        Records.write(first, a);
        Records.write(run(1.5, 32, "3.3.6"), b);
        String store = dir.resolve("history.db").toString();
        try (HistoryStore h = HistoryStore.open(store)) {
            for (int i = 0; i < 5; i++) {
                h.record(run(1.0, 32, "3.3.6"), null);
            }
        }
        assertThat(compare("--history", store, a.toString(), b.toString())).as(err()).isZero();
        assertThat(out()).containsPattern("getUser +throughput .* -3[0-9]\\.[0-9] % +too few rounds \\(1\\)")
                .contains("one run a side: the run-to-run spread is unknown, so no verdict is drawn for dubbo-hessian getUser")
                .containsPattern("dubbo-hessian getUser: 5 earlier runs with these settings in the history varied by ±[0-9.]+ %");
    }

    @Test
    void runsWithOtherLoadSettingsOrAnotherDataModelAreNotCompared() throws Exception {
        Path four = side("four", 3, 1.0, 4, "3.3.6");
        Path eight = side("eight", 3, 1.0, 8, "3.3.6");
        assertThat(compare(four.toString(), eight.toString())).isEqualTo(3);
        assertThat(err()).contains("differ: dubbo-hessian: load settings 4 threads").contains("not compared");
        assertThat(err().lines()).as("one line naming the problem").hasSize(1);
        assertThat(compare("--allow-different-settings", four.toString(), eight.toString())).isIn(0, 1);

        Path old = dir.resolve("old/run.json");
        Records.write(Records.parse(Records.toJson(run(1.0, 32, "3.3.6")).replace("\"dataModel\" : \"seed-java-time\"",
                "\"dataModel\" : \"epoch-times\"")), old);
        assertThat(compare("--allow-different-settings", old.toString(), four.resolve("r0/run.json").toString())).isEqualTo(3);
        assertThat(err()).contains("dataModel epoch-times vs seed-java-time").contains("different data models");
    }

    @Test
    void badInputIsOneLineAndACaseOnOneSideIsNamed(@TempDir Path empty) throws Exception {
        assertThat(compare(dir.resolve("nothing").toString(), dir.toString())).isEqualTo(2);
        assertThat(err().lines()).containsExactly("rpc-bench compare: no run record at " + dir.resolve("nothing"));
        assertThat(compare("only-one")).isEqualTo(2);
        assertThat(compare("--threshold", "-1", "a", "b")).isEqualTo(2);

        Path a = dir.resolve("x/run.json");
        Path b = dir.resolve("y/run.json");
        RunRecord r = run(1.0, 32, "3.3.6");
        Records.write(r, a);
        Records.write(Runs.withCases(r, List.of(r.cases().get(0), Runs.closedCase("listUser", 100, 5))), b);
        assertThat(compare(a.toString(), b.toString())).isZero();
        assertThat(out()).contains("not compared: dubbo-hessian listUser (only in CURRENT)");
    }

    @Test
    void everyRunOnEachSideIsCheckedNotOnlyTheFirst() throws Exception {
        Path base = side("base", 4, 1.0, 32, "3.3.6");
        Path cur = side("cur", 4, 1.0, 32, "3.3.6");
        // CURRENT's last run had 30 measured iterations where every other had 4
        RunRecord last = Records.read(cur.resolve("r3/run.json"));
        var j = last.jmh();
        Records.write(Runs.with(last, new org.rpcbench.record.LoadSettings(j.harness(), j.jmhVersion(), j.mode(), j.threads(),
                j.forks(), j.warmupIterations(), j.warmupTime(), 30, j.measurementTime(), j.jvm(), j.jvmArgs(),
                j.callTimeoutMillis(), null, null, null)), cur.resolve("r3/run.json"));
        assertThat(compare(base.toString(), cur.toString())).as(out() + err()).isEqualTo(3);
        assertThat(err()).contains("differ: dubbo-hessian: load settings 32 threads, thrpt, 1 fork, 2 x 5 s + 4 x 5 s vs 32"
                + " threads, thrpt, 1 fork, 2 x 5 s + 30 x 5 s")
                .contains("differ: dubbo-hessian (within CURRENT): load settings").contains("not compared");

        // BASELINE pooling two Dubbo versions is refused too; between the sides a version is only a note
        Path mixed = side("mixed", 4, 1.0, 32, "3.3.6");
        RunRecord second = Records.read(mixed.resolve("r1/run.json"));
        Map<String, String> fw = new HashMap<>(second.framework());
        fw.put("frameworkVersion", "3.3.5");
        Records.write(Runs.withFramework(second, fw), mixed.resolve("r1/run.json"));
        assertThat(compare(mixed.toString(), base.toString())).isEqualTo(3);
        assertThat(err()).contains("differ: dubbo-hessian (within BASELINE): framework.frameworkVersion 3.3.6 vs 3.3.5");
        assertThat(err().lines().filter(l -> l.contains("within BASELINE"))).as("said once").hasSize(1);
    }

    @Test
    void aBadRecordOnEitherSideIsOneLineAndExitTwoNeverOne() throws Exception {
        Path good = side("good", 2, 1.0, 32, "3.3.6");
        Path bad = dir.resolve("bad");
        java.nio.file.Files.createDirectories(bad);
        // the record of the issue, which compare once ran into a NullPointerException with, exit 1
        java.nio.file.Files.writeString(bad.resolve("run.json"), "{\"binding\":\"dubbo-hessian\",\"schema\":99}");
        assertThat(compare(bad.toString(), bad.toString())).isEqualTo(2);
        assertThat(err().lines()).containsExactly("rpc-bench compare: cannot read the run record " + bad.resolve("run.json")
                + ": its schema is 99, newer than the 2 this rpc-bench reads (read it with the rpc-bench that wrote it)");
        String noEnvironment = Records.toJson(run(1.0, 32, "3.3.6")).replaceFirst("\"environment\" : \\{[^}]*\\},", "");
        java.nio.file.Files.writeString(bad.resolve("run.json"), noEnvironment);
        assertThat(compare(good.toString(), bad.toString())).isEqualTo(2);
        assertThat(err().lines()).containsExactly("rpc-bench compare: cannot read the run record " + bad.resolve("run.json")
                + ": it lacks environment");
        assertThat(out()).isEmpty();
    }

    @Test
    void attemptsAFailureOrAStopLeftAreLeftOutAndCounted() throws Exception {
        Path base = side("base", 6, 1.0, 32, "3.3.6");
        Path same = side("same", 6, 1.0, 32, "3.3.6");
        // a failed attempt and a stopped one, kept beside the runs made again: of another build, twice as slow
        Records.write(run(2.0, 32, "9.9.9"), same.resolve("r1.failed-1/run.json"));
        Records.write(run(2.0, 32, "9.9.9"), same.resolve("r2.stopped-1/c32/run.json"));
        assertThat(compare(base.toString(), same.toString())).as(out() + err()).isZero();
        assertThat(out()).contains("compared: " + same + ": 2 attempt(s) left out (NAME.failed-N, NAME.stopped-N: a run that failed"
                + " or was stopped and was run again is no result)").doesNotContain("9.9.9");
        // named itself, an attempt is read
        assertThat(compare(same.resolve("r1.failed-1").toString(), same.resolve("r1.failed-1").toString())).as(err()).isZero();
    }

    @Test
    void aSubfolderThatCannotBeReadIsNamedInOneLineAndExitTwo() throws Exception {
        Path base = side("base", 2, 1.0, 32, "3.3.6");
        Path locked = java.nio.file.Files.createDirectories(base.resolve("locked"));
        java.nio.file.Files.setPosixFilePermissions(locked, java.util.Set.of());
        org.junit.jupiter.api.Assumptions.assumeFalse(java.nio.file.Files.isReadable(locked), "run as a user permissions bind");
        try {
            assertThat(compare(base.toString(), base.toString())).isEqualTo(2);
            assertThat(err().lines()).containsExactly("rpc-bench compare: cannot read " + locked + ": permission denied (every run below "
                    + base + " is read)");
        } finally {
            java.nio.file.Files.setPosixFilePermissions(locked, java.nio.file.attribute.PosixFilePermissions.fromString("rwx------"));
        }
    }
}
