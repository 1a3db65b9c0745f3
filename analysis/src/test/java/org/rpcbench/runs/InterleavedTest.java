package org.rpcbench.runs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rpcbench.analysis.Failed;
import org.rpcbench.analysis.Metric;
import org.rpcbench.analysis.RoundSizing;
import org.rpcbench.analysis.Verdicts;

/**
 * Interleaved rounds against stand-in runs that write a prepared record for each arm ({@link StandInRuns}), so
 * the rounds' order, their stopping rule, a failed run and the runs a judgement again takes are tested
 * without a real server.
 */
class InterleavedTest {
    @TempDir
    Path dir;

    final Stop stop = Stop.system();

    /** Each round takes 100 s on this clock: the test moves it as a round ends. */
    final java.util.concurrent.atomic.AtomicLong now = new java.util.concurrent.atomic.AtomicLong();

    static final RunShape SHAPE = new RunShape("-i 1", List.of(), false, List.of(), List.of());

    Interleaved.Arm arm(String name, String standIn) {
        return new Interleaved.Arm(name, Checkout.copyOf(dir, "test"), List.of("x.arm=" + standIn));
    }

    List<Interleaved.Round> rounds(StandInRuns runs, List<Interleaved.Arm> arms, long budget, int max, List<Integer> seen) throws Exception {
        Interleaved rounds = new Interleaved(arms, List.of(StandInRuns.PAIR), SHAPE, dir.resolve("out"), budget, max, new RoundOrder(42),
                now::get, runs, stop);
        return rounds.run((done, elapsed, expected) -> {
            seen.add(done.size());
            now.addAndGet(100_000_000_000L);
        }, new PrintStream(new ByteArrayOutputStream(), true));
    }

    @Test
    void everyArmRunsOnceARoundAndTheVerdictComesFromThePairedRounds() throws Exception {
        StandInRuns runs = new StandInRuns(dir, stop, 8);
        List<Integer> seen = new ArrayList<>();
        List<Interleaved.Round> done = rounds(runs, List.of(arm("baseline", "a"), arm("candidate", "b")), 0, 8, seen);
        assertThat(done).hasSize(8);
        assertThat(seen).containsExactly(1, 2, 3, 4, 5, 6, 7, 8);
        assertThat(done).allMatch(r -> r.records().size() == 2 && r.failures().isEmpty());
        assertThat(done.get(0).records().keySet()).containsExactlyInAnyOrder(new ArmPair("baseline", "dubbo-hessian"),
                new ArmPair("candidate", "dubbo-hessian"));
        assertThat(Files.exists(dir.resolve("out/r01/baseline-dubbo-hessian/benchmark.log"))).isTrue();

        var family = Verdicts.judge(PairedRounds.inputs(done, "baseline", "candidate", List.of("dubbo-hessian")), 0.05, 0);
        Verdicts.Row cpu = family.rows().stream().filter(r -> r.input().metric() == Metric.SERVER_CPU).findFirst().orElseThrow();
        assertThat(cpu.verdict()).isEqualTo("SLOWER");
        assertThat(cpu.input().estimate().ratio()).isBetween(1.15, 1.25);
        assertThat(PairedRounds.soFar(done, "baseline", "candidate", List.of("dubbo-hessian"))).contains("getUser server CPU/call +");
    }

