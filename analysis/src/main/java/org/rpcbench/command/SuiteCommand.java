package org.rpcbench.command;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.rpcbench.cli.UsageException;
import org.rpcbench.record.Records;
import org.rpcbench.record.RunRecord;
import org.rpcbench.report.OverallTable;
import org.rpcbench.report.ReportTable;
import org.rpcbench.report.ServerThreads;
import org.rpcbench.report.SuiteHtml;
import org.rpcbench.report.SuiteTable;
import org.rpcbench.report.SweepTable;
import org.rpcbench.runs.Builder;
import org.rpcbench.runs.Pair;
import org.rpcbench.runs.PairRunSettings;
import org.rpcbench.runs.Pairs;
import org.rpcbench.runs.Profile;
import org.rpcbench.runs.ResultDirs;
import org.rpcbench.runs.RoundOrder;
import org.rpcbench.runs.RunShape;
import org.rpcbench.runs.Stopped;
import org.rpcbench.runs.Suite;
import org.rpcbench.runs.SuiteRounds;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * A seed's table in one command: the suite's pairs built once, then run in rounds, each round every pair
 * once in a new random order, then one table in the seed's shape: a cell is the median over the rounds with
 * its interval. A pair that fails is said and the suite carries on; the exit code is 1 if any did. A stop
 * keeps the runs that finished and tabulates them.
 */
@Command(name = "suite", customSynopsis = "Usage: ./benchmark.sh [options] suite NAME",
        description = {"A seed's table: the suite's pairs in rounds (-R), each round in a new random order, one table with the",
            "seed's own figures beside ours, in results/suite-NAME-TIME/ (suite.md, suite.csv, suite.html)."})
