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
import org.rpcbench.analysis.VersionedPair;
import org.rpcbench.cli.UsageException;
import org.rpcbench.record.Records;
import org.rpcbench.record.WholeFile;
import org.rpcbench.record.RunRecord;
import org.rpcbench.report.OverallTable;
import org.rpcbench.report.ReportTable;
import org.rpcbench.report.ServerThreads;
import org.rpcbench.report.SuiteHtml;
import org.rpcbench.report.SuiteTable;
import org.rpcbench.report.SweepTable;
import org.rpcbench.runs.Builder;
import org.rpcbench.runs.CannotRun;
import org.rpcbench.runs.Checkout;
import org.rpcbench.runs.Pair;
import org.rpcbench.runs.PairRunSettings;
import org.rpcbench.runs.Pairs;
import org.rpcbench.runs.Profile;
import org.rpcbench.runs.ResultDirs;
import org.rpcbench.runs.RoundOrder;
import org.rpcbench.runs.RunShape;
import org.rpcbench.runs.Sides;
import org.rpcbench.runs.Stopped;
import org.rpcbench.runs.Suite;
import org.rpcbench.runs.SuitePlan;
import org.rpcbench.runs.SuiteRounds;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * A seed's table in one command: the suite's pairs built once (a row on a release of its own in a copy
 * of the working tree built with that release, one copy per framework release, as an ab builds its sides), then run in
 * rounds, each round every row once in a new random order, then one table in the seed's shape: a cell is the
 * median over the rounds with its interval. A pair that fails is said and the suite carries on; the exit
 * code is 1 if any did. A stop keeps the runs that finished and tabulates them.
 */
@Command(name = "suite", customSynopsis = "Usage: ./benchmark.sh [options] suite NAME",
        description = {"A seed's table: the suite's pairs in rounds (-R), each round in a new random order, one table with the",
            "seed's own figures beside ours, in results/suite-NAME-TIME/ (suite.md, suite.csv, suite.html). A row on a",
            "release of its own (PAIR@RELEASE: dubbo-hessian@3.0.15, thrift@0.9.3) is built there with it, with -n too."})
final class SuiteCommand extends AbstractCommand {
    @Mixin
    RunningOptions running;

    @Option(names = "--releases", paramLabel = "R[,R...]", converter = Converters.ReleaseList.class,
            description = "run each of the suite's pairs on each of these Dubbo releases, a row per pair and release, e.g."
                    + " --releases 3.0.15,3.2.18,3.3.6 dubbo-versions")
    Converters.Releases releases;