    @Test
    void roundsSizedByAPilotEndWhereItDecidedAndItSaysSo() throws Exception {
        StandInRuns runs = new StandInRuns(dir, stop, 30);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PilotSizing sizing = new PilotSizing(0.02, 0.05, List.of("dubbo-hessian"), new PrintStream(out, true));
        List<Integer> expected = new ArrayList<>();
        List<Interleaved.Round> done = new Interleaved(List.of(arm("baseline", "a"), arm("candidate", "b")), List.of(StandInRuns.PAIR),
                SHAPE, dir.resolve("out"), 0, 30, new RoundOrder(42), now::get, runs, stop, null, sizing)
                .run((d, elapsed, e) -> expected.add(e), new PrintStream(new ByteArrayOutputStream(), true));
        assertThat(done.size()).isGreaterThan(RoundSizing.PILOT).isLessThan(30);
        int first = expected.get(RoundSizing.PILOT - 1);
        int half = RoundSizing.halfway(RoundSizing.PILOT, first);
        assertThat(half).isGreaterThan(RoundSizing.PILOT);
        String pilot = "sized after 4 rounds for ±2 %: dubbo-hessian getUser server CPU/call (its rounds spread";
        String again = "sized again after " + half + " rounds for ±2 %: dubbo-hessian getUser server CPU/call (its rounds spread";
        assertThat(sizing.said()).startsWith(pilot).contains("running to " + first + " rounds, within the budget, sized again after round "
                + half + "; " + again).endsWith("running to " + done.size() + " rounds (was " + first + ")");
        assertThat(out.toString().lines().toList()).hasSize(2).satisfiesExactly(l -> assertThat(l).startsWith("benchmark.sh: ab: " + pilot),
                l -> assertThat(l).startsWith("benchmark.sh: ab: " + again));
        // the count each round reports: the count asked for until the pilot decided, then the rounds it decided, then
        // from halfway the rounds sized again
        assertThat(expected.subList(0, RoundSizing.PILOT - 1)).containsOnly(30);
        assertThat(expected.subList(RoundSizing.PILOT - 1, half - 1)).containsOnly(first);
        assertThat(expected.subList(half - 1, expected.size())).containsOnly(done.size());
    }

    @Test
    void aBudgetOrCountBelowWhatThePilotDecidedStillEndsTheRounds() throws Exception {
        StandInRuns runs = new StandInRuns(dir, stop, 8);
        PilotSizing sizing = new PilotSizing(0.01, 0.05, List.of("dubbo-hessian"), new PrintStream(new ByteArrayOutputStream(), true));
        List<Interleaved.Round> done = new Interleaved(List.of(arm("baseline", "a"), arm("candidate", "b")), List.of(StandInRuns.PAIR),
                SHAPE, dir.resolve("out"), 0, 6, new RoundOrder(42), now::get, runs, stop, null, sizing)
                .run((d, elapsed, e) -> { }, new PrintStream(new ByteArrayOutputStream(), true));
        assertThat(done).hasSize(6);
        assertThat(sizing.said()).contains("for ±1 %").containsPattern("needs [0-9]{2,3}; running to");
    }

    @Test
    void aCandidateThatCannotServeIsAFailureOfEveryRoundNeverASilence() throws Exception {
        StandInRuns runs = new StandInRuns(dir, stop, 4);
        List<Interleaved.Round> done = rounds(runs, List.of(arm("baseline", "a"), arm("candidate", "fail")), 0, 3, new ArrayList<>());
        assertThat(done).hasSize(3).allMatch(r -> r.failures().size() == 1 && r.records().size() == 1);
        Interleaved.Failure f = done.get(0).failures().get(0);
        assertThat(f.arm()).isEqualTo("candidate");
        assertThat(f.caseName()).isEqualTo(Failed.WHOLE_RUN);
        assertThat(f.reason()).isEqualTo("exit 3: rpc-bench client: cannot benchmark dubbo-hessian: IllegalStateException");
        assertThat(PairedRounds.inputs(done, "baseline", "candidate", List.of("dubbo-hessian"))).isEmpty();
        assertThat(PairedRounds.failed(done, List.of("baseline", "candidate"))).hasSize(3);
    }

    @Test
    void aCaseThatCountedErrorsIsAFailureOfItsOwnAndAJudgementAgainTakesTheSameRuns() throws Exception {
        StandInRuns runs = new StandInRuns(dir, stop, 4);
        List<Interleaved.Round> done = rounds(runs, List.of(arm("baseline", "a"), arm("candidate", "erring")), 0, 3, new ArrayList<>());
        Interleaved.Failure f = done.get(0).failures().get(0);
        assertThat(f.caseName()).isEqualTo("getUser");
        assertThat(f.reason()).isEqualTo("7 errors in 1007 calls; first: getUser: IllegalStateException: broken on purpose");

        // each erring run left a record; judged again, they are still the runs that failed, not results
        List<Interleaved.Round> again = Interleaved.load(dir.resolve("out"), List.of("baseline", "candidate"), List.of("dubbo-hessian"));
        assertThat(again).hasSize(3).allMatch(r -> r.records().size() == 1 && r.failures().size() == 1);
        assertThat(again.get(2).failures()).isEqualTo(done.get(2).failures());
        assertThat(again.get(2).records().keySet()).containsExactly(new ArmPair("baseline", "dubbo-hessian"));
    }

