package org.rpcbench.suite;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
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
import org.rpcbench.cli.CommandLine;
import org.rpcbench.cli.Option;
import org.rpcbench.cli.UsageException;
import org.rpcbench.record.CaseRecord;
import org.rpcbench.record.Records;
import org.rpcbench.record.RunRecord;
import org.rpcbench.report.SensitivityTable;

/**
 * The sensitivity of {@code ab} on this machine, measured: a known CPU cost is spun on the server in every
 * call (the calibration switch), chosen to raise the server's CPU per call by about 5 % and about 10 % in
 * each case; no cost, no cost again, +5 % and +10 % run in randomized interleaved rounds, as many as
 * {@code --budget} (calibrate's own wall time) holds; then {@link Sensitivity} says how likely an ab of
 * {@code --ab-budget} is to see each cost, and how often it raises a false alarm.
 */
final class CalibrateCommand {
    static final Option<String> BUDGET = Option.text("budget", "DURATION", "60m",
            "how long calibrate may run, building and sizing included (at most 60m)");
    static final Option<String> AB_BUDGET = Option.text("ab-budget", "DURATION", "15m",
            "the ab budget to calibrate: how long one comparison may run");
    static final Option<Integer> ROUNDS = Option.optionalInteger("rounds", "N", 3, 10_000,
            "at most this many rounds of the four arms (default: as many as --budget holds)");
    static final Option<Integer> BUDGETS = Option.integer("budgets", "N", 200, 20, 10_000,
            "at most this many distinct budgets resampled from the rounds (all of them when there are no more)");
    static final Option<Integer> ALPHA = Option.integer("alpha", "PERCENT", 5, 1, 20, "ab's false-alarm rate");
    static final Option<String> REPORT = Option.text("report", "DIR", null,
            "judge the rounds an earlier calibrate stored in DIR again, as now judged, instead of running new ones");
    /** What a calibration's report needs besides its rounds, kept beside them so that they can be judged again. */
    static final String PLAN = "calibrate.json";
    /** calibrate's figures for tools, beside calibrate.txt. */
    static final String RESULT = "calibrate-result.json";
    /** The longest --budget: calibrate is one pair's, and an hour of rounds is what a maintainer can spare. */
    static final long MAX_BUDGET_SECONDS = 3600;

    /** @param serverMicros each case's server CPU per call without any cost, which the costs were sized from */
    record Plan(String pair, long budgetSeconds, int abRounds, Map<String, Double> serverMicros, List<String> costs) {}
    static final double[] SHARES = {0.05, 0.10};
    static final String ZERO = "no-cost";
    static final String ZERO_AGAIN = "no-cost-again";

    private CalibrateCommand() {}