    @Option(names = "--again", paramLabel = "DIR", description = "run again, into DIR (an earlier suite's results), every run of it"
            + " that did not pass (failed, or left undone by a stop), with its settings; each earlier attempt is kept beside"
            + " (PAIR.failed-1/), and the table is made again from all the runs")
    Path again;

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
        Planned planned = again != null ? again(c) : planned(c);
        String history = ctx.usableHistoryStore();
        Suite suite = planned.suite();
        SuitePlan plan = planned.plan();
        Pairs known = ctx.checkout.pairs();
        List<VersionedPair> rows = suite.rows(known);
        Map<String, Pair> pairOf = new LinkedHashMap<>();
        for (VersionedPair row : rows) {
            pairOf.put(row.key(), known.named(row.pair()));
        }
        List<String> toRun = plan.rowsToRunAgain();
        if (toRun.isEmpty()) {
            ctx.out.println("benchmark.sh: suite " + suite.name() + ": every run in " + again + " passed; nothing to run again");
            return c.exit(0);
        }
        List<VersionedPair> running = rows.stream().filter(r -> toRun.contains(r.key())).toList();
        List<Pair> pinned = running.stream().filter(r -> r.release() == null).map(r -> pairOf.get(r.key())).distinct().toList();
        try {
            if (c.build().skip()) {
                Builder.requireBuilt(ctx.checkout, pinned, true, true);
            } else if (!pinned.isEmpty()) {
                ctx.builder().build(ctx.checkout, pinned, c.build().mavenOptions, null, ctx.out, ctx.err);
            }
        } catch (Stopped e) {
            return ctx.stop.exitCode();
        }
        Path dir = again != null ? again : ResultDirs.create(ctx.checkout.results(), "suite-" + suite.name(), ctx.clock);
        List<String> failed = new ArrayList<>();
        Map<String, Checkout> releases = new LinkedHashMap<>();
        try (ResultDirs.Claim held = ResultDirs.claim(List.of(dir.resolve(SuitePlan.FILE)), true)) {
            plan.write(dir);
            if (!buildReleases(suite, running, pairOf, c, ctx, dir, releases, failed)) {
                return ctx.stop.exitCode();
            }
            List<String> runnable = running.stream().filter(r -> r.release() == null || releases.containsKey(r.buildName()))
                    .map(VersionedPair::key).toList();
            RoundOrder order = RoundOrder.random();
            SuiteRounds.Done done = new SuiteRounds(suite.name(), runnable, plan.rounds(), dir, order, ctx.runner, ctx.stop)
                    .run((key, runDir) -> {
                        VersionedPair row = VersionedPair.parse(key);
                        Checkout checkout = row.release() == null ? ctx.checkout : releases.get(row.buildName());
                        PairRunSettings.Builder b = plan.shape().settings(checkout, pairOf.get(key), plan.switches(), runDir, null);
                        b.historyStore = history;
                        b.suite = suite.name();
                        b.historyPair = row.release() == null ? null : key;
                        return b.build();
                    }, plan, ctx.out, ctx.err);
            failed.addAll(done.failed());
            List<Path> runs = done.plan().endedRuns(dir);
            for (String wrong : wrongReleases(rows, dir, runs)) {
                ctx.err.println("benchmark.sh: suite " + suite.name() + ": " + wrong);
                failed.add(wrong.substring(0, wrong.indexOf(' ')));
            }
            int total = runnable.size() * plan.rounds();
            ctx.out.println();
            ctx.out.println("benchmark.sh: suite " + suite.name() + ": " + (again != null ? "again, " : "")
                    + (done.stopped() ? "stopped after " + done.runs().size() + " of " + total + " runs"
                    : again != null ? done.runs().size() + " run(s) of " + String.join(", ", runnable)
                    : runnable.size() + " pairs" + (plan.rounds() > 1 ? " x " + plan.rounds() + " rounds" : ""))
                    + " in " + org.rpcbench.runs.Durations.format(done.seconds()) + ", results in " + dir
                    + " (round order seed " + order.seed() + ")");
            if (!runs.isEmpty()) {
                try {
                    report(suite, plan.title(), rows.stream().map(VersionedPair::key).toList(), dir, runs,
                            suite.sweep(plan.shape().concurrency()), history, ctx.out);
                } catch (IOException | RuntimeException e) {
                    ctx.err.println("benchmark.sh: suite " + suite.name() + ": cannot write the suite's table: " + e.getMessage());
                    failed.add("(the table)");
                }
            }
        } finally {
            // the builds' copies go once their runs are done (a failed one too); their build.log stays
            for (String build : running.stream().map(VersionedPair::buildName).filter(v -> v != null).distinct().toList()) {
                Sides.remove(dir.resolve(build).resolve("checkout"));
            }
        }
        if (!failed.isEmpty()) {
            ctx.err.println("benchmark.sh: suite " + suite.name() + " FAILED for: " + String.join(" ", failed));
            return c.exit(1);
        }
        return c.exit(0);
    }

    /** A suite and its plan, from the command line or from the directory of an earlier run of it. */
    record Planned(Suite suite, SuitePlan plan) {}

    /** A new suite's plan, from the command line; bad input as one line. */
    private Planned planned(Subcommand c) throws UsageException, IOException {
        if (names.size() != 1) {
            throw new UsageException("suite needs one name: " + String.join(", ", Suite.names()));
        }
        if (c.load().calibrating()) {
            throw new UsageException("a suite is a real result: the calibration switch is for ./benchmark.sh calibrate");
        }
        Suite suite;
        try {
            Suite named = Suite.named(names.get(0));
            suite = releases == null ? named : named.onReleases(releases.values());
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        Context ctx = c.ctx();
        Profile profile = c.effort().profile != null ? c.effort().profile : Profile.QUICK;
        List<Integer> concurrency = !c.load().concurrency().isEmpty() ? c.load().concurrency()
                : profile == Profile.FULL ? suite.fullConcurrency() : suite.concurrency();
        int rounds = c.effort().rounds != null ? c.effort().rounds : profile.rounds();
        String jmh = c.effort().clientArgs(c.load(), profile) + suite.clientOptions(profile)
                + (suite.cases().isEmpty() ? "" : " " + String.join(" ", suite.cases()));
        String title = suite.title() + " (" + (c.load().clientArgs != null ? "JMH " : profile.label() + " profile: ") + jmh
                + (concurrency.size() == 1 && concurrency.get(0) != 32 ? ", concurrency " + concurrency.get(0) : "")
                + (rounds > 1 ? ", " + rounds + " rounds" : "") + ")";
        RunShape shape = new RunShape(jmh, concurrency, c.load().pinned(), ctx.serverJvm(), ctx.clientJvm());
        return new Planned(suite, new SuitePlan(suite.name(), releases == null ? List.of() : releases.values(), title,
                suite.rows(ctx.checkout.pairs()).stream().map(VersionedPair::key).toList(), rounds, shape, c.load().switches(),
                List.of()));
    }

    /** The plan kept in {@link #again}: no option of the runs may be given again, only whether and how to build. */
    private Planned again(Subcommand c) throws UsageException, IOException {
        List<String> given = new ArrayList<>(Merge.given(c.load()));
        given.addAll(Merge.given(c.effort()));
        if (releases != null) {
            given.add("--releases");
        }
        if (!given.isEmpty()) {
            throw new UsageException(given.get(0) + " does not go with --again: the runs are made again as " + again
                    + " has them (" + SuitePlan.FILE + ")");
        }
        if (!Files.isDirectory(again)) {
            throw new UsageException("--again " + again + ": no such directory");
        }
        SuitePlan plan;
        Suite suite;
        try {
            plan = SuitePlan.read(again);
            Suite named = Suite.named(plan.suite());
            suite = plan.releases().isEmpty() ? named : named.onReleases(plan.releases());
        } catch (IllegalArgumentException e) {
            throw new UsageException("--again: " + e.getMessage());
        }
        if (names.size() > 1 || names.size() == 1 && !names.get(0).equals(plan.suite())) {
            throw new UsageException("--again " + again + " is a run of the suite " + plan.suite() + ", not " + String.join(" ", names));
        }
        if (!suite.rows(c.ctx().checkout.pairs()).stream().map(VersionedPair::key).toList().equals(plan.rows())) {
            throw new UsageException("--again: the suite " + plan.suite() + " has other rows now than " + again + " ran ("
                    + String.join(", ", plan.rows()) + ")");
        }
        trust(plan);
        return new Planned(suite, plan);
    }

    /**
     * A stored plan is data: what it carries is read again with what the command itself takes (-t, -o, -R), and
     * its JVM and client options may not ask for what the harness never gives ({@link JvmOptionRule}).
     */
    void trust(SuitePlan plan) throws UsageException {
        String file = again.resolve(SuitePlan.FILE).toString();
        try {
            if (!plan.shape().concurrency().isEmpty()) {
                new Converters.ConcurrencyList().convert(String.join(",", plan.shape().concurrency().stream().map(String::valueOf).toList()));
            }
            for (String s : plan.switches()) {
                new Converters.SwitchValue().convert(s);
            }
            new Converters.Rounds().convert(String.valueOf(plan.rounds()));
        } catch (picocli.CommandLine.TypeConversionException e) {
            throw new UsageException("--again: " + file + " holds what the command line would refuse: " + e.getMessage());
        }
        List<String> words = new ArrayList<>(plan.shape().serverJvm());
        words.addAll(plan.shape().clientJvm());
        words.addAll(List.of(plan.shape().clientArgs().strip().split("\\s+")));
        String refused = org.rpcbench.runs.JvmOptionRule.refused(words);
        if (refused != null) {
            throw new UsageException("--again: " + file + " asks for " + refused + ", which this harness never gives a JVM: a plan is"
                    + " data, not run as it stands (run the suite anew)");
        }
    }

    /**
     * Builds the rows that run on releases of their own, one copy of the working tree per framework release
     * ({@link VersionedPair#buildName()}: thrift@0.9.3 and dubbo-hessian@3.0.15 each in their own), as
     * {@code ab --baseline-build} builds its sides (with -n too: those builds are not this checkout's). A release
     * whose build fails fails its rows, said in one line, and the suite runs the others.
     *
     * @return false when a stop came
     */
    private static boolean buildReleases(Suite suite, List<VersionedPair> rows, Map<String, Pair> pairOf, Subcommand c, Context ctx,
                                         Path dir, Map<String, Checkout> built, List<String> failed)
            throws IOException, InterruptedException {
        Map<String, List<VersionedPair>> byRelease = new LinkedHashMap<>();
        rows.stream().filter(r -> r.release() != null).forEach(r -> byRelease.computeIfAbsent(r.buildName(), v -> new ArrayList<>()).add(r));
        for (Map.Entry<String, List<VersionedPair>> e : byRelease.entrySet()) {
            List<Pair> pairs = e.getValue().stream().map(r -> pairOf.get(r.key())).distinct().toList();
            Sides.Side side = new Sides.Side(e.getKey(), null, e.getValue().get(0).mavenOption());
            try {
                built.put(e.getKey(), Sides.prepare(ctx.checkout, side, pairs, false, c.build().mavenOptions, dir, ctx.builder(),
                        "suite " + suite.name(), ctx.out, ctx.err));
            } catch (Stopped s) {
                return false;
            } catch (CannotRun x) {
                List<String> keys = e.getValue().stream().map(VersionedPair::key).toList();
                ctx.err.println("benchmark.sh: " + x.getMessage() + ": " + String.join(" ", keys) + " not run");
                failed.addAll(keys);
            }
        }
        return true;
    }

    /**
     * The runs of rows on a release of their own that recorded another framework version (a pair that does not
     * follow the Dubbo version it was built with), one line each, starting with the row's key.
     */
    static List<String> wrongReleases(List<VersionedPair> rows, Path dir, List<Path> runs) throws IOException {
        List<String> wrong = new ArrayList<>();
        for (VersionedPair row : rows) {
            if (row.release() == null) {
                continue;
            }
            for (Path run : runs) {
                if (run.startsWith(dir.resolve(row.key())) && Files.isDirectory(run)) {
                    for (Path f : Records.find(run)) {
                        String problem = row.wrongRelease(Records.read(f).framework().get("frameworkVersion"));
                        if (problem != null && !wrong.contains(problem)) {
                            wrong.add(problem);
                        }
                    }
                }
            }
        }
        return wrong;
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
        ReportTable table = sweep ? ReportTable.ofSweep(title, entries) : ReportTable.ofSuite(title, entries, suite.cases());
        List<String> notes = new ArrayList<>(SuiteTable.notes(table, suite.notes()));
        notes.addAll(SuiteTable.indicators(table, suite.seed()));
        String noteLines = notes.stream().map(n -> n + "\n").reduce("", String::concat);
        Path html = SuiteHtml.write(table, suite.seed(), notes, dir, history);
        String md;
        if (sweep) {
            md = "## " + title + "\n\n" + SweepTable.markdown(table, suite.seed()) + (notes.isEmpty() ? "" : "\n" + noteLines);
            out.print(title + "\n\n" + SweepTable.text(table, suite.seed()) + noteLines);
        } else {
            md = SuiteTable.markdown(table, suite.seed()) + (notes.isEmpty() ? "" : "\n" + noteLines);
            WholeFile.write(dir.resolve("suite.csv"), SuiteTable.csv(entries));
            out.print(SuiteTable.text(table, suite.seed()) + (notes.isEmpty() ? "" : "\n" + noteLines));
        }
        String scenes = scenes(suite, pairs, dir, runs);
        // suite.md whole, its scenes in it: a reader never finds it without them
        WholeFile.write(dir.resolve("suite.md"), md + (scenes.isEmpty() ? "" : "\n```\n" + scenes + "```\n"));
        out.println("reports: " + dir.resolve("suite.md") + " (Markdown), " + (sweep ? "" : dir.resolve("suite.csv") + " (CSV), ") + html
                + " (HTML)");
        if (!scenes.isEmpty()) {
            out.print("\n" + scenes);
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