    @Test
    void aStopEndsTheRoundsAndNothingStartsAfterIt() throws Exception {
        StandInRuns runs = new StandInRuns(dir, stop, 4);
        List<Interleaved.Round> done = rounds(runs, List.of(arm("only", "stopper"), arm("other", "a")), 0, 5, new ArrayList<>());
        assertThat(done).isEmpty();
        assertThat(runs.started("stopper") + runs.started("a")).as("runs started: the stop came in the first or second").isLessThanOrEqualTo(2);
        assertThat(runs.started("stopper")).isEqualTo(1);
        assertThat(stop.exitCode()).isEqualTo(Stop.TERMINATED);
        assertThatThrownBy(() -> stop.start(new ProcessBuilder("true"))).isInstanceOf(Stopped.class);
    }

    @Test
    void laterRoundsWarmUpForWhatTheEarlierTookAndARunCutShortByThatIsSetAsideShownAndJudgedAgainAlike() throws Exception {
        StandInRuns runs = new StandInRuns(dir, stop, 4);
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        List<Interleaved.Round> done = new Interleaved(List.of(arm("baseline", "a"), arm("candidate", "jit")), List.of(StandInRuns.PAIR),
                SHAPE, dir.resolve("out"), 0, 4, new RoundOrder(42), now::get, runs, stop, WarmupBound.of(60))
                .run((d, elapsed, expected) -> now.addAndGet(100_000_000_000L), new PrintStream(err, true));
        assertThat(done).hasSize(4);
        // round 1 at the user's bound; the jit arm's first warm-up took 20 s: 20 x 1.5 + 2 = 32 s for round 2, both arms
        // alike; its second was cut at 32 s: 32 x 1.5 + 2 = 50 s for rounds 3 and 4
        List<String> args = runs.clientArgs().stream().map(a -> String.join(" ", a)).toList();
        assertThat(args).containsExactly("-i 1", "-i 1", "--steady-warmup 32 -i 1", "--steady-warmup 32 -i 1",
                "--steady-warmup 50 -i 1", "--steady-warmup 50 -i 1", "--steady-warmup 50 -i 1", "--steady-warmup 50 -i 1");

        Interleaved.SetAside cut = new Interleaved.SetAside("candidate", "dubbo-hessian",
                "its JITs were not quiet within the warm-up bound of 32 s (getUser: 32.0 s)");
        assertThat(done.get(1).setAside()).containsExactly(cut);
        assertThat(done.get(1).records().keySet()).containsExactly(new ArmPair("baseline", "dubbo-hessian"));
        assertThat(done).allMatch(r -> r.failures().isEmpty());
        assertThat(List.of(done.get(0), done.get(2), done.get(3))).allMatch(r -> r.setAside().isEmpty() && r.records().size() == 2);
        assertThat(err.toString()).contains("round 2: dubbo-hessian's warm-up until the JITs are quiet is bounded at 32 s")
                .contains("round 2: the run of candidate dubbo-hessian is set aside (not judged): its JITs were not quiet");
        assertThat(PairedRounds.setAside(done)).containsExactly("round 2, candidate dubbo-hessian: " + cut.reason());
        // three paired rounds judged: the set-aside run's round is left out, not failed
        assertThat(PairedRounds.inputs(done, "baseline", "candidate", List.of("dubbo-hessian")).stream()
                .filter(in -> in.metric() == Metric.SERVER_CPU).map(in -> in.estimate().rounds())).containsExactly(3);
        assertThat(PairedRounds.failed(done, List.of("baseline", "candidate"))).isEmpty();

        List<Interleaved.Round> again = Interleaved.load(dir.resolve("out"), List.of("baseline", "candidate"), List.of("dubbo-hessian"));
        assertThat(again.get(1).setAside()).containsExactly(cut);
        assertThat(again.get(1).records().keySet()).isEqualTo(done.get(1).records().keySet());
        assertThat(again.get(2).records().keySet()).isEqualTo(done.get(2).records().keySet());
    }

    @Test
    void withoutTheRuleEveryRunTakesTheShapesOptionsAsTheyAre() throws Exception {
        StandInRuns runs = new StandInRuns(dir, stop, 4);
        List<Interleaved.Round> done = rounds(runs, List.of(arm("baseline", "a"), arm("candidate", "jit")), 0, 3, new ArrayList<>());
        assertThat(runs.clientArgs()).hasSize(6).allMatch(a -> a.equals(List.of("-i", "1")));
        assertThat(done).allMatch(r -> r.setAside().isEmpty() && r.records().size() == 2);
    }

