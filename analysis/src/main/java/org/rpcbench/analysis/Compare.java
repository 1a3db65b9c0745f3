package org.rpcbench.analysis;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;
import org.rpcbench.cli.CommandLine;
import org.rpcbench.cli.Option;
import org.rpcbench.cli.UsageException;
import org.rpcbench.history.HistoryStore;
import org.rpcbench.record.CaseRecord;
import org.rpcbench.record.Records;
import org.rpcbench.record.RunRecord;
import org.rpcbench.report.VerdictTable;

/**
 * Compares two sets of stored runs, pair by pair and case by case. Where each side holds several runs of a
 * pair (a suite repeated in rounds, runs gathered from the history), the statistics are those of
 * {@code ab}: over runs, never iterations, every tested metric in one family. Where a side holds one run,
 * the spread between runs is unknown and no verdict is drawn; the change is shown beside the spread that
 * earlier runs with the same settings had in the history store, when there are any.
 *
 * <p>A different framework version is the thing compared, never a reason to refuse. The data model, the
 * load's settings (JMH's, concurrency), the JVM, the CPU model, its cores and the pinning must match.
 * Exit codes: 0 nothing got slower; 1 something did; 2 bad input; 3 the runs are not comparable.
 */
public final class Compare {
    static final Option<Integer> THRESHOLD = Option.integer("threshold", "PERCENT", 0, 0, 100,
            "a change the statistics support but smaller than this is \"no change\"");
    static final Option<Boolean> ALLOW = Option.flag("allow-different-settings",
            "compare runs whose settings differ (the differences are still listed)");
    static final Option<String> HISTORY = Option.text("history", "STORE", null,
            "a history store to quote the spread of earlier runs from, when a side holds one run");

    private Compare() {}

    public static int run(String[] args, PrintStream out, PrintStream err) {
        CommandLine cli = CommandLine.passingThrough("./benchmark.sh compare", "Compares CURRENT with BASELINE: run.json"
                + " files, or directories holding them (a pair run, a suite, an ab).", List.of(THRESHOLD, ALLOW, HISTORY),
                "Arguments: BASELINE CURRENT. Exit 0: nothing slower; 1: something slower; 2: bad input; 3: not comparable.");
        CommandLine.Values values;
        try {
            values = cli.parse(args);
            if (values.helpRequested()) {
                out.print(cli.usage());
                return 0;
            }
            if (values.rest().size() != 2 || values.rest().stream().anyMatch(a -> a.startsWith("-"))) {
                throw new UsageException("give BASELINE and CURRENT, got " + values.rest());
            }
        } catch (UsageException e) {
            err.println("rpc-bench compare: " + e.getMessage() + " (see --help)");
            return 2;
        }
        Map<String, List<RunRecord>> baseline;
        Map<String, List<RunRecord>> current;
        try {
            baseline = byPair(Path.of(values.rest().get(0)));
            current = byPair(Path.of(values.rest().get(1)));
        } catch (IOException e) {
            err.println("rpc-bench compare: " + e.getMessage());
            return 2;
        }
        Comparability found = Comparability.of(baseline, current);
        found.notes().forEach(n -> out.println("compared: " + n));
        if (!found.refusals().isEmpty()) {
            found.refusals().forEach(d -> err.println("rpc-bench compare: differ: " + d));
            boolean model = found.dataModelsDiffer();
            if (model || !values.get(ALLOW)) {
                err.println("rpc-bench compare: not compared: " + (model ? "the runs measured different data models (the"
                        + " contract's data changed between them), which no option overrides"
                        : "the runs' settings differ (--allow-different-settings compares them anyway)"));
                return 3;
            }
        }
        List<Verdicts.Input> inputs = new ArrayList<>();
        List<String> single = new ArrayList<>();
        List<String> unmatched = new ArrayList<>();
        for (Map.Entry<String, List<RunRecord>> e : current.entrySet()) {
            List<RunRecord> base = baseline.get(e.getKey());
            if (base == null) {
                unmatched.add(e.getKey() + " (only in CURRENT)");
                continue;
            }
            for (String name : caseNames(e.getValue(), base, unmatched, e.getKey())) {
                List<CaseRecord> a = cases(base, name).stream().filter(c -> !c.failed()).toList();
                List<CaseRecord> b = cases(e.getValue(), name).stream().filter(c -> !c.failed()).toList();
                for (Verdicts.Input in : Verdicts.unpairedCase(e.getKey(), name, a, b)) {
                    if (Double.isFinite(in.baseline()) && Double.isFinite(in.candidate())) {
                        inputs.add(in);
                        if (!in.estimate().known() && in.metric() == Metric.THROUGHPUT) {
                            single.add(e.getKey() + " " + name);
                        }
                    }
                }
            }
        }
        baseline.keySet().stream().filter(p -> !current.containsKey(p)).forEach(p -> unmatched.add(p + " (only in BASELINE)"));
        if (inputs.isEmpty()) {
            err.println("rpc-bench compare: the two sides have no pair and case in common" + (unmatched.isEmpty() ? ""
                    : " (" + String.join(", ", unmatched) + ")"));
            return 2;
        }
        Verdicts.Family family = Verdicts.judge(inputs, Verdicts.ALPHA, values.get(THRESHOLD) / 100.0);
        out.print(VerdictTable.text(family, values.rest().get(0), values.rest().get(1)));
        unmatched.forEach(u -> out.println("not compared: " + u));
        if (!single.isEmpty()) {
            out.println("one run a side: the run-to-run spread is unknown, so no verdict is drawn for " + String.join(", ", single)
                    + "; run suites in rounds (-R) or ab for a verdict");
            spreadFromHistory(values.get(HISTORY), current, single, out);
        }
        if (family.slower() > 0) {
            err.println("rpc-bench compare: " + family.slower() + " of " + family.tested() + " tested results got worse");
            return 1;
        }
        return 0;
    }

