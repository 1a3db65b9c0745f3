package org.rpcbench.command;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.rpcbench.analysis.RoundSizing;
import org.rpcbench.analysis.Verdicts;
import org.rpcbench.cli.UsageException;
import org.rpcbench.record.Json;
import org.rpcbench.record.WholeFile;
import org.rpcbench.report.VerdictTable;
import org.rpcbench.runs.Checkout;
import org.rpcbench.runs.ClientArgs;
import org.rpcbench.runs.Durations;
import org.rpcbench.runs.Interleaved;
import org.rpcbench.runs.PairedRounds;
import org.rpcbench.runs.PilotSizing;
import org.rpcbench.runs.Profile;
import org.rpcbench.runs.ResultDirs;
import org.rpcbench.runs.CaseOrders;
import org.rpcbench.runs.RoundOrder;
import org.rpcbench.runs.RunShape;
import org.rpcbench.runs.Sides;
import org.rpcbench.runs.Stopped;
import org.rpcbench.runs.Target;
import org.rpcbench.runs.WarmupBound;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * Did the candidate get slower than the baseline? Two builds of one pair (or of every pair of a suite),
 * each built into a directory of its own, run in randomized interleaved rounds on this machine in this
 * job until the budget is spent; then, per pair, case and metric, the change with its interval over the
 * rounds and a verdict, false alarms controlled over all of them. Ctrl-C keeps the rounds that are done and
 * gives the verdict from them. Exit 0: nothing got worse and every result could have seen the change asked for;
 * 1: something got worse, or a run failed; 2: bad input or a side that does not build; 4: INCONCLUSIVE, a result's
 * rounds could not have seen that change; 130/143: stopped.
 */
@Command(name = "ab", customSynopsis = "Usage: ./benchmark.sh [options] ab [ab's options] PAIR|suite NAME",
        description = {"Compares two builds of a pair, or of a suite's pairs, in randomized interleaved rounds: did it get slower?",
            "Results in results/ab-TIME/ (ab.md, each round's runs)."})
final class AbCommand extends AbstractCommand {

    @Option(names = "--baseline-rev", paramLabel = "REV", converter = Converters.Text.class,
            description = "the baseline's git revision of this project (default: the working tree)")
    String baselineRev;
    @Option(names = "--baseline-build", paramLabel = "OPTS", converter = Converters.Text.class,
            description = "Maven options for the baseline's build, e.g. \"-Ddubbo.version=3.3.5\"")
    String baselineBuild;
    @Option(names = "--baseline-switch", paramLabel = "NAME=VALUE", converter = Converters.SwitchValue.class,
            description = "a framework switch for the baseline's runs only (as -o), e.g. dubbo.filters=default")
    String baselineSwitch;
    @Option(names = "--candidate-rev", paramLabel = "REV", converter = Converters.Text.class,
            description = "the candidate's git revision (default: the working tree)")
    String candidateRev;
    @Option(names = "--candidate-build", paramLabel = "OPTS", converter = Converters.Text.class,
            description = "Maven options for the candidate's build")
    String candidateBuild;
    @Option(names = "--candidate-switch", paramLabel = "NAME=VALUE", converter = Converters.SwitchValue.class,
            description = "a framework switch for the candidate's runs only; calibration.spin-ns=N gives it a known cost (a check of"
                    + " ab itself)")
    String candidateSwitch;
    @Option(names = "--see", paramLabel = "PERCENT", converter = Converters.ChangeToSee.class,
            description = "size the rounds to see a change of PERCENT (1 to 100) up or down in every primary result: after "
                    + RoundSizing.PILOT + " rounds, their spread decides how many; --budget caps them (default with --see: "
                    + TARGET_MINUTES_PER_FOUR_CASES + "m for one pair's four cases). A result that could not have seen it"
                    + " (default: --threshold if given, else " + DEFAULT_SEE_PERCENT + ") is INCONCLUSIVE, exit " + INCONCLUSIVE_EXIT)
    Double targetPercent;
    @Mixin
    Judging.Budget budget;
    @Mixin
    Judging.Alpha alpha;
    @Mixin
    Judging.Threshold threshold;
    @Mixin
    Judging.Report report;
    @Mixin
    RunningOptions running;