final class SuiteCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;
    @Mixin
    HelpOption help;
    @Mixin
    RunningOptions running;

    @Parameters(paramLabel = "NAME", arity = "0..*", description = "the suite")
    List<String> names = new ArrayList<>();

    /** The suites there are, under the usage (they are data: the jar's suites/*.json). */
    static void listSuites(CommandSpec spec) {
        spec.usageMessage().footer("", "Suites: " + String.join(", ", Suite.names()));
    }

    @Override
    public Integer call() throws Exception {
        Subcommand c = Subcommand.of(spec, running);
        Context ctx = c.ctx();
        if (names.size() != 1) {
            throw new UsageException("suite needs one name: " + String.join(", ", Suite.names()));
        }
        if (c.load().calibrating()) {
            throw new UsageException("a suite is a real result: the calibration switch is for ./benchmark.sh calibrate");
        }
        Suite suite;
        try {
            suite = Suite.named(names.get(0));
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        Profile profile = c.effort().profile != null ? c.effort().profile : Profile.QUICK;
        Pairs known = ctx.checkout.pairs();
        List<Pair> pairs = new ArrayList<>();
        for (String name : suite.pairs(known)) {
            pairs.add(known.named(name));
        }
        List<Integer> concurrency = !c.load().concurrency().isEmpty() ? c.load().concurrency()
                : profile == Profile.FULL ? suite.fullConcurrency() : suite.concurrency();
        int rounds = c.effort().rounds != null ? c.effort().rounds : profile.rounds();
        String jmh = c.effort().clientArgs(c.load(), profile) + suite.clientOptions(profile)
                + (suite.cases().isEmpty() ? "" : " " + String.join(" ", suite.cases()));
        String title = suite.title() + " (" + (c.load().clientArgs != null ? "JMH " : profile.label() + " profile: ") + jmh
                + (concurrency.size() == 1 && concurrency.get(0) != 32 ? ", concurrency " + concurrency.get(0) : "")
                + (rounds > 1 ? ", " + rounds + " rounds" : "") + ")";
        try {
            if (c.build().skip()) {
                Builder.requireBuilt(ctx.checkout, pairs, true, true);
            } else {
                ctx.builder().build(ctx.checkout, pairs, c.build().mavenOptions, null, ctx.out, ctx.err);
            }
        } catch (Stopped e) {
            return ctx.stop.exitCode();
        }
        Path dir = ResultDirs.create(ctx.checkout.results(), "suite-" + suite.name(), ctx.clock);
        RunShape shape = new RunShape(jmh, concurrency, c.load().pinned(), ctx.serverJvm(), ctx.clientJvm());
        RoundOrder order = RoundOrder.random();
        String history = ctx.historyStore();
        SuiteRounds.Done done = new SuiteRounds(suite.name(), pairs, rounds, dir, order, ctx.runner, ctx.stop)
                .run((pair, runDir) -> {
                    PairRunSettings.Builder b = shape.settings(ctx.checkout, pair, c.load().switches(), runDir, null);
                    b.historyStore = history;
                    b.suite = suite.name();
                    return b.build();
                }, ctx.out, ctx.err);
        List<String> failed = new ArrayList<>(done.failed());
        ctx.out.println();
        ctx.out.println("benchmark.sh: suite " + suite.name() + ": " + (done.stopped() ? "stopped after " + done.runs().size() + " of "
                + pairs.size() * rounds + " runs" : pairs.size() + " pairs" + (rounds > 1 ? " x " + rounds + " rounds" : "")) + " in "
                + org.rpcbench.runs.Durations.format(done.seconds()) + ", results in " + dir + " (round order seed " + order.seed() + ")");
        if (!done.runs().isEmpty()) {
            try {
                report(suite, title, pairs.stream().map(Pair::name).toList(), dir, done.runs(), suite.sweep(concurrency), history, ctx.out);
            } catch (IOException | RuntimeException e) {
                ctx.err.println("benchmark.sh: suite " + suite.name() + ": cannot write the suite's table: " + e.getMessage());
                failed.add("(the table)");
            }
        }
        if (!failed.isEmpty()) {
            ctx.err.println("benchmark.sh: suite " + suite.name() + " FAILED for: " + String.join(" ", failed));
            return c.exit(1);
        }
        return c.exit(0);
    }

    /** The tables of a suite's results directory, from the records of the runs that finished. */
    static void report(Suite suite, String title, List<String> pairs, Path dir, List<Path> runs, boolean sweep, String history,
                       PrintStream out) throws IOException {
        List<ReportTable.Entry> entries = new ArrayList<>();
        List<RunRecord> all = new ArrayList<>();
        for (String pair : pairs) {
            List<RunRecord> records = new ArrayList<>();
            for (Path run : runs) {
                if (run.startsWith(dir.resolve(pair)) && Files.isDirectory(run)) {
                    for (Path f : Records.find(run)) {
                        records.add(Records.read(f));
                    }
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
        String scenes = scenes(suite, pairs, dir, runs);
        if (!scenes.isEmpty()) {
            out.print("\n" + scenes);
            Files.writeString(dir.resolve("suite.md"), "\n```\n" + scenes + "```\n", StandardCharsets.UTF_8,
                    java.nio.file.StandardOpenOption.APPEND);
        }
    }

    /** The tables of seed 003's scenes, for the suites that ask for them: all sizes together, server threads. */
    static String scenes(Suite suite, List<String> pairs, Path dir, List<Path> runs) throws IOException {
        Map<String, OverallTable.Overall> overall = new LinkedHashMap<>();
        Map<String, List<ServerThreads.Pool>> threads = new LinkedHashMap<>();
        for (String pair : pairs) {
            for (Path run : runs.stream().filter(r -> r.startsWith(dir.resolve(pair))).sorted().toList()) {
                try (var walk = Files.walk(run)) {
                    for (Path p : walk.sorted().toList()) {
                        String name = pair + (dir.resolve(pair).equals(p.getParent()) ? "" : " " + dir.resolve(pair).relativize(p.getParent()));
                        if (suite.overall() && p.getFileName().toString().equals("tallies") && Files.isDirectory(p)) {
                            overall.put(name, OverallTable.of(p));
                        } else if (suite.serverThreads() && p.getFileName().toString().equals("server.log")) {
                            threads.put(name, ServerThreads.read(p));
                        }
                    }
                }
            }
        }
        return (overall.isEmpty() ? "" : OverallTable.text(overall))
                + (threads.isEmpty() ? "" : ServerThreads.text(threads));
    }
}