    /** The spread of earlier runs with the same settings, from the history store, for pairs compared one run a side. */
    private static void spreadFromHistory(String store, Map<String, List<RunRecord>> current, List<String> single, PrintStream out) {
        if (store == null) {
            return;
        }
        try (HistoryStore history = HistoryStore.open(store)) {
            for (String pairCase : single) {
                String[] pc = pairCase.split(" ");
                RunRecord r = current.get(pc[0]).get(0);
                double[] earlier = history.sameSettings(r.binding(), pc[1], r.hash(), 50).stream()
                        .filter(s -> s.point().errors() == 0).mapToDouble(s -> s.point().opsPerSecond()).toArray();
                if (earlier.length < 3) {
                    out.printf(Locale.ROOT, "  %s: %d earlier runs with these settings in the history: too few to tell a spread%n",
                            pairCase, earlier.length);
                } else {
                    out.printf(Locale.ROOT, "  %s: %d earlier runs with these settings in the history varied by ±%.1f %% (sd of"
                            + " throughput / mean)%n", pairCase, earlier.length, 100 * Stats.sd(earlier) / Stats.mean(earlier));
                }
            }
        } catch (SQLException | RuntimeException e) {
            out.println("  (the history store " + HistoryStore.redact(store) + " could not be read: " + e.getMessage() + ")");
        }
    }

    private static List<CaseRecord> cases(List<RunRecord> runs, String name) {
        return runs.stream().map(r -> r.find(name)).filter(Objects::nonNull).toList();
    }

    /** The cases of a pair on both sides; a case on one side only is named, never skipped silently. */
    private static List<String> caseNames(List<RunRecord> current, List<RunRecord> baseline, List<String> unmatched, String pair) {
        TreeSet<String> now = new TreeSet<>();
        TreeSet<String> then = new TreeSet<>();
        current.forEach(r -> r.cases().forEach(c -> now.add(c.name())));
        baseline.forEach(r -> r.cases().forEach(c -> then.add(c.name())));
        now.stream().filter(c -> !then.contains(c)).forEach(c -> unmatched.add(pair + " " + c + " (only in CURRENT)"));
        then.stream().filter(c -> !now.contains(c)).forEach(c -> unmatched.add(pair + " " + c + " (only in BASELINE)"));
        List<String> both = new ArrayList<>();
        current.get(0).cases().forEach(c -> {
            if (then.contains(c.name()) && !both.contains(c.name())) {
                both.add(c.name());
            }
        });
        now.stream().filter(then::contains).filter(c -> !both.contains(c)).forEach(both::add);
        return both;
    }

    /**
     * The run records at a path, by pair, in path order; a pair swept over several concurrencies is one
     * entry per concurrency ("say@500"), since those are different measurements, not repeats.
     */
    static Map<String, List<RunRecord>> byPair(Path path) throws IOException {
        List<RunRecord> all = new ArrayList<>();
        for (Path f : Records.find(path)) {
            all.add(Records.read(f));
        }
        if (all.isEmpty()) {
            throw new IOException("no run record at " + path);
        }
        Map<String, List<RunRecord>> byPair = new LinkedHashMap<>();
        for (RunRecord r : all) {
            boolean swept = all.stream().anyMatch(o -> o.binding().equals(r.binding()) && o.threads() != r.threads());
            byPair.computeIfAbsent(swept ? r.binding() + "@" + r.threads() : r.binding(), p -> new ArrayList<>()).add(r);
        }
        return byPair;
    }
}