    @Parameters(paramLabel = "PAIR", arity = "0..*", description = "PAIR, or suite NAME")
    List<String> words = new ArrayList<>();

    static final int MINUTES_PER_FOUR_CASES = 15;
    /** The change every primary result must have been able to see when neither --see nor --threshold says: the nightly's. */
    static final int DEFAULT_SEE_PERCENT = 10;
    /** ab's exit when nothing got worse and nothing failed, but a result could not have seen the change asked for. */
    static final int INCONCLUSIVE_EXIT = 4;
    /** The default budget of a sized ab: what 10 % took here on a noisy hour, with room. */
    static final int TARGET_MINUTES_PER_FOUR_CASES = 60;
    /** What a verdict needs besides the rounds, kept beside them so that they can be judged again. */
    static final String PLAN = "ab.json";

    /**
     * @param sizing what {@code --see}'s pilot decided; null: not sized (or an earlier version's plan)
     * @param see the change every primary result had to be able to see, as a share; null in an earlier version's plan
     * @param caseOrderSeed the seed each round's order of the cases was drawn from ({@link CaseOrders}); null when the
     *     cases ran in JMH's order (a side's client could not take one, or an earlier version's plan)
     */
    record Plan(List<String> pairs, String baseline, String candidate, boolean aa, String sizing, Double see, Long caseOrderSeed) {}

    /** The change every primary result must have been able to see, as a share: --see, else --threshold, else the default. */
    double see(Double stored) {
        return targetPercent != null ? Judging.fraction(targetPercent) : threshold.percent > 0 ? Judging.fraction(threshold.percent)
                : stored != null ? stored : Judging.fraction(DEFAULT_SEE_PERCENT);
    }

