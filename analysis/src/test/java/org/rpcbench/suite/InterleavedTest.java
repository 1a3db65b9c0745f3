package org.rpcbench.suite;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rpcbench.analysis.Failed;
import org.rpcbench.analysis.Metric;
import org.rpcbench.analysis.Verdicts;
import org.rpcbench.record.CaseRecord;
import org.rpcbench.record.CpuAndGc;
import org.rpcbench.record.PerCall;
import org.rpcbench.record.Records;
import org.rpcbench.report.Runs;

/**
 * Interleaved rounds against a stand-in benchmark.sh that writes a prepared record for each arm (chosen by a
 * switch), so the rounds' order, their stopping rule, a failed run and the verdict drawn from them are
 * tested without a real server.
 */
class InterleavedTest {
    @TempDir
    Path checkout;

    /** Prepared records: arm a at CPU 20 µs a call, arm b at 24 (20 % more), each with its own run-to-run noise. */
    void prepare(int runs) throws Exception {
        Random noise = new Random(11);
        for (String arm : List.of("a", "b")) {
            for (int i = 0; i < runs; i++) {
                double level = (arm.equals("a") ? 20 : 24) * (1 + 0.02 * noise.nextGaussian());
                CaseRecord c = Runs.closedCase("getUser", 30000, 2);
                c = new CaseRecord(c.name(), c.opsPerSecond(), c.opsError(), c.iterationScores(), c.answeredPerSecond(), c.latencyMs(),
                        null, c.calls(), 0, 0, 0, List.of(), false, null, CpuAndGc.NONE, new PerCall(level, 15, 100, 100), List.of(),
                        null, null, null, null, null, null);
                Records.write(Runs.run("dubbo-hessian", "hessian2", List.of(c)), checkout.resolve("records/" + arm + i + ".json"));
            }
        }
        // benchmark.sh as far as the rounds use it: -f FILE, -o x.arm=ARM, then the pair; the Nth run of an arm
        // copies its Nth record; a run of arm "fail" fails
        Path script = checkout.resolve("benchmark.sh");
        Files.writeString(script, """
                #!/usr/bin/env bash
                set -e
                while getopts ":nf:a:o:t:c" opt; do
                  case "$opt" in f) out="$OPTARG" ;; o) arm="${OPTARG#x.arm=}" ;; esac
                done
                [[ "$arm" == fail ]] && { echo "rpc-bench client: cannot benchmark dubbo-hessian: IllegalStateException"; exit 3; }
                if [[ "$arm" == erring ]]; then # a run that wrote its record, with errors in it, then exited 1
                  mkdir -p "$(dirname "$out")"; cp "$(dirname "$0")/records/erring.json" "$(dirname "$out")/run.json"; exit 1
                fi
                if [[ "$arm" == stopper ]]; then # a run during which the orchestrator is told to stop
                  echo x >> "$(dirname "$0")/count-stopper"; touch "$(dirname "$0")/stop-now"; sleep 1; exit 143
                fi
                n=$(cat "$(dirname "$0")/count-$arm" 2>/dev/null || echo 0)
                echo $((n + 1)) > "$(dirname "$0")/count-$arm"
                mkdir -p "$(dirname "$out")"
                cp "$(dirname "$0")/records/$arm$n.json" "$(dirname "$out")/run.json"
                echo "ran $arm $n"
                """);
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    /** A record whose getUser counted errors (its first problem said), as a client that met them writes it. */
    void prepareErring() throws Exception {
        CaseRecord c = Runs.closedCase("getUser", 30000, 2);
        c = new CaseRecord(c.name(), c.opsPerSecond(), c.opsError(), c.iterationScores(), c.answeredPerSecond(), c.latencyMs(),
                null, c.calls(), 7, 0, 0, List.of("getUser: IllegalStateException: broken on purpose"), false, null, CpuAndGc.NONE,
                new PerCall(20, 15, 100, 100), List.of(), null, null, null, null, null, null);
        Records.write(Runs.run("dubbo-hessian", "hessian2", List.of(c)), checkout.resolve("records/erring.json"));
    }

    /** Each round takes 100 s on this clock: the test moves it as a round ends. */
    final java.util.concurrent.atomic.AtomicLong now = new java.util.concurrent.atomic.AtomicLong();

    List<Interleaved.Round> rounds(List<Interleaved.Arm> arms, long budget, int max, List<Integer> seen) throws Exception {
        Interleaved rounds = new Interleaved(arms, List.of("dubbo-hessian"), "-i 1", List.of(), false, checkout.resolve("out"),
                budget, max, new RoundOrder(42), now::get);
        return rounds.run((done, elapsed, expected) -> {
            seen.add(done.size());
            now.addAndGet(100_000_000_000L);
        }, new PrintStream(new ByteArrayOutputStream(), true));
    }

    @Test
    void everyArmRunsOnceARoundAndTheVerdictComesFromThePairedRounds() throws Exception {
        prepare(8);
        PairRunner runner = new PairRunner(checkout);
        List<Integer> seen = new ArrayList<>();
        List<Interleaved.Round> done = rounds(List.of(new Interleaved.Arm("baseline", runner, List.of("x.arm=a")),
                new Interleaved.Arm("candidate", runner, List.of("x.arm=b"))), 0, 8, seen);
        assertThat(done).hasSize(8);
        assertThat(seen).containsExactly(1, 2, 3, 4, 5, 6, 7, 8);
        assertThat(done).allMatch(r -> r.records().size() == 2 && r.failures().isEmpty());
        assertThat(Files.exists(checkout.resolve("out/r01/baseline-dubbo-hessian/benchmark.log"))).isTrue();

        var family = Verdicts.judge(PairedRounds.inputs(done, "baseline", "candidate", List.of("dubbo-hessian")), 0.05, 0);
        Verdicts.Row cpu = family.rows().stream().filter(r -> r.input().metric() == Metric.SERVER_CPU).findFirst().orElseThrow();
        assertThat(cpu.verdict()).isEqualTo("SLOWER");
        assertThat(cpu.input().estimate().ratio()).isBetween(1.15, 1.25);
        assertThat(PairedRounds.soFar(done, "baseline", "candidate", List.of("dubbo-hessian"))).contains("getUser server CPU/call +");
    }

    @Test
    void aCandidateThatCannotServeIsAFailedVerdictNeverASilentPass() throws Exception {
        prepare(4);
        PairRunner runner = new PairRunner(checkout);
        List<Interleaved.Round> done = rounds(List.of(new Interleaved.Arm("baseline", runner, List.of("x.arm=a")),
                new Interleaved.Arm("candidate", runner, List.of("x.arm=fail"))), 0, 3, new ArrayList<>());
        assertThat(done).hasSize(3).allMatch(r -> r.failures().size() == 1 && r.records().size() == 1);
        Interleaved.Failure f = done.get(0).failures().get(0);
        assertThat(f.arm()).isEqualTo("candidate");
        assertThat(f.caseName()).isEqualTo(Failed.WHOLE_RUN);
        assertThat(f.reason()).isEqualTo("exit 3: rpc-bench client: cannot benchmark dubbo-hessian: IllegalStateException");
        assertThat(PairedRounds.inputs(done, "baseline", "candidate", List.of("dubbo-hessian"))).isEmpty();

        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = verdict().print(done, false, new PrintStream(out, true), new PrintStream(err, true));
        assertThat(exit).isEqualTo(1);
        assertThat(out.toString()).contains("3 run(s) FAILED").containsPattern(
                "dubbo-hessian +\\(run\\) +every metric +FAILED +FAILED \\(candidate, rounds 1, 2, 3\\): exit 3: rpc-bench client:");
        assertThat(err.toString()).contains("ab: FAILED: 3 run(s) gave nothing to judge");
        assertThat(Files.readString(checkout.resolve("out/ab.md"))).contains("| FAILED (candidate, rounds 1, 2, 3): exit 3");
    }

    @Test
    void aCaseThatCountedErrorsIsAFailedRowOfItsOwnAndAJudgementAgainTakesTheSameRuns() throws Exception {
        prepare(4);
        prepareErring();
        PairRunner runner = new PairRunner(checkout);
        List<Interleaved.Round> done = rounds(List.of(new Interleaved.Arm("baseline", runner, List.of("x.arm=a")),
                new Interleaved.Arm("candidate", runner, List.of("x.arm=erring"))), 0, 3, new ArrayList<>());
        Interleaved.Failure f = done.get(0).failures().get(0);
        assertThat(f.caseName()).isEqualTo("getUser");
        assertThat(f.reason()).isEqualTo("7 errors in 1007 calls; first: getUser: IllegalStateException: broken on purpose");

        // each erring run left a record; judged again, they are still the runs that failed, not results
        List<Interleaved.Round> again = Interleaved.load(checkout.resolve("out"), List.of("baseline", "candidate"),
                List.of("dubbo-hessian"));
        assertThat(again).hasSize(3).allMatch(r -> r.records().size() == 1 && r.failures().size() == 1);
        assertThat(again.get(2).failures()).isEqualTo(done.get(2).failures());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertThat(verdict().print(again, false, new PrintStream(out, true), new PrintStream(new ByteArrayOutputStream(), true)))
                .isEqualTo(1);
        assertThat(out.toString()).containsPattern("getUser +every metric +FAILED +FAILED \\(candidate, rounds 1, 2, 3\\): 7 errors");
    }

    @Test
    void aStopEndsTheRoundsAndNoRunStartsAfterIt() throws Exception {
        prepare(4);
        PairRunner runner = new PairRunner(checkout);
        Interleaved rounds = new Interleaved(List.of(new Interleaved.Arm("only", runner, List.of("x.arm=stopper"))),
                List.of("dubbo-hessian"), "-i 1", List.of(), false,
                checkout.resolve("out"), 0, 5, new RoundOrder(42), now::get);
        Thread stopper = new Thread(() -> {
            while (!Files.exists(checkout.resolve("stop-now"))) {
                Thread.onSpinWait();
            }
            rounds.stop();
        });
        stopper.start();
        List<Interleaved.Round> done = rounds.run((d, elapsed, expected) -> { }, new PrintStream(new ByteArrayOutputStream(), true));
        stopper.join();
        assertThat(done).isEmpty();
        assertThat(Files.readAllLines(checkout.resolve("count-stopper"))).as("runs started, the stop came in the first").hasSize(1);
        assertThat(runner.run(new PairRunner.Run("dubbo-hessian", checkout.resolve("late"), "-i 1", List.of(), List.of("x.arm=a"), false,
                java.util.Map.of(), null))).isEqualTo(PairRunner.STOPPED);
        assertThat(Files.exists(checkout.resolve("count-a"))).isFalse();
    }

    private AbCommand.Verdict verdict() {
        return new AbCommand.Verdict(List.of("dubbo-hessian"), "the working tree", "the working tree with a bug", false, 0.05, 0,
                checkout.resolve("out"));
    }

    @Test
    void aBudgetStopsBeforeARoundThatWouldOverrunIt() throws Exception {
        prepare(8);
        PairRunner runner = new PairRunner(checkout);
        // 100 s a round and 250 s in all: after two rounds a third would end at 300 s
        List<Integer> seen = new ArrayList<>();
        List<Interleaved.Round> done = rounds(List.of(new Interleaved.Arm("baseline", runner, List.of("x.arm=a"))), 250, 0, seen);
        assertThat(done).hasSize(2);
        assertThat(seen).containsExactly(1, 2);
    }
}
