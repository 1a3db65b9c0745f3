package org.rpcbench.command;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rpcbench.record.CaseRecord;
import org.rpcbench.record.LoadSettings;
import org.rpcbench.record.Records;
import org.rpcbench.record.RunRecord;
import org.rpcbench.report.Runs;
import org.rpcbench.runs.PairRun;
import org.rpcbench.runs.PairRunSettings;
import org.rpcbench.runs.PairRunner;
import org.rpcbench.runs.StandInGo;

/** The high-pressure scene's two sets, with runs that stand in for the processes: what each is given, and the verdicts. */
class PressureCommandTest {
    @TempDir
    Path root;

    final List<PairRunSettings> ran = Collections.synchronizedList(new ArrayList<>());

    static final String GC = "[1.000s][info][gc] GC(%d) Pause Young (Normal) (G1 Evacuation Pause) 120M->20M(2048M) 2.500ms\n";

    /** A run that leaves the record of the pressure scene, with {@code errors} in its person echo, and quiet GC logs. */
    PairRunner standIn(long errors) {
        return settings -> {
            ran.add(settings);
            Path dir = settings.resultFile().getParent();
            List<CaseRecord> cases = List.of(tenIterations("echo50K", 0), tenIterations("echoPojo", errors), tenIterations("echoPersons", 0));
            RunRecord r = Runs.run("ready", "hessian2", cases);
            LoadSettings j = r.jmh();
            Records.write(Runs.with(r, new LoadSettings(j.harness(), j.jmhVersion(), j.mode(), 20, 1, j.warmupIterations(), j.warmupTime(),
                    j.measurementIterations(), j.measurementTime(), null, List.of(), null, null, null, null, null,
                    Map.of("echoSwitched", 7, "echoPojo", 7, "echoPersons", 6))), dir.resolve("run.json"));
            StringBuilder gc = new StringBuilder();
            for (int i = 0; i < 10; i++) {
                gc.append(String.format(GC, i));
            }
            Files.writeString(dir.resolve("server-gc.log"), gc);
            Files.writeString(dir.resolve("client-gc.log"), gc);
            return new PairRun.Result(0, List.of(dir.resolve("run.json")), false);
        };
    }

    /** A case of ten steady iterations over a minute, as the soak's verdict reads one. */
    static CaseRecord tenIterations(String name, long errors) {
        CaseRecord c = Runs.closedCase(name, 1000, 1000, errors, 2);
        return new CaseRecord(c.name(), c.opsPerSecond(), c.opsError(), List.of(java.util.Collections.nCopies(10, 1000.0)),
                c.answeredPerSecond(), c.latencyMs(), null, c.calls(), errors, 0, 0, List.of(), false, null,
                new org.rpcbench.record.CpuAndGc(new org.rpcbench.record.ProcessUse(90, 1L, 0L, 1, 60), null), c.perCall(), List.of(), null,
                null, null, null, null, null);
    }

    Captured cli(PairRunner runner) throws Exception {
        StandInGo.checkout(root, "ready");
        Captured cli = new Captured();
        cli.root = root;
        cli.env = Map.of("RPCBENCH_HISTORY", "off");
        cli.runner = runner;
        return cli;
    }

    @Test
    void twoSetsRunAtOnceEachItsOwnServerAndClientWithOneSeedAndAVerdictEach() throws Exception {
        Captured cli = cli(standIn(0));
        int exit = cli.run("-n", "-D", "60s", "pressure", "--switch-every", "10s", "--size-seed", "77", "ready");
        assertThat(exit).as(cli.out() + cli.err()).isZero();
        assertThat(ran).hasSize(2);
        assertThat(ran).extracting(s -> s.resultFile().getParent().getFileName().toString()).containsExactlyInAnyOrder("set-1", "set-2");
        for (PairRunSettings s : ran) {
            assertThat(s.clientJvm()).contains("-Drpcbench.sizes.seed=77", "-Drpcbench.sizes.everyMillis=10000", "-Djmh.ignoreLock=true")
                    .anyMatch(a -> a.startsWith("-Xlog:gc:file=") && a.endsWith(s.resultFile().getParent().resolve("client-gc.log").toString()));
            assertThat(s.serverJvm()).anyMatch(a -> a.endsWith(s.resultFile().getParent().resolve("server-gc.log").toString()));
            assertThat(s.clientArgs()).endsWith("pressure").contains("-f", "0");
            assertThat(s.concurrency()).containsExactly(20);
            assertThat(s.log()).isEqualTo(s.resultFile().getParent().resolve("run.log"));
        }
        assertThat(cli.out()).contains("size seed 77 (--size-seed 77 draws the same sizes)").contains("set 1 (").contains("set 2 (")
                .contains("echoSwitched 7, echoPojo 7, echoPersons 6 of 20 callers");
        assertThat(cli.out().split("PASSED", -1)).as("a verdict a set").hasSize(3);
        assertThat(cli.out().split("pressure verdict for ready:", -1)).hasSize(3);
    }

    @Test
    void aSetWithAnErrorFailsThePressureRun() throws Exception {
        Captured cli = cli(standIn(3));
        assertThat(cli.run("-n", "-D", "60s", "pressure", "--switch-every", "10s", "ready")).isEqualTo(1);
        assertThat(cli.out()).contains("FAILED").containsPattern("size seed [0-9]+ \\(--size-seed");
    }

    @Test
    void aSizeThatWouldNeverSwitchIsBadInput() throws Exception {
        Captured cli = cli(standIn(0));
        assertThat(cli.run("-n", "-D", "60s", "pressure", "ready")).isEqualTo(2);
        assertThat(cli.errLines()).containsExactly("benchmark.sh: --switch-every 600s is not shorter than -D 60s: the size would never switch");
        assertThat(ran).isEmpty();
    }
}
