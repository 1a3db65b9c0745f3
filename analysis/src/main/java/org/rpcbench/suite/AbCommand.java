package org.rpcbench.suite;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.rpcbench.analysis.Verdicts;
import org.rpcbench.cli.CommandLine;
import org.rpcbench.cli.Option;
import org.rpcbench.cli.UsageException;
import org.rpcbench.report.VerdictTable;

/**
 * Did the candidate get slower than the baseline? Two builds of one pair (or of every pair of a suite),
 * each built into a directory of its own, run in randomized interleaved rounds on this machine in this
 * job until the budget is spent; then, per pair, case and metric, the change with its interval over the
 * rounds and a verdict, false alarms controlled over all of them. Ctrl-C keeps the rounds that are done and
 * gives the verdict from them. Exit 0: nothing got worse; 1: something did; 2: bad input or a side that
 * does not build.
 */
final class AbCommand {
    static final Option<String> BASELINE_REV = Option.text("baseline-rev", "REV", null,
            "the baseline's git revision of this project (default: the working tree)");
    static final Option<String> BASELINE_BUILD = Option.text("baseline-build", "OPTS", null,
            "Maven options for the baseline's build, e.g. \"-Ddubbo.version=3.3.5\"");
    static final Option<String> CANDIDATE_REV = Option.text("candidate-rev", "REV", null,
            "the candidate's git revision (default: the working tree)");
    static final Option<String> CANDIDATE_BUILD = Option.text("candidate-build", "OPTS", null,
            "Maven options for the candidate's build");
    static final Option<String> BASELINE_SWITCH = Option.text("baseline-switch", "NAME=VALUE", null,
            "a framework switch for the baseline's runs only (as -o), e.g. dubbo.filters=default");
    static final Option<String> CANDIDATE_SWITCH = Option.text("candidate-switch", "NAME=VALUE", null,
            "a framework switch for the candidate's runs only; calibration.spin-ns=N gives it a known cost (a check of ab itself)");
    static final Option<String> BUDGET = Option.text("budget", "DURATION", null,
            "wall time for the rounds: 15m for one pair's four cases, in proportion for more (90s, 15m, 2h)");
    static final Option<Integer> ROUNDS = Option.optionalInteger("rounds", "N", 1, 10_000,
            "stop after N rounds (with --budget: whichever comes first)");
    static final Option<Integer> ALPHA = Option.integer("alpha", "PERCENT", 5, 1, 20,
            "the false-alarm rate controlled over every pair, case and metric of the comparison");
    static final Option<Integer> THRESHOLD = Option.integer("threshold", "PERCENT", 0, 0, 100,
            "a change the statistics support but smaller than this is \"no change\"");
    static final Option<String> REPORT = Option.text("report", "DIR", null,
            "judge the rounds an earlier ab stored in DIR again (with --alpha and --threshold as given now)");
    static final int MINUTES_PER_FOUR_CASES = 15;
    /** What a verdict needs besides the rounds, kept beside them so that they can be judged again. */
    static final String PLAN = "ab.json";

    record Plan(List<String> pairs, String baseline, String candidate, boolean aa) {}

    private AbCommand() {}