    static int run(Checkout env, RunOptions options, List<String> args, PrintStream out, PrintStream err)
            throws UsageException, IOException, InterruptedException {
        options.refuse("calibrate (it takes --rounds and --budget)", 'D', 'R');
        CommandLine cli = CommandLine.passingThrough("./benchmark.sh [options] calibrate", "Measures how small a change ab"
                + " sees on this machine, and how often it raises a false alarm.", List.of(BUDGET, AB_BUDGET, ROUNDS, BUDGETS, ALPHA, REPORT),
                "Argument: PAIR (its server spins the calibration cost).");
        CommandLine.Values v = cli.parse(args.toArray(String[]::new));
        if (v.helpRequested()) {
            out.print(cli.usage());
            return 0;
        }
        long started = System.nanoTime();
        double alpha = v.get(ALPHA) / 100.0;
        long wall = budget(BUDGET, v);
        long budget = budget(AB_BUDGET, v);
        if (wall > MAX_BUDGET_SECONDS) {
            throw new UsageException("--budget is at most 60m (calibrate's own wall time, one pair), got " + v.get(BUDGET));
        }
        if (v.has(REPORT)) {
            Path stored = Path.of(v.get(REPORT));
            if (!stored.resolve(PLAN).toFile().isFile()) {
                throw new UsageException("--report needs the directory of an earlier calibrate (with " + PLAN + "), not " + stored);
            }
            Plan plan = org.rpcbench.record.Json.MAPPER.readValue(stored.resolve(PLAN).toFile(), Plan.class);
            List<String> arms = new ArrayList<>(List.of(ZERO, ZERO_AGAIN));
            arms.addAll(plan.costs());
            return report(Interleaved.load(stored.resolve("rounds"), arms, List.of(plan.pair())), plan.pair(), plan.costs(),
                    plan.serverMicros(), plan.abRounds(), v.get(BUDGETS), alpha, plan.budgetSeconds(), stored, out);
        }
        Target target = Target.of(env, v.rest(), "calibrate");
        if (target.pairs().size() != 1) {
            throw new UsageException("calibrate takes one pair: its server spins the calibration cost");
        }
        if (options.calibrating() || options.concurrency().size() > 1) {
            throw new UsageException("calibrate sets the calibration switch itself, at one concurrency");
        }
        String pair = target.pairs().get(0);
        String jmh = options.jmhOr(Profile.AB);
        Path dir = env.root().resolve("results").resolve("calibrate-" + pair + "-"
                + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
        PairRunner runner = new PairRunner(env.root());
        if (!options.noBuild() && runner.build(List.of(pair), options.buildOptions(), null) != 0) {
            err.println("benchmark.sh: calibrate: the build failed");
            return 1;
        }
        out.println("benchmark.sh: calibrate " + pair + ": a run without any cost first, to size the costs (" + jmh + ")");
        Path probeDir = dir.resolve("probe");
        long probeStart = System.nanoTime();
        Stopping.install(runner::stop, err, "calibrate", signal -> out.flush());
        int status = runner.run(new PairRunner.Run(pair, probeDir, jmh, options.concurrency(), options.switches(), options.pin(),
                Checkout.noHistory(), probeDir.resolve("benchmark.log")));
        long runSeconds = Math.max(1, (System.nanoTime() - probeStart) / 1_000_000_000L);
        if (status != 0 || !probeDir.resolve(Records.FILE).toFile().isFile()) {
            err.println("benchmark.sh: calibrate: the first run failed (exit " + status + "); see " + probeDir.resolve("benchmark.log"));
            return 1;
        }
        RunRecord probe = Records.read(probeDir.resolve(Records.FILE));
        Map<String, Double> serverMicros = new LinkedHashMap<>();
        for (CaseRecord c : probe.cases()) {
            double micros = c.steady() != null ? c.steady().perCall().serverCpuMicros() : c.perCall("serverCpuMicros");
            if (!(micros > 0)) {
                err.println("benchmark.sh: calibrate: the server's CPU per call cannot be read for " + c.name());
                return 1;
            }
            serverMicros.put(c.name(), micros);
        }
        int abRounds = (int) Math.max(Estimate.MIN_ROUNDS, budget / (2 * runSeconds));
        // what is left of --budget, less one run's length: a round may run longer than the first run said, and the report takes a moment
        long left = wall - (System.nanoTime() - started) / 1_000_000_000L - runSeconds;
        int fits = (int) (left / ((SHARES.length + 2) * runSeconds));
        if (fits < Estimate.MIN_ROUNDS) {
            err.println("benchmark.sh: calibrate: --budget " + v.get(BUDGET) + " leaves room for " + Math.max(0, fits) + " rounds of "
                    + (SHARES.length + 2) + " runs of about " + Durations.format(runSeconds) + " each; it needs " + Estimate.MIN_ROUNDS);
            return 2;
        }
        int rounds = v.has(ROUNDS) ? Math.min(v.get(ROUNDS), fits) : fits;
        List<String> costs = new ArrayList<>();
        List<Interleaved.Arm> arms = new ArrayList<>(List.of(new Interleaved.Arm(ZERO, runner, options.switches()),
                new Interleaved.Arm(ZERO_AGAIN, runner, options.switches())));
        for (double share : SHARES) {
            String arm = String.format(Locale.ROOT, "plus-%.0f-percent", 100 * share);
            List<String> switches = new ArrayList<>(options.switches());
            switches.add("calibration.spin-ns=" + spin(serverMicros, share));
            arms.add(new Interleaved.Arm(arm, runner, switches));
            costs.add(arm);
        }
        out.printf(Locale.ROOT, "benchmark.sh: calibrate %s: a run takes about %s, so an ab of %s fits %d rounds; running %d rounds"
                        + " of %d runs (about %s); costs per call: +5 %% %s, +10 %% %s%n", pair, Durations.format(runSeconds),
                Durations.format(budget), abRounds, rounds, arms.size(), Durations.format(rounds * arms.size() * runSeconds),
                spin(serverMicros, 0.05), spin(serverMicros, 0.10));
        org.rpcbench.record.Json.MAPPER.writeValue(dir.resolve(PLAN).toFile(), new Plan(pair, budget, abRounds, serverMicros, costs));
        Interleaved interleaved = new Interleaved(arms, List.of(pair), jmh, options.concurrency(), options.pin(), dir.resolve("rounds"),
                Math.max(1, left), rounds, RoundOrder.random());
        Stopping.install(interleaved::stop, err, "calibrate",
                signal -> report(interleaved.done(), pair, costs, serverMicros, abRounds, v.get(BUDGETS), alpha, budget, dir, out));
        List<Interleaved.Round> done = interleaved.run((d, elapsed, expected) -> out.printf(Locale.ROOT,
                "benchmark.sh: calibrate: round %d of %d, %s elapsed; +10 %% so far: %s%n", d.size(), expected,
                Durations.format(elapsed), PairedRounds.soFar(d, ZERO, costs.get(costs.size() - 1), List.of(pair))), err);
        if (!applied(dir, costs.get(0))) {
            err.println("benchmark.sh: calibrate: " + pair + "'s server did not apply the calibration cost (its settings line does"
                    + " not show it): its figures measure nothing");
            return 1;
        }
        return report(done, pair, costs, serverMicros, abRounds, v.get(BUDGETS), alpha, budget, dir, out);
    }

    /** The calibration switch's value: each case's share of its server CPU per call, by contract method, in ns. */
    static String spin(Map<String, Double> serverMicros, double share) {
        Map<String, Long> byMethod = new LinkedHashMap<>();
        serverMicros.forEach((c, micros) -> byMethod.putIfAbsent(method(c), Math.max(1, Math.round(micros * 1000 * share))));
        return String.join(",", byMethod.entrySet().stream().map(e -> e.getKey() + ":" + e.getValue()).toList());
    }

    /** The contract method a case calls (the echoes share one, sized by the first of them measured). */
    static String method(String caseName) {
        return switch (caseName) {
            case "echo1K", "echo50K", "echo200K" -> "echo";
            case "echoPojo" -> "echoPerson";
            default -> caseName;
        };
    }

    /** Whether the server said, in its settings line, that it spun the cost. */
    private static boolean applied(Path dir, String arm) throws IOException {
        try (var walk = Files.walk(dir.resolve("rounds"))) {
            for (Path log : walk.filter(p -> p.getFileName().toString().equals("server.log") && p.toString().contains(arm)).toList()) {
                return Files.readString(log, StandardCharsets.UTF_8).contains("calibrationSpinNanos=");
            }
        }
        return false;
    }

    static int report(List<Interleaved.Round> rounds, String pair, List<String> costs, Map<String, Double> serverMicros, int abRounds,
                      int budgets, double alpha, long budget, Path dir, PrintStream out) {
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
        Sensitivity.Result result = Sensitivity.measure(pair, rounds.size(), new Sensitivity.Plan(ZERO_AGAIN, shares, budget, abRounds, alpha),
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
        lines.add(result.line());
        lines.forEach(out::println);
        try {
            Files.writeString(dir.resolve("calibrate.txt"), String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
            org.rpcbench.record.Json.MAPPER.writeValue(dir.resolve(RESULT).toFile(), result);
            out.println("calibration: " + dir.resolve("calibrate.txt") + " (and " + RESULT + " beside it)");
        } catch (IOException e) {
            out.println("(cannot write " + dir.resolve("calibrate.txt") + " or " + RESULT + ": " + e.getMessage() + ")");
        }
        return failed.isEmpty() ? 0 : 1;
    }

    /** A duration option's value in seconds. */
    private static long budget(Option<String> option, CommandLine.Values v) throws UsageException {
        try {
            return RunOptions.duration(v.get(option));
        } catch (UsageException e) {
            throw new UsageException(option.longName() + " needs a duration such as 90s, 30m or 1h, got '" + v.get(option) + "'");
        }
    }
}
