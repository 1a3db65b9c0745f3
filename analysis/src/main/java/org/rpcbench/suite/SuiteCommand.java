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
import java.util.Map;
import org.rpcbench.cli.UsageException;
import org.rpcbench.record.Records;
import org.rpcbench.record.RunRecord;
import org.rpcbench.report.OverallTable;
import org.rpcbench.report.ReportTable;
import org.rpcbench.report.ServerThreads;
import org.rpcbench.report.SuiteHtml;
import org.rpcbench.report.SuiteTable;
import org.rpcbench.report.SweepTable;

/**
 * A seed's table in one command: the suite's pairs built once, then run in rounds, each round every pair
 * once in a new random order (so that neither drift nor the order decides which pair comes first), then
 * one table in the seed's shape: a cell is the median over the rounds with its interval. A pair that
 * fails is said and the suite carries on; the exit code is 1 if any did.
 */
final class SuiteCommand {

    private SuiteCommand() {}

    static int run(Checkout env, RunOptions options, List<String> rest, PrintStream out, PrintStream err)
            throws UsageException, IOException, InterruptedException {
        options.refuse("a suite", 'D');
        if (rest.size() != 1) {
            throw new UsageException("suite needs one name: " + String.join(", ", Suite.names()));
        }
        if (options.calibrating()) {
            throw new UsageException("a suite is a real result: the calibration switch is for ./benchmark.sh calibrate");
        }
        Suite suite;
        try {
            suite = Suite.named(rest.get(0));
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        Profile profile = options.profile() != null ? options.profile() : Profile.QUICK;
        List<String> pairs = suite.pairs(Pairs.of(env.root()));
        List<Integer> concurrency = !options.concurrency().isEmpty() ? options.concurrency()
                : profile == Profile.FULL ? suite.fullConcurrency() : suite.concurrency();
        int rounds = options.rounds() != null ? options.rounds() : profile.rounds();
        String jmh = options.jmhOr(profile) + suite.clientOptions(profile)
                + (suite.cases().isEmpty() ? "" : " " + String.join(" ", suite.cases()));
        String title = suite.title() + " (" + (options.jmh() != null ? "JMH " : profile.label() + " profile: ") + jmh
                + (concurrency.size() == 1 && concurrency.get(0) != 32 ? ", concurrency " + concurrency.get(0) : "")
                + (rounds > 1 ? ", " + rounds + " rounds" : "") + ")";

        PairRunner runner = new PairRunner(env.root());
        if (!options.noBuild() && runner.build(pairs, options.buildOptions(), null) != 0) {
            err.println("benchmark.sh: suite " + suite.name() + ": the build failed");
            return 1;
        }
        Path dir = env.root().resolve("results").resolve("suite-" + suite.name() + "-"
                + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
        Files.createDirectories(dir);
        List<String> failed = new ArrayList<>();
        Stopping.install(runner::stop, err, "suite " + suite.name(), signal -> out.flush());
        RoundOrder order = RoundOrder.random();
        long start = System.nanoTime();
        int done = 0;
        int total = rounds * pairs.size();
        Map<String, String> childEnv = new LinkedHashMap<>(env.historyEnv());
        childEnv.put("RPCBENCH_SUITE", suite.name());
        for (int round = 1; round <= rounds; round++) {
            for (String pair : order.next(pairs)) {
                long elapsed = (System.nanoTime() - start) / 1_000_000_000L;
                out.println("benchmark.sh: suite " + suite.name() + ": " + (rounds > 1 ? "round " + round + " of " + rounds + ", " : "")
                        + "pair " + (pairs.indexOf(pair) + 1) + " of " + pairs.size() + " (" + pair + "), " + Durations.format(elapsed)
                        + " elapsed" + (done == 0 ? "" : ", about " + Durations.format(elapsed * (total - done) / done) + " left"));
                int status = runner.run(new PairRunner.Run(pair, runDir(dir, pair, round, rounds), jmh, concurrency,
                        options.switches(), options.pin(), childEnv, null));
                done++;
                if (status != 0) {
                    failed.add(pair + (rounds > 1 ? " (round " + round + ")" : ""));
                    err.println("benchmark.sh: suite " + suite.name() + ": " + pair + " FAILED (exit " + status + "); carrying on");
                }
            }
        }
        out.println();
        out.println("benchmark.sh: suite " + suite.name() + ": " + pairs.size() + " pairs" + (rounds > 1 ? " x " + rounds + " rounds" : "")
                + " in " + Durations.format((System.nanoTime() - start) / 1_000_000_000L) + ", results in " + dir
                + " (round order seed " + order.seed() + ")");
        try {
            report(suite, title, pairs, dir, suite.sweep(concurrency), env.historyStore(), out);
        } catch (IOException | RuntimeException e) {
            err.println("benchmark.sh: suite " + suite.name() + ": cannot write the suite's table: " + e.getMessage());
            failed.add("(the table)");
        }
        if (!failed.isEmpty()) {
            err.println("benchmark.sh: suite " + suite.name() + " FAILED for: " + String.join(" ", failed));
            return 1;
        }
        return 0;
    }

    /** Where a pair's run of a round goes: PAIR/ for a suite of one round, PAIR/rN/ for several. */
    static Path runDir(Path dir, String pair, int round, int rounds) {
        return rounds == 1 ? dir.resolve(pair) : dir.resolve(pair).resolve("r" + round);
    }

    /** The tables of a suite's results directory, from the run records found in it. */
    static void report(Suite suite, String title, List<String> pairs, Path dir, boolean sweep, String history, PrintStream out)
            throws IOException {
        List<ReportTable.Entry> entries = new ArrayList<>();
        List<RunRecord> all = new ArrayList<>();
        for (String pair : pairs) {
            List<RunRecord> records = new ArrayList<>();
            if (Files.isDirectory(dir.resolve(pair))) {
                for (Path f : Records.find(dir.resolve(pair))) {
                    records.add(Records.read(f));
                }
            }
            entries.add(new ReportTable.Entry(pair, records));
            all.addAll(records);
        }
        ReportTable table = sweep ? ReportTable.ofSweep(title, pairs, all) : ReportTable.ofSuite(title, entries, suite.cases());
        Path html = SuiteHtml.write(table, suite.seed(), dir, history);
        if (sweep) {
            String md = "## " + title + "\n\n" + SweepTable.markdown(table, suite.seed());
            Files.writeString(dir.resolve("suite.md"), md, StandardCharsets.UTF_8);
            out.print(title + "\n\n" + SweepTable.text(table, suite.seed()));
            out.println("reports: " + dir.resolve("suite.md") + " (Markdown), " + html + " (HTML)");
        } else {
            Files.writeString(dir.resolve("suite.md"), SuiteTable.markdown(table, suite.seed()), StandardCharsets.UTF_8);
            Files.writeString(dir.resolve("suite.csv"), SuiteTable.csv(entries), StandardCharsets.UTF_8);
            out.print(SuiteTable.text(table, suite.seed()));
            out.println("reports: " + dir.resolve("suite.md") + " (Markdown), " + dir.resolve("suite.csv") + " (CSV), " + html
                    + " (HTML)");
        }
        String scenes = scenes(suite, pairs, dir);
        if (!scenes.isEmpty()) {
            out.print("\n" + scenes);
            Files.writeString(dir.resolve("suite.md"), "\n```\n" + scenes + "```\n", StandardCharsets.UTF_8,
                    java.nio.file.StandardOpenOption.APPEND);
        }
    }

    /** The tables of seed 003's scenes, for the suites that ask for them: all sizes together, server threads. */
    static String scenes(Suite suite, List<String> pairs, Path dir) throws IOException {
        Map<String, OverallTable.Overall> overall = new LinkedHashMap<>();
        Map<String, List<ServerThreads.Pool>> threads = new LinkedHashMap<>();
        for (String pair : pairs) {
            if (!Files.isDirectory(dir.resolve(pair))) {
                continue;
            }
            try (var walk = Files.walk(dir.resolve(pair))) {
                for (Path p : walk.sorted().toList()) {
                    String run = pair + (dir.resolve(pair).equals(p.getParent()) ? "" : " " + dir.resolve(pair).relativize(p.getParent()));
                    if (suite.overall() && p.getFileName().toString().equals("tallies") && Files.isDirectory(p)) {
                        overall.put(run, OverallTable.of(p));
                    } else if (suite.serverThreads() && p.getFileName().toString().equals("server.log")) {
                        threads.put(run, ServerThreads.read(p));
                    }
                }
            }
        }
        return (overall.isEmpty() ? "" : OverallTable.text(overall))
                + (threads.isEmpty() ? "" : ServerThreads.text(threads));
    }
}
