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
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
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
                [[ "$arm" == fail ]] && { echo "failing as asked"; exit 1; }
                n=$(cat "$(dirname "$0")/count-$arm" 2>/dev/null || echo 0)
                echo $((n + 1)) > "$(dirname "$0")/count-$arm"
                mkdir -p "$(dirname "$out")"
                cp "$(dirname "$0")/records/$arm$n.json" "$(dirname "$out")/run.json"
                echo "ran $arm $n"
                """);
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
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

        var family = Verdicts.judge(PairedRounds.inputs(done, "baseline", "candidate", List.of("dubbo-hessian"),
                new SplittableRandom(1)), 0.05, 0);
        Verdicts.Row cpu = family.rows().stream().filter(r -> r.input().metric() == Metric.SERVER_CPU).findFirst().orElseThrow();
        assertThat(cpu.verdict()).isEqualTo("SLOWER");
        assertThat(cpu.input().estimate().ratio()).isBetween(1.15, 1.25);
        assertThat(PairedRounds.soFar(done, "baseline", "candidate", List.of("dubbo-hessian"))).contains("getUser server CPU/call +");
    }

    @Test
    void aFailedRunIsCountedAndItsRoundLeftOutOfItsPair() throws Exception {
        prepare(4);
        PairRunner runner = new PairRunner(checkout);
        List<Interleaved.Round> done = rounds(List.of(new Interleaved.Arm("baseline", runner, List.of("x.arm=a")),
                new Interleaved.Arm("candidate", runner, List.of("x.arm=fail"))), 0, 3, new ArrayList<>());
        assertThat(done).hasSize(3).allMatch(r -> r.failures().size() == 1 && r.records().size() == 1);
        assertThat(done.get(0).failures().get(0)).startsWith("candidate dubbo-hessian (exit 1");
        var inputs = PairedRounds.inputs(done, "baseline", "candidate", List.of("dubbo-hessian"), new SplittableRandom(1));
        assertThat(inputs).isEmpty();
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