    @Override
    public Integer call() throws Exception {
        Subcommand c = Subcommand.of(spec, running);
        Context ctx = c.ctx();
        if (report.dir != null) {
            return judgeAgain(Path.of(report.dir), ctx);
        }
        Target target = Target.of(ctx.checkout, words, "ab");
        if (c.load().calibrating()) {
            throw new UsageException("ab compares builds: the calibration switch is for ./benchmark.sh calibrate");
        }
        if (c.load().concurrency().size() > 1) {
            throw new UsageException("ab compares at one concurrency; -t takes one value here");
        }
        Side baseline = Side.of("baseline", baselineRev, baselineBuild, c.load(), baselineSwitch);
        Side candidate = Side.of("candidate", candidateRev, candidateBuild, c.load(), candidateSwitch);
        boolean sameBuild = baseline.build().sameBuildAs(candidate.build());
        boolean aa = sameBuild && baseline.switches().equals(candidate.switches());
        for (Side side : List.of(baseline, candidate)) {
            Sides.checkRevision(ctx.checkout.root(), side.build().rev());
        }
        Integer rounds = c.effort().rounds;
        long seconds = budget.seconds != null ? budget.seconds : rounds != null ? 0
                : 60L * (targetPercent != null ? TARGET_MINUTES_PER_FOUR_CASES : MINUTES_PER_FOUR_CASES)
                        * Math.max(1, (target.pairs().size() * target.caseCount() + 3) / 4);
        if (targetPercent != null && rounds != null && rounds <= RoundSizing.PILOT) {
            throw new UsageException("--see sizes the rounds after the first " + RoundSizing.PILOT + ": --rounds " + rounds
                    + " leaves none to size");
        }
        // wire sizes are no verdict's metric: measuring them would cost every run a connection and calls
        String jmh = ClientArgs.withoutWireBytes(c.effort().clientArgs(c.load(), Profile.AB) + target.caseArgs());
        WarmupBound warmup = warmupRule(jmh);

        Path dir = ResultDirs.create(ctx.checkout.results(), "ab", ctx.clock);
        PrintStream out = ctx.out;
        out.println("benchmark.sh: ab of " + String.join(", ", target.pairNames()) + ": baseline " + baseline.describe(c.load())
                + ", candidate " + candidate.describe(c.load())
                + (aa ? " (the same build twice: an A/A test, which should find no change)" : ""));
        out.println("benchmark.sh: ab: runs of " + jmh + (c.load().pinned() ? ", pinned" : "") + "; " + (seconds > 0 ? "budget "
                + Durations.format(seconds) : "") + (rounds != null ? (seconds > 0 ? ", " : "") + "at most " + rounds + " rounds" : "")
                + "; results in " + dir);
        out.println("benchmark.sh: ab: " + warmup.describe());
        PilotSizing sizing = targetPercent == null ? null
                : new PilotSizing(Judging.fraction(targetPercent), Judging.fraction(alpha.percent), target.pairNames(), out);
        if (sizing != null) {
            out.println("benchmark.sh: ab: rounds sized for ±" + PilotSizing.number(targetPercent) + " % after the first "
                    + RoundSizing.PILOT + ", from their spread (an internal pilot; see docs/method.md)");
        }
        Checkout baseCheckout;
        Checkout candCheckout;
        try {
            baseCheckout = Sides.prepare(ctx.checkout, baseline.build(), target.pairs(), c.build().skip(), c.build().mavenOptions, dir, ctx.builder(),
                    "ab", out, ctx.err);
            candCheckout = sameBuild ? baseCheckout : Sides.prepare(ctx.checkout, candidate.build(), target.pairs(), c.build().skip(),
                    c.build().mavenOptions, dir, ctx.builder(), "ab", out, ctx.err);
        } catch (Stopped e) {
            return ctx.stop.exitCode();
        } catch (org.rpcbench.runs.CannotRun e) {
            ctx.err.println("benchmark.sh: " + e.getMessage());
            return c.exit(2);
        }
        RunShape shape = new RunShape(jmh, c.load().concurrency(), c.load().pinned(), ctx.serverJvm(), ctx.clientJvm());
        List<Interleaved.Arm> arms = List.of(new Interleaved.Arm("baseline", baseCheckout, baseline.switches()),
                new Interleaved.Arm("candidate", candCheckout, candidate.switches()));
        CaseOrders caseOrders = caseOrders(baseCheckout, candCheckout, target.pairs(), out);
        Interleaved interleaved = new Interleaved(arms, target.pairs(), shape, dir.resolve(Judging.Report.ROUNDS), seconds,
                rounds != null ? rounds : 0, RoundOrder.random(), System::nanoTime, ctx.runner, ctx.stop, warmup, sizing, caseOrders);
        Long caseOrderSeed = caseOrders == null ? null : caseOrders.seed();
        Verdict verdict = new Verdict(target.pairNames(), baseline.describe(c.load()), candidate.describe(c.load()), aa,
                Judging.fraction(alpha.percent), Judging.fraction(threshold.percent), see(null), dir, null);
        WholeFile.writeJson(dir.resolve(PLAN), new Plan(target.pairNames(), verdict.baseline(), verdict.candidate(), aa, null,
                verdict.see(), caseOrderSeed));
        long budgetSeconds = seconds;
        List<Interleaved.Round> done = interleaved.run((d, elapsed, expected) -> out.println(String.format(Locale.ROOT,
                "benchmark.sh: ab: round %d of %s%d, %s elapsed%s%s; so far: %s", d.size(), budgetSeconds > 0 ? "about " : "", expected,
                Durations.format(elapsed), d.get(d.size() - 1).failures().isEmpty() ? ""
                        : ", " + d.get(d.size() - 1).failures().size() + " failed run(s)",
                d.get(d.size() - 1).setAside().isEmpty() ? "" : ", " + d.get(d.size() - 1).setAside().size() + " run(s) set aside",
                PairedRounds.soFar(d, "baseline", "candidate", target.pairNames()))), ctx.err);
        for (Interleaved.Arm arm : arms) {
            if (arm.checkout() != ctx.checkout) {
                Sides.remove(dir.resolve(arm.name()).resolve("checkout"));
            }
        }
        if (sizing != null && sizing.said() != null) {
            verdict = verdict.sized(sizing.said());
            WholeFile.writeJson(dir.resolve(PLAN), new Plan(target.pairNames(), verdict.baseline(), verdict.candidate(), aa,
                    sizing.said(), verdict.see(), caseOrderSeed));
        }
        int exit = verdict.print(done, ctx.stop.requested(), out, ctx.err);
        return c.exit(exit);
    }

