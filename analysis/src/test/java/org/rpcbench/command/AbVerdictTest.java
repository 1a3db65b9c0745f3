package org.rpcbench.command;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rpcbench.runs.Checkout;
import org.rpcbench.runs.Interleaved;
import org.rpcbench.runs.RoundOrder;
import org.rpcbench.runs.RunShape;
import org.rpcbench.runs.StandInRuns;
import org.rpcbench.runs.Stop;
import org.rpcbench.runs.WarmupBound;

/** ab's verdict over rounds in which runs failed: FAILED rows with their reasons, and a failed ab, never a silent pass. */
class AbVerdictTest {
    @TempDir
    Path dir;

    List<Interleaved.Round> rounds(String candidate) throws Exception {
        return rounds(dir, candidate);
    }

    /** Three rounds, baseline arm a against {@code candidate}, run in {@code dir}. */
    static List<Interleaved.Round> rounds(Path dir, String candidate) throws Exception {
        Stop stop = Stop.system();
        StandInRuns runs = new StandInRuns(dir, stop, 6);
        Checkout checkout = Checkout.copyOf(dir, "test");
        return new Interleaved(List.of(new Interleaved.Arm("baseline", checkout, List.of("x.arm=a")),
                new Interleaved.Arm("candidate", checkout, List.of("x.arm=" + candidate))), List.of(StandInRuns.PAIR),
                new RunShape("-i 1", List.of(), false, List.of(), List.of()), dir.resolve("out"), 0, 3, new RoundOrder(42), System::nanoTime,
                runs, stop).run((d, e, x) -> { }, new PrintStream(new ByteArrayOutputStream(), true));
    }

    /** Four rounds under the warm-up rule: the jit arm's second run is cut short by it and set aside. */
    List<Interleaved.Round> boundedRounds() throws Exception {
        Stop stop = Stop.system();
        Checkout checkout = Checkout.copyOf(dir, "test");
        return new Interleaved(List.of(new Interleaved.Arm("baseline", checkout, List.of("x.arm=a")),
                new Interleaved.Arm("candidate", checkout, List.of("x.arm=jit"))), List.of(StandInRuns.PAIR),
                new RunShape("-i 1", List.of(), false, List.of(), List.of()), dir.resolve("out"), 0, 4, new RoundOrder(42), System::nanoTime,
                new StandInRuns(dir, stop, 4), stop, WarmupBound.of(60)).run((d, e, x) -> { }, new PrintStream(new ByteArrayOutputStream(), true));
    }

    AbCommand.Verdict verdict() {
        return verdict(1.0);
    }

    /** @param see the change every primary result must have been able to see, as a share */
    AbCommand.Verdict verdict(double see) {
        return new AbCommand.Verdict(List.of("dubbo-hessian"), "the working tree", "the working tree with a bug", false, 0.05, 0, see,
                dir.resolve("out"), null);
    }

    @Test
    void aCandidateThatCannotServeIsAFailedVerdict() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = verdict().print(rounds("fail"), false, new PrintStream(out, true), new PrintStream(err, true));
        assertThat(exit).isEqualTo(1);
        assertThat(out.toString()).contains("3 run(s) FAILED").containsPattern(
                "dubbo-hessian +\\(run\\) +every metric +FAILED +FAILED \\(candidate, rounds 1, 2, 3\\): exit 3: rpc-bench client:");
        assertThat(err.toString()).contains("ab: FAILED: 3 run(s) gave nothing to judge");
        assertThat(Files.readString(dir.resolve("out/ab.md"))).contains("| FAILED (candidate, rounds 1, 2, 3): exit 3");
    }

    @Test
    void aCaseThatCountedErrorsIsAFailedRowJudgedAgainAlike() throws Exception {
        rounds("erring");
        List<Interleaved.Round> again = Interleaved.load(dir.resolve("out"), List.of("baseline", "candidate"), List.of("dubbo-hessian"));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertThat(verdict().print(again, false, new PrintStream(out, true), new PrintStream(new ByteArrayOutputStream(), true)))
                .isEqualTo(1);
        assertThat(out.toString()).containsPattern("getUser +every metric +FAILED +FAILED \\(candidate, rounds 1, 2, 3\\): 7 errors");
    }

    @Test
    void aRunSetAsideIsCountedAndShownNeverFailedNorSilent() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = verdict().print(boundedRounds(), false, new PrintStream(out, true), new PrintStream(err, true));
        String line = "set aside: round 2, candidate dubbo-hessian: its JITs were not quiet within the warm-up bound of 32 s (getUser: 32.0 s)";
        assertThat(out.toString()).contains("4 rounds; 1 run(s) set aside by the warm-up rule").contains(line)
                .doesNotContain("FAILED");
        assertThat(Files.readString(dir.resolve("out/ab.md"))).contains("- " + line);
        // the candidate's level is the baseline's, its three judged rounds say so
        assertThat(exit).as(out.toString()).isZero();

        ByteArrayOutputStream again = new ByteArrayOutputStream();
        verdict().print(Interleaved.load(dir.resolve("out"), List.of("baseline", "candidate"), List.of("dubbo-hessian")), false,
                new PrintStream(again, true), new PrintStream(new ByteArrayOutputStream(), true));
        assertThat(again.toString()).contains(line);
    }

    /** Three rounds of runs that spread by about 2 % cannot see ±0.1 %: INCONCLUSIVE, exit 4, never a pass. */
    @Test
    void anAbWhoseResultsCouldNotSeeTheChangeAskedForIsInconclusiveNeverAPass() throws Exception {
        List<Interleaved.Round> rounds = rounds("a");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = verdict(0.001).print(rounds, false, new PrintStream(out, true), new PrintStream(err, true));
        assertThat(exit).as(out.toString()).isEqualTo(AbCommand.INCONCLUSIVE_EXIT).isEqualTo(4);
        assertThat(out.toString()).containsPattern("dubbo-hessian +getUser +server CPU/call .* INCONCLUSIVE; could have seen .*, not ±0.1 %");
        assertThat(err.toString()).contains("ab: INCONCLUSIVE: ").contains("could not have seen ±0.1 %");
        assertThat(Files.readString(dir.resolve("out/ab.md"))).contains("| INCONCLUSIVE; could have seen");
        // the same rounds, asked to see what they can: a pass
        assertThat(verdict(1.0).print(rounds, false, new PrintStream(new ByteArrayOutputStream(), true),
                new PrintStream(new ByteArrayOutputStream(), true))).isZero();
        // stopped, the stop decides (1 here, the stop's own code in the command)
        assertThat(verdict(0.001).print(rounds, true, new PrintStream(new ByteArrayOutputStream(), true),
                new PrintStream(new ByteArrayOutputStream(), true))).isEqualTo(1);
    }

    /** FAILED wins over SLOWER wins over INCONCLUSIVE: a wide interval never hides a worse or a failed candidate. */
    @Test
    void aSlowerOrAFailedCandidateIsExitOneEvenWhereOtherResultsAreInconclusive() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int exit = verdict(0.001).print(rounds("b"), false, new PrintStream(out, true), new PrintStream(new ByteArrayOutputStream(), true));
        assertThat(out.toString()).contains("SLOWER");
        assertThat(exit).as(out.toString()).isEqualTo(1);
        assertThat(verdict(0.001).print(rounds(dir.resolve("failing"), "fail"), false, new PrintStream(new ByteArrayOutputStream(), true),
                new PrintStream(new ByteArrayOutputStream(), true))).isEqualTo(1);
    }
}