    static int run(Checkout env, RunOptions options, List<String> args, PrintStream out, PrintStream err)
            throws UsageException, IOException, InterruptedException {
        options.refuse("ab (it takes --rounds and --budget)", 'D', 'R');
        CommandLine cli = CommandLine.passingThrough("./benchmark.sh [options] ab", "Compares two builds of a pair, or of a"
                + " suite's pairs, in randomized interleaved rounds.", List.of(BASELINE_REV, BASELINE_BUILD, BASELINE_SWITCH,
                CANDIDATE_REV, CANDIDATE_BUILD, CANDIDATE_SWITCH, BUDGET, ROUNDS, ALPHA, THRESHOLD, REPORT), "Arguments: PAIR, or suite NAME.");
        CommandLine.Values v = cli.parse(args.toArray(String[]::new));
        if (v.helpRequested()) {
            out.print(cli.usage());
            return 0;
        }
        if (v.has(REPORT)) {
            Path stored = Path.of(v.get(REPORT));
            if (!stored.resolve(PLAN).toFile().isFile()) {
                throw new UsageException("--report needs the directory of an earlier ab (with " + PLAN + "), not " + stored);
            }
            Plan plan;
            List<Interleaved.Round> rounds;
            try {
                plan = org.rpcbench.record.Json.MAPPER.readValue(stored.resolve(PLAN).toFile(), Plan.class);
                if (plan == null || plan.pairs() == null || plan.pairs().isEmpty()) {
                    throw new IOException("cannot read " + stored.resolve(PLAN) + ": it names no pair");
                }
                rounds = Interleaved.load(stored.resolve("rounds"), List.of("baseline", "candidate"), plan.pairs());
            } catch (IOException e) {
                // a stored ab that cannot be read is bad input (exit 2), never a verdict (exit 1: slower)
                throw new UsageException("--report " + stored + ": " + e.getMessage().lines().findFirst().orElse(""));
            }
            out.println("benchmark.sh: ab: judging again the " + rounds.size() + " round(s) stored in " + stored + ", with the runs"
                    + " the ab that ran them used (each round's " + Interleaved.OUTCOMES + ")");
            return new Verdict(plan.pairs(), plan.baseline(), plan.candidate(), plan.aa(), v.get(ALPHA) / 100.0,
                    v.get(THRESHOLD) / 100.0, stored).print(rounds, false, out, err);
        }
        Target target = Target.of(env, v.rest(), "ab");
        if (options.calibrating()) {
            throw new UsageException("ab compares builds: the calibration switch is for ./benchmark.sh calibrate");
        }
        if (options.concurrency().size() > 1) {
            throw new UsageException("ab compares at one concurrency; -t takes one value here");
        }
        Sides.Side baseline = new Sides.Side("baseline", v.has(BASELINE_REV) ? v.get(BASELINE_REV) : null,
                v.has(BASELINE_BUILD) ? v.get(BASELINE_BUILD) : null);
        Sides.Side candidate = new Sides.Side("candidate", v.has(CANDIDATE_REV) ? v.get(CANDIDATE_REV) : null,
                v.has(CANDIDATE_BUILD) ? v.get(CANDIDATE_BUILD) : null);
        List<String> baseSwitches = sideSwitches(options, v, BASELINE_SWITCH);
        List<String> candSwitches = sideSwitches(options, v, CANDIDATE_SWITCH);
        boolean sameBuild = baseline.sameBuildAs(candidate);
        boolean aa = sameBuild && baseSwitches.equals(candSwitches);
        Sides.checkRevision(env.root(), baseline.rev());
        Sides.checkRevision(env.root(), candidate.rev());
        long budget = v.has(BUDGET) ? RunOptions.duration(v.get(BUDGET)) : v.has(ROUNDS) ? 0
                : 60L * MINUTES_PER_FOUR_CASES * Math.max(1, (target.pairs().size() * target.caseCount() + 3) / 4);
        double alpha = v.get(ALPHA) / 100.0;
        String jmh = options.jmhOr(Profile.AB) + target.caseArgs();

        Path dir = env.root().resolve("results").resolve("ab-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
        Files.createDirectories(dir);
        out.println("benchmark.sh: ab of " + String.join(", ", target.pairs()) + ": baseline " + baseline.describe()
                + switches(baseSwitches, options) + ", candidate " + candidate.describe() + switches(candSwitches, options)
                + (aa ? " (the same build twice: an A/A test, which should find no change)" : ""));
        out.println("benchmark.sh: ab: runs of " + jmh + (options.pin() ? ", pinned" : "") + "; " + (budget > 0 ? "budget "
                + Durations.format(budget) : "") + (v.has(ROUNDS) ? (budget > 0 ? ", " : "") + "at most " + v.get(ROUNDS) + " rounds" : "")
                + "; results in " + dir);
        PairRunner baseRunner = prepare(env, options, baseline, target.pairs(), dir, out, err);
        if (baseRunner == null) {
            return 2;
        }
        PairRunner candRunner = sameBuild ? baseRunner : prepare(env, options, candidate, target.pairs(), dir, out, err);
        if (candRunner == null) {
            return 2;
        }
        Interleaved rounds = new Interleaved(List.of(new Interleaved.Arm("baseline", baseRunner, baseSwitches),
                new Interleaved.Arm("candidate", candRunner, candSwitches)), target.pairs(), jmh, options.concurrency(),
                options.pin(), dir.resolve("rounds"), budget, v.has(ROUNDS) ? v.get(ROUNDS) : 0, RoundOrder.random());
        Verdict verdict = new Verdict(target.pairs(), baseline.describe() + switches(baseSwitches, options),
                candidate.describe() + switches(candSwitches, options), aa, alpha, v.get(THRESHOLD) / 100.0, dir);
        org.rpcbench.record.Json.MAPPER.writeValue(dir.resolve(PLAN).toFile(),
                new Plan(target.pairs(), verdict.baseline(), verdict.candidate(), aa));
        Stopping.install(rounds::stop, err, "ab", signal -> verdict.print(rounds.done(), true, out, err));
        rounds.run((done, elapsed, expected) -> out.println(String.format(Locale.ROOT,
                "benchmark.sh: ab: round %d of %s%d, %s elapsed%s; so far: %s", done.size(), budget > 0 ? "about " : "", expected,
                Durations.format(elapsed), done.get(done.size() - 1).failures().isEmpty() ? ""
                        : ", " + done.get(done.size() - 1).failures().size() + " failed run(s)",
                PairedRounds.soFar(done, "baseline", "candidate", target.pairs()))), err);
        Sides.remove(dir.resolve("baseline").resolve("checkout"));
        Sides.remove(dir.resolve("candidate").resolve("checkout"));
        return verdict.print(rounds.done(), false, out, err);
    }

    /** The switches of a side's runs: -o's for both, and the side's own. */
    static List<String> sideSwitches(RunOptions options, CommandLine.Values v, Option<String> side) throws UsageException {
        List<String> all = new ArrayList<>(options.switches());
        if (v.has(side)) {
            if (!v.get(side).matches("[a-z0-9.-]+=\\S+")) {
                throw new UsageException(side.longName() + " needs NAME=VALUE, got '" + v.get(side) + "'");
            }
            all.add(v.get(side));
        }
        return all;
    }

    private static String switches(List<String> sideSwitches, RunOptions options) {
        List<String> own = sideSwitches.stream().filter(s -> !options.switches().contains(s)).toList();
        return own.isEmpty() ? "" : " with " + String.join(" ", own);
    }

    /**
     * Builds a side into its own directory; null when it fails. With -n, a side that is the working tree as it
     * is built (no revision, no build options of its own) runs this checkout's jars as they are.
     */
    static PairRunner prepare(Checkout env, RunOptions options, Sides.Side side, List<String> pairs, Path dir, PrintStream out,
                              PrintStream err) throws IOException, InterruptedException {
        if (options.noBuild() && side.rev() == null && side.build() == null) {
            return new PairRunner(env.root());
        }
        Path checkout = dir.resolve(side.name()).resolve("checkout");
        Path log = dir.resolve(side.name()).resolve("build.log");
        out.println("benchmark.sh: ab: building the " + side.name() + " (" + side.describe() + ") in " + checkout);
        Sides.materialize(env.root(), side, checkout);
        PairRunner runner = new PairRunner(checkout);
        String build = side.build() == null ? options.buildOptions()
                : options.buildOptions() == null ? side.build() : options.buildOptions() + " " + side.build();
        if (runner.build(pairs, build, log) != 0) {
            err.println("benchmark.sh: ab: the " + side.name() + " (" + side.describe() + ") failed to build; see " + log);
            return null;
        }
        return runner;
    }

    /** The verdict from the rounds done, printed and written as ab.md; its exit code. */
    record Verdict(List<String> pairs, String baseline, String candidate, boolean aa, double alpha, double threshold, Path dir) {
        int print(List<Interleaved.Round> rounds, boolean stopped, PrintStream out, PrintStream err) {
            var family = Verdicts.judge(PairedRounds.inputs(rounds, "baseline", "candidate", pairs), alpha, threshold)
                    .withFailed(PairedRounds.failed(rounds, List.of("baseline", "candidate")));
            long failed = family.failed().stream().map(f -> f.side() + " " + f.round() + " " + f.pair()).distinct().count();
            String head = String.format(Locale.ROOT, "ab of %s: %d round%s%s%s; leading iterations below steady state left out:"
                    + " baseline %s, candidate %s%s", String.join(", ", pairs), rounds.size(), rounds.size() == 1 ? "" : "s",
                    stopped ? " (stopped early: the verdict rests on the rounds done)" : "",
                    failed == 0 ? "" : "; " + failed + " run(s) FAILED (their rounds are left out of the estimates, and the ab fails)",
                    PairedRounds.unsteady(rounds, "baseline"), PairedRounds.unsteady(rounds, "candidate"),
                    aa ? "\nan A/A test: both sides are the same build; any change flagged is a false alarm" : "");
            String b = baseline;
            String c = candidate;
            out.println();
            out.println(head);
            out.print(VerdictTable.text(family, b, c));
            try {
                Files.writeString(dir.resolve("ab.md"), "### " + head.replace("\n", "\n\n") + "\n\n" + VerdictTable.markdown(family, b, c),
                        StandardCharsets.UTF_8);
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
            return stopped ? 1 : 0;
        }
    }
}
