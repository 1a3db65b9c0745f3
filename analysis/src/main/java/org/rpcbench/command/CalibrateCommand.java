package org.rpcbench.command;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.rpcbench.analysis.Estimate;
import org.rpcbench.analysis.Failed;
import org.rpcbench.analysis.Sensitivity;
import org.rpcbench.analysis.Stats;
import org.rpcbench.analysis.Verdicts;
import org.rpcbench.cases.Case;
import org.rpcbench.cli.UsageException;
import org.rpcbench.record.CaseRecord;
import org.rpcbench.record.Records;
import org.rpcbench.record.RunRecord;
import org.rpcbench.report.SensitivityTable;
import org.rpcbench.runs.Builder;
import org.rpcbench.runs.ClientArgs;
import org.rpcbench.runs.Durations;
import org.rpcbench.runs.Interleaved;
import org.rpcbench.runs.Pair;
import org.rpcbench.runs.PairRun;
import org.rpcbench.runs.PairedRounds;
import org.rpcbench.runs.Profile;
import org.rpcbench.runs.ResultDirs;
import org.rpcbench.runs.RoundOrder;
import org.rpcbench.runs.RunShape;
import org.rpcbench.runs.Stopped;
import org.rpcbench.runs.Target;
import org.rpcbench.runs.WarmupBound;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The sensitivity of {@code ab} on this machine, measured: a known CPU cost is spun on the server in every
 * call (the calibration switch), chosen to raise the server's CPU per call by about 5 % and about 10 % in
 * a case, one case a round, in turn (the rotation, from a random start, recorded in calibrate.json), as a real
 * regression is usually in one case; no cost, no cost again, +5 % and +10 % run in randomized interleaved rounds, as many as
 * {@code --budget} (calibrate's own wall time) holds; then {@link Sensitivity} says how likely an ab of
 * {@code --ab-budget} is to see each cost, and how often it raises a false alarm. A stop keeps the rounds
 * done and reports them.
 */
@Command(name = "calibrate", customSynopsis = "Usage: ./benchmark.sh [options] calibrate [calibrate's options] PAIR",
        description = {"Measures how small a change ab sees on this machine, and how often it raises a false alarm: PAIR's server",
            "spins a known cost. Results in results/calibrate-PAIR-TIME/ (calibrate.txt, calibrate-result.json)."})
final class CalibrateCommand extends AbstractCommand {
    @Mixin
    Judging.Budget budget;
    @Option(names = "--ab-budget", paramLabel = "DURATION", converter = Converters.Seconds.class, defaultValue = "15m",
            description = "the ab budget to calibrate: how long one comparison may run (default: 15m)")
    int abBudget;
    @Option(names = "--budgets", paramLabel = "N", converter = Converters.Budgets.class, defaultValue = "200",
            description = "at most this many distinct budgets drawn from the rounds (all of them when there are no more;"
                    + " default: 200)")
    int budgets;
    @Mixin
    Judging.Alpha alpha;
    @Mixin
    Judging.Report report;
    @Mixin
    RunningOptions running;

    @Parameters(paramLabel = "PAIR", arity = "0..*", description = "the pair whose server spins the calibration cost")
    List<String> words = new ArrayList<>();

    /** calibrate's own wall time unless --budget says: also the most it may take (one pair's hour). */
    static final long MAX_BUDGET_SECONDS = 3600;
    /** calibrate's figures for tools, beside calibrate.txt. */
    static final String RESULT = "calibrate-result.json";
    /** calibrate needs at least as many rounds as a verdict does. */
    static final int MIN_ROUNDS = 3;
    /** What a calibration's report needs besides its rounds, kept beside them so that they can be judged again. */
    static final String PLAN = "calibrate.json";

    /**
     * @param serverMicros each case's server CPU per call without any cost, which the costs were sized from
     * @param rotation the cases the costs went into, round 1 first, in turn (see {@link Sensitivity.Plan#rotation});
     *     null: every case every round (a calibration from before the rotation)
     */
    record Plan(String pair, long budgetSeconds, int abRounds, Map<String, Double> serverMicros, List<String> costs,
                List<List<String>> rotation) {}
    static final double[] SHARES = {0.05, 0.10};
    static final String ZERO = "no-cost";
    static final String ZERO_AGAIN = "no-cost-again";

    @Override
    public Integer call() throws Exception {
        Subcommand c = Subcommand.of(spec, running);
        Context ctx = c.ctx();
        PrintStream out = ctx.out;
        PrintStream err = ctx.err;
        long started = System.nanoTime();
        double alpha = Judging.fraction(this.alpha.percent);
        long wall = this.budget.seconds != null ? this.budget.seconds : MAX_BUDGET_SECONDS;
        long budget = abBudget;
        if (wall > MAX_BUDGET_SECONDS) {
            throw new UsageException("--budget is at most 60m (calibrate's own wall time, one pair), got " + Durations.format(wall));
        }
        if (report.dir != null) {
            Path stored = report.stored();
            Plan plan = report.plan("calibrate", PLAN, Plan.class);
            if (plan.pair() == null || plan.costs() == null || plan.serverMicros() == null) {
                throw report.lacking(PLAN, "it lacks the pair, the costs or their sizing");
            }
            List<String> arms = new ArrayList<>(List.of(ZERO, ZERO_AGAIN));
            arms.addAll(plan.costs());
            List<Interleaved.Round> rounds = report.rounds(arms, List.of(plan.pair()));
            return report(rounds, plan.pair(), plan.costs(), plan.serverMicros(), plan.rotation() == null ? List.of() : plan.rotation(),
                    plan.abRounds(), budgets, alpha, plan.budgetSeconds(), stored, out);
        }
        Target target = Target.of(ctx.checkout, words, "calibrate");
        if (target.pairs().size() != 1) {
            throw new UsageException("calibrate takes one pair: its server spins the calibration cost");
        }
        if (c.load().calibrating() || c.load().concurrency().size() > 1) {
            throw new UsageException("calibrate sets the calibration switch itself, at one concurrency");
        }
        if (c.effort().rounds != null && c.effort().rounds < MIN_ROUNDS) {
            throw new UsageException("calibrate needs at least " + MIN_ROUNDS + " rounds (-R), got " + c.effort().rounds);
        }
        Pair pair = target.pairs().get(0);
        // as ab's runs: no wire sizes, and the same warm-up rule, so that the spread measured is the spread ab sees
        String jmh = ClientArgs.withoutWireBytes(c.effort().clientArgs(c.load(), Profile.AB));
        WarmupBound warmup = AbCommand.warmupRule(jmh);
        try {
            if (c.build().skip()) {
                Builder.requireBuilt(ctx.checkout, List.of(pair), true, true);
            } else {
                ctx.builder().build(ctx.checkout, List.of(pair), c.build().mavenOptions, null, out, err);
            }
        } catch (Stopped e) {
            return ctx.stop.exitCode();
        }
        Path dir = ResultDirs.create(ctx.checkout.results(), "calibrate-" + pair.name(), ctx.clock);
        RunShape shape = new RunShape(jmh, c.load().concurrency(), c.load().pinned(), ctx.serverJvm(), ctx.clientJvm());
        out.println("benchmark.sh: calibrate " + pair.name() + ": a run without any cost first, to size the costs (" + jmh + ")");
        Path probeDir = dir.resolve("probe");
        long probeStart = System.nanoTime();
        PairRun.Result probeRun = ctx.runner.run(shape.settings(ctx.checkout, pair, c.load().switches(), probeDir,
                probeDir.resolve("benchmark.log")).build());
        if (probeRun.stopped()) {
            return ctx.stop.exitCode();
        }
        int status = probeRun.exit();
        long runSeconds = Math.max(1, (System.nanoTime() - probeStart) / 1_000_000_000L);
        if (status != 0 || !probeDir.resolve(Records.FILE).toFile().isFile()) {
            err.println("benchmark.sh: calibrate: the first run failed (exit " + status + "); see " + probeDir.resolve("benchmark.log"));
            return c.exit(1);
        }
        RunRecord probe = Records.read(probeDir.resolve(Records.FILE));
        Map<String, Double> serverMicros = new LinkedHashMap<>();
        for (CaseRecord cr : probe.cases()) {
            // sized on what the verdict tests: the service threads' CPU where the run has it
            String source = org.rpcbench.analysis.Metric.SERVER_CPU.source(List.of(cr));
            double micros = cr.steady() != null && Double.isFinite(cr.steady().perCall().get(source)) ? cr.steady().perCall().get(source)
                    : cr.perCall(source);
            if (!(micros > 0)) {
                err.println("benchmark.sh: calibrate: the server's CPU per call cannot be read for " + cr.name());
                return c.exit(1);
            }
            serverMicros.put(cr.name(), micros);
        }
        int abRounds = (int) Math.max(Estimate.MIN_ROUNDS, budget / (2 * runSeconds));
        // what is left of --budget, less one run's length: a round may run longer than the first run said, and the report takes a moment
        long left = wall - (System.nanoTime() - started) / 1_000_000_000L - runSeconds;
        int fits = (int) (left / ((SHARES.length + 2) * runSeconds));
        if (fits < Estimate.MIN_ROUNDS) {
            err.println("benchmark.sh: calibrate: --budget " + Durations.format(wall) + " leaves room for " + Math.max(0, fits) + " rounds of "
                    + (SHARES.length + 2) + " runs of about " + Durations.format(runSeconds) + " each; it needs " + Estimate.MIN_ROUNDS);
            return c.exit(2);
        }
        int rounds = c.effort().rounds != null ? Math.min(c.effort().rounds, fits) : fits;
        List<List<String>> rotation = rotation(serverMicros, java.util.concurrent.ThreadLocalRandom.current().nextInt(1 << 20));
        List<String> costs = new ArrayList<>();
        List<Interleaved.Arm> arms = new ArrayList<>(List.of(new Interleaved.Arm(ZERO, ctx.checkout, c.load().switches()),
                new Interleaved.Arm(ZERO_AGAIN, ctx.checkout, c.load().switches())));
        for (double share : SHARES) {
            String arm = String.format(Locale.ROOT, "plus-%.0f-percent", 100 * share);
            arms.add(new Interleaved.Arm(arm, ctx.checkout, c.load().switches(), round -> List.of("calibration.spin-ns="
                    + spin(serverMicros, share, rotation.get((round - 1) % rotation.size())))));
            costs.add(arm);
        }
        out.printf(Locale.ROOT, "benchmark.sh: calibrate %s: a run takes about %s, so an ab of %s fits %d rounds; running up to %d rounds"
                        + " of %d runs (about %s; fewer if the rounds run longer than that run); costs per call: +5 %% %s, +10 %% %s,"
                        + " one case a round, in turn: %s from round 1%n", pair.name(), Durations.format(runSeconds),
                Durations.format(budget), abRounds, rounds, arms.size(), Durations.format(rounds * arms.size() * runSeconds),
                spin(serverMicros, 0.05), spin(serverMicros, 0.10), String.join(", ", rotation.stream().map(g -> String.join("+", g)).toList()));
        out.println("benchmark.sh: calibrate: " + warmup.describe());
        org.rpcbench.record.WholeFile.writeJson(dir.resolve(PLAN), new Plan(pair.name(), budget, abRounds, serverMicros, costs, rotation));
        Interleaved interleaved = new Interleaved(arms, List.of(pair), shape, dir.resolve(Judging.Report.ROUNDS), Math.max(1, left), rounds, RoundOrder.random(),
                System::nanoTime, ctx.runner, ctx.stop, warmup);
        List<Interleaved.Round> done = interleaved.run((d, elapsed, expected) -> out.printf(Locale.ROOT,
                "benchmark.sh: calibrate: round %d of %d, %s elapsed; +10 %% so far: %s%n", d.size(), expected,
                Durations.format(elapsed), PairedRounds.soFar(d, ZERO, costs.get(costs.size() - 1), List.of(pair.name()))), err);
        if (!done.isEmpty() && !applied(dir, costs.get(0))) {
            err.println("benchmark.sh: calibrate: " + pair.name() + "'s server did not apply the calibration cost (its settings line does"
                    + " not show it): its figures measure nothing");
            return c.exit(1);
        }
        return c.exit(report(done, pair.name(), costs, serverMicros, rotation, abRounds, budgets, alpha, budget, dir, out));
    }

    /**
     * The cases the costs go into, one group a round in turn, starting at {@code start} (mod their number): the cases
     * grouped by the contract method they call, since the switch spins a method (the echoes share one).
     */
    static List<List<String>> rotation(Map<String, Double> serverMicros, int start) {
        Map<String, List<String>> byMethod = new LinkedHashMap<>();
        serverMicros.keySet().forEach(c -> byMethod.computeIfAbsent(method(c), k -> new ArrayList<>()).add(c));
        List<List<String>> groups = byMethod.values().stream().map(List::copyOf).toList();
        int k = Math.floorMod(start, groups.size());
        List<List<String>> rotated = new ArrayList<>(groups.subList(k, groups.size()));
        rotated.addAll(groups.subList(0, k));
        return List.copyOf(rotated);
    }

    /** The calibration switch's value for the cases of {@code group} alone (one method), sized from the first of them. */
    static String spin(Map<String, Double> serverMicros, double share, List<String> group) {
        Map<String, Double> only = new LinkedHashMap<>();
        group.forEach(c -> only.put(c, serverMicros.get(c)));
        return spin(only, share);
    }

    /** The calibration switch's value: each case's share of its server CPU per call, by contract method, in ns. */
    static String spin(Map<String, Double> serverMicros, double share) {
        Map<String, Long> byMethod = new LinkedHashMap<>();
        serverMicros.forEach((c, micros) -> byMethod.putIfAbsent(method(c), Math.max(1, Math.round(micros * 1000 * share))));
        return String.join(",", byMethod.entrySet().stream().map(e -> e.getKey() + ":" + e.getValue()).toList());
    }

    /** The contract method a case calls, as its Case declares it (the echoes share one, sized by the first of them measured). */
    static String method(String caseName) {
        Case c = Case.named(caseName);
        return c == null ? caseName : c.operation().method();
    }

    /** Whether the server said, in its settings line, that it spun the cost. */
    private static boolean applied(Path dir, String arm) throws IOException {
        try (var walk = Files.walk(dir.resolve(Judging.Report.ROUNDS))) {
            for (Path log : walk.filter(p -> p.getFileName().toString().equals("server.log") && p.toString().contains(arm)).toList()) {
                return Files.readString(log, StandardCharsets.UTF_8).contains("calibrationSpinNanos=");
            }
        }
        return false;
    }

    static int report(List<Interleaved.Round> rounds, String pair, List<String> costs, Map<String, Double> serverMicros,
                      List<List<String>> rotation, int abRounds, int budgets, double alpha, long budget, Path dir, PrintStream out) {
        List<String> lines = new ArrayList<>();
        if (rounds.size() < Estimate.MIN_ROUNDS) {
            lines.add("calibrate " + pair + ": too few rounds to say anything (" + rounds.size() + "; it needs " + Estimate.MIN_ROUNDS + ")");
            lines.forEach(out::println);
            return 1;
        }
        Map<String, Double> shares = new LinkedHashMap<>();
        for (int k = 0; k < costs.size(); k++) {
            shares.put(costs.get(k), SHARES[k]);
        }
        Sensitivity.Result result = Sensitivity.measure(pair, rounds.size(), new Sensitivity.Plan(ZERO_AGAIN, shares, budget, abRounds, alpha, rotation),
                budgets, (positions, arm) -> Verdicts.judge(PairedRounds.inputs(positions.stream().map(rounds::get).toList(), ZERO, arm,
                        List.of(pair)), alpha, 0), new SplittableRandom(Stats.SEED));
        lines.addAll(SensitivityTable.lines(result));
        for (int k = 0; k < costs.size(); k++) {
            double share = SHARES[k];
            lines.add(String.format(Locale.ROOT, "  +%.0f %% was spun as %s", 100 * share, String.join(", ", serverMicros.entrySet().stream()
                    .map(e -> String.format(Locale.ROOT, "%s %.2f µs a call", e.getKey(), share * e.getValue())).toList())));
        }
        List<Failed> failed = PairedRounds.failed(rounds, Stream.concat(Stream.of(ZERO, ZERO_AGAIN), costs.stream()).toList());
        if (!failed.isEmpty()) {
            lines.add(failed.size() + " run(s) FAILED; their rounds are left out of the figures above, and the calibration fails:");
            failed.forEach(f -> lines.add("  round " + f.round() + ", " + f.side() + ", " + f.caseName() + ": " + f.reason() + " (log: "
                    + f.log() + ")"));
        }
        List<String> setAside = PairedRounds.setAside(rounds);
        if (!setAside.isEmpty()) {
            lines.add(setAside.size() + " run(s) set aside by the warm-up rule (their rounds are left out of the figures above, not judged):");
            setAside.forEach(s -> lines.add("  " + s));
        }
        lines.add(result.line());
        lines.forEach(out::println);
        try {
            org.rpcbench.record.WholeFile.write(dir.resolve("calibrate.txt"), String.join("\n", lines) + "\n");
            org.rpcbench.record.WholeFile.writeJson(dir.resolve(RESULT), result);
            out.println("calibration: " + dir.resolve("calibrate.txt") + " (and " + RESULT + " beside it)");
        } catch (IOException e) {
            out.println("(cannot write " + dir.resolve("calibrate.txt") + " or " + RESULT + ": " + e.getMessage() + ")");
        }
        return failed.isEmpty() ? 0 : 1;
    }


}