    private int judgeAgain(Path stored, Context ctx) throws UsageException {
        Plan plan = report.plan("ab", PLAN, Plan.class);
        if (plan.pairs() == null || plan.pairs().isEmpty()) {
            throw report.lacking(PLAN, "it names no pair");
        }
        List<Interleaved.Round> rounds = report.rounds(List.of("baseline", "candidate"), plan.pairs());
        ctx.out.println("benchmark.sh: ab: judging again the " + rounds.size() + " round(s) stored in " + stored + ", with the runs"
                + " the ab that ran them used (each round's " + Interleaved.OUTCOMES + ")");
        return new Verdict(plan.pairs(), plan.baseline(), plan.candidate(), plan.aa(), Judging.fraction(alpha.percent),
                Judging.fraction(threshold.percent), see(plan.see()), stored, plan.sizing()).print(rounds, false, ctx.out, ctx.err);
    }

    /**
     * Each round's order of the cases, drawn anew and given to both sides' runs alike, its seed printed; null, said, when a
     * side's client is from before the order could be given (it would refuse the option): then both run in JMH's order.
     */
    static CaseOrders caseOrders(Checkout baseline, Checkout candidate, List<org.rpcbench.runs.Pair> pairs, PrintStream out) {
        if (pairs.stream().allMatch(org.rpcbench.runs.Pair::go)) {
            return null;
        }
        if (!CaseOrders.takenBy(baseline) || !CaseOrders.takenBy(candidate)) {
            out.println("benchmark.sh: ab: the cases run in JMH's order (by name) in every round: the "
                    + (CaseOrders.takenBy(baseline) ? "candidate" : "baseline") + "'s client cannot be given another"
                    + " (--case-order-seed is newer), so a case always follows the same one");
            return null;
        }
        CaseOrders orders = CaseOrders.random();
        out.println("benchmark.sh: ab: each round's cases run in an order drawn anew, both sides alike (seed " + orders.seed()
                + "; each run's run.json says its order in caseOrder)");
        return orders;
    }

    /** The warm-up rule of a comparison's runs, under the bound their client options give. */
    static WarmupBound warmupRule(String clientArgs) throws UsageException {
        try {
            return WarmupBound.of(ClientArgs.steadyWarmup(clientArgs));
        } catch (IllegalArgumentException e) {
            throw new UsageException("-a: " + e.getMessage());
        }
    }

    /** One side of the comparison: the build it runs, and its runs' switches (-o's for both, and the side's own). */
    record Side(Sides.Side build, List<String> switches) {
        static Side of(String name, String rev, String mavenOptions, LoadOptions load, String own) {
            List<String> switches = new ArrayList<>(load.switches());
            if (own != null) {
                switches.add(own);
            }
            return new Side(new Sides.Side(name, rev, mavenOptions), List.copyOf(switches));
        }

        /** The build, and the switches that are the side's own. */
        String describe(LoadOptions load) {
            List<String> own = switches.stream().filter(s -> !load.switches().contains(s)).toList();
            return build.describe() + (own.isEmpty() ? "" : " with " + String.join(" ", own));
        }
    }