    @Test
    void eachRoundsRunsTakeOneOrderOfTheCasesBothSidesAlikeAndEveryRoundDrawsAnew() throws Exception {
        StandInRuns runs = new StandInRuns(dir, stop, 6);
        CaseOrders orders = new CaseOrders(7);
        List<Interleaved.Round> done = new Interleaved(List.of(arm("baseline", "a"), arm("candidate", "b")), List.of(StandInRuns.PAIR),
                SHAPE, dir.resolve("out"), 0, 6, new RoundOrder(42), now::get, runs, stop, null, null, orders)
                .run((d, elapsed, expected) -> now.addAndGet(100_000_000_000L), new PrintStream(new ByteArrayOutputStream(), true));
        assertThat(done).hasSize(6);
        List<String> args = runs.clientArgs().stream().map(a -> String.join(" ", a)).toList();
        assertThat(args).hasSize(12);
        for (int round = 1; round <= 6; round++) {
            // a round's two runs, one after the other, each side's
            assertThat(args.get(2 * round - 2)).as("round " + round).isEqualTo(args.get(2 * round - 1))
                    .isEqualTo("--case-order-seed " + orders.of(round) + " -i 1");
        }
        assertThat(args.stream().distinct()).as("a new order each round").hasSize(6);
    }

    @Test
    void aRunWhoseRecordSaysAnotherOrderThanItsRoundsFailsAndItsRoundIsLeftOut() throws Exception {
        StandInRuns runs = new StandInRuns(dir, stop, 3);
        runs.misorderedFrom = 1;
        CaseOrders orders = new CaseOrders(7);
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        List<Interleaved.Round> done = new Interleaved(List.of(arm("baseline", "a"), arm("candidate", "b")), List.of(StandInRuns.PAIR),
                SHAPE, dir.resolve("out"), 0, 3, new RoundOrder(42), now::get, runs, stop, null, null, orders)
                .run((d, elapsed, expected) -> now.addAndGet(100_000_000_000L), new PrintStream(err, true));
        assertThat(done.get(0).failures()).isEmpty();
        assertThat(done.get(0).records()).hasSize(2);
        for (int round = 2; round <= 3; round++) {
            Interleaved.Round r = done.get(round - 1);
            assertThat(r.records().keySet()).containsExactly(new ArmPair("baseline", "dubbo-hessian"));
            assertThat(r.failures()).singleElement().satisfies(f -> {
                assertThat(f.arm()).isEqualTo("candidate");
                assertThat(f.reason()).isEqualTo("its cases were drawn with seed " + (orders.of(r.index()) + 1) + ", not the round's "
                        + orders.of(r.index()));
            });
        }
        assertThat(err.toString()).contains("round 2: the run of candidate dubbo-hessian FAILED (exit 0): (run): its cases were drawn");
        assertThat(PairedRounds.failed(done, List.of("baseline", "candidate"))).hasSize(2);
    }

    @Test
    void aGoPairsRunsAreGivenNoOrderTheirClientDoesNotTake() throws Exception {
        StandInRuns runs = new StandInRuns(dir, stop, 2);
        Pair go = new Pair("dubbo-hessian", "go", 20880);
        assertThat(go.go()).isTrue();
        new Interleaved(List.of(arm("baseline", "a")), List.of(go), SHAPE, dir.resolve("out"), 0, 2, new RoundOrder(42), now::get, runs,
                stop, null, null, new CaseOrders(7)).run((d, elapsed, expected) -> now.addAndGet(100_000_000_000L),
                new PrintStream(new ByteArrayOutputStream(), true));
        assertThat(runs.clientArgs()).isNotEmpty().allMatch(a -> a.equals(List.of("-i", "1")));
    }

    @Test
    void aBudgetStopsBeforeARoundThatWouldOverrunIt() throws Exception {
        StandInRuns runs = new StandInRuns(dir, stop, 8);
        // 100 s a round and 250 s in all: after two rounds a third would end at 300 s
        List<Integer> seen = new ArrayList<>();
        List<Interleaved.Round> done = rounds(runs, List.of(arm("baseline", "a")), 250, 0, seen);
        assertThat(done).hasSize(2);
        assertThat(seen).containsExactly(1, 2);
    }
}