    /**
     * The verdict from the rounds done, printed and written as ab.md; its exit code.
     *
     * @param see the change every primary result must have been able to see, as a share (0.10)
     */
    record Verdict(List<String> pairs, String baseline, String candidate, boolean aa, double alpha, double threshold, double see,
                   Path dir, String sizing) {

        /** The same verdict, its head saying how its rounds were sized. */
        Verdict sized(String said) {
            return new Verdict(pairs, baseline, candidate, aa, alpha, threshold, see, dir, said);
        }

        int print(List<Interleaved.Round> rounds, boolean stopped, PrintStream out, PrintStream err) {
            var family = Verdicts.judge(PairedRounds.inputs(rounds, "baseline", "candidate", pairs), alpha, threshold, see)
                    .withFailed(PairedRounds.failed(rounds, List.of("baseline", "candidate")));
            long failed = family.failed().stream().map(f -> f.side() + " " + f.round() + " " + f.pair()).distinct().count();
            List<String> setAside = PairedRounds.setAside(rounds);
            String head = String.format(Locale.ROOT, "ab of %s: %d round%s%s%s%s; leading iterations below steady state left out:"
                    + " baseline %s, candidate %s%s", String.join(", ", pairs), rounds.size(), rounds.size() == 1 ? "" : "s",
                    stopped ? " (stopped early: the verdict rests on the rounds done)" : "",
                    failed == 0 ? "" : "; " + failed + " run(s) FAILED (their rounds are left out of the estimates, and the ab fails)",
                    setAside.isEmpty() ? "" : "; " + setAside.size() + " run(s) set aside by the warm-up rule (their rounds are left out"
                            + " of the estimates, not judged)",
                    PairedRounds.unsteady(rounds, "baseline"), PairedRounds.unsteady(rounds, "candidate"),
                    aa ? "\nan A/A test: both sides are the same build; any change flagged is a false alarm" : "")
                    + (sizing == null ? "" : "\nrounds " + sizing);
            String b = baseline;
            String c = candidate;
            out.println();
            out.println(head);
            setAside.forEach(s -> out.println("set aside: " + s));
            out.print(VerdictTable.text(family, b, c));
            StringBuilder md = new StringBuilder("### " + head.replace("\n", "\n\n") + "\n\n");
            setAside.forEach(s -> md.append("- set aside: ").append(s).append('\n'));
            md.append(setAside.isEmpty() ? "" : "\n").append(VerdictTable.markdown(family, b, c));
            try {
                WholeFile.write(dir.resolve("ab.md"), md.toString());
                out.println("verdict: " + dir.resolve("ab.md"));
            } catch (IOException e) {
                err.println("benchmark.sh: ab: cannot write " + dir.resolve("ab.md") + ": " + e.getMessage());
            }
            if (!family.failed().isEmpty()) {
                err.println("benchmark.sh: ab: FAILED: " + failed + " run(s) gave nothing to judge (the FAILED rows above say why)"
                        + (family.slower() > 0 ? "; and " + family.slower() + " of " + family.tested() + " tested results got worse" : ""));
                return 1;
            }
            if (family.slower() > 0) {
                err.println("benchmark.sh: ab: " + family.slower() + " of " + family.tested() + " tested results got worse");
                return 1;
            }
            if (family.tested() == 0) {
                err.println("benchmark.sh: ab: no result could be tested (" + rounds.size() + " round(s); a verdict needs "
                        + org.rpcbench.analysis.Estimate.MIN_ROUNDS + "): no verdict is no pass");
                return 1;
            }
            if (stopped) {
                return 1;
            }
            if (family.inconclusive() > 0) {
                err.println("benchmark.sh: ab: INCONCLUSIVE: " + family.inconclusive() + " of " + family.tested() + " tested results could"
                        + " not have seen ±" + VerdictTable.percentText(100 * see) + " % (nothing got worse that they could see;"
                        + " more rounds, --see to size them, or a quieter machine would)");
                return INCONCLUSIVE_EXIT;
            }
            return 0;
        }
    }
}
