package org.rpcbench.command;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.rpcbench.analysis.Compare;
import org.rpcbench.analysis.PairKey;
import org.rpcbench.analysis.RunSets;
import org.rpcbench.analysis.Stats;
import org.rpcbench.analysis.Verdicts;
import org.rpcbench.history.HistoryStore;
import org.rpcbench.record.Records;
import org.rpcbench.record.RunRecord;
import org.rpcbench.report.VerdictTable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code compare BASELINE CURRENT}: two sets of stored runs, pair by pair and case by case ({@link Compare}).
 * Where a side holds one run, the change is shown beside the spread that earlier runs with the same settings
 * had in the history store, when asked. Exit 0 nothing got slower; 1 something did; 2 bad input; 3 the runs
 * are not comparable.
 */
@Command(name = "compare", customSynopsis = "Usage: ./benchmark.sh compare [compare's options] BASELINE CURRENT",
        description = {"Compares CURRENT with BASELINE: run.json files, or directories holding them (a pair run, a suite, an ab).",
            "Exit 0: nothing slower; 1: something slower; 2: bad input; 3: not comparable."})
final class CompareCommand extends AbstractCommand {
    @Mixin
    Judging.Threshold threshold;
    @Option(names = "--allow-different-settings", description = "compare runs whose settings differ (the differences are still listed)")
    boolean allowDifferentSettings;
    @Option(names = "--history", paramLabel = "STORE", converter = Converters.Text.class,
            description = "a history store to quote the spread of earlier runs from, when a side holds one run")
    String history;

    @Parameters(paramLabel = "BASELINE CURRENT", arity = "0..*", description = "the two sides")
    List<String> sides = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        Subcommand c = Subcommand.of(spec);
        c.ctx().stop.endAtOnce(); // it keeps nothing and starts nothing: Ctrl-C ends it
        PrintStream out = c.ctx().out;
        PrintStream err = c.ctx().err;
        if (sides.size() != 2) {
            err.println("rpc-bench compare: give BASELINE and CURRENT, got " + (sides.isEmpty() ? "none" : String.join(" ", sides)));
            return 2;
        }
        Map<PairKey, List<RunRecord>> baseline;
        Map<PairKey, List<RunRecord>> current;
        try {
            baseline = RunSets.byPair(Path.of(sides.get(0)));
            current = RunSets.byPair(Path.of(sides.get(1)));
            for (String side : sides) {
                int left = Records.search(Path.of(side)).attempts().size();
                if (left > 0) {
                    out.println("compared: " + side + ": " + left + " attempt(s) left out (NAME.failed-N, NAME.stopped-N: a run that"
                            + " failed or was stopped and was run again is no result)");
                }
            }
        } catch (IOException e) {
            err.println("rpc-bench compare: " + e.getMessage());
            return 2;
        }
        org.rpcbench.analysis.Comparability check;
        try {
            check = Compare.check(baseline, current);
        } catch (RuntimeException e) {
            // a record that reads but lacks what a comparison needs is bad input, never "slower"
            err.println("rpc-bench compare: a run record cannot be compared: " + e.getMessage());
            return 2;
        }
        check.notes().forEach(n -> out.println("compared: " + n));
        if (!check.refusals().isEmpty()) {
            String differences = String.join("; ", check.refusals().stream().map(d -> "differ: " + d).toList());
            if (check.dataModelsDiffer() || !allowDifferentSettings) {
                // one line on stderr: what differs and why nothing was compared
                err.println("rpc-bench compare: not compared: " + (check.dataModelsDiffer() ? "the runs measured different data models (the"
                        + " contract's data changed between them), which no option overrides"
                        : "the runs' settings differ (--allow-different-settings compares them anyway)") + "; " + differences);
                return 3;
            }
            check.refusals().forEach(d -> out.println("compared although they differ: " + d));
        }
        Compare.Estimates estimates = Compare.estimate(baseline, current);
        if (estimates.inputs().isEmpty()) {
            err.println("rpc-bench compare: the two sides have no pair and case in common" + (estimates.unmatched().isEmpty() ? ""
                    : " (" + String.join(", ", estimates.unmatched()) + ")"));
            return 2;
        }
        Verdicts.Family family = Verdicts.judge(estimates.inputs(), Verdicts.ALPHA, Judging.fraction(threshold.percent));
        out.print(VerdictTable.text(family, sides.get(0), sides.get(1)));
        estimates.unmatched().forEach(u -> out.println("not compared: " + u));
        if (!estimates.single().isEmpty()) {
            out.println("one run a side: the run-to-run spread is unknown, so no verdict is drawn for " + String.join(", ",
                    estimates.single().stream().map(Compare.PairCase::toString).toList())
                    + "; run suites in rounds (-R) or ab for a verdict");
            spreadFromHistory(history, current, estimates.single(), out);
        }
        if (family.slower() > 0) {
            err.println("rpc-bench compare: " + family.slower() + " of " + family.tested() + " tested results got worse");
            return 1;
        }
        return 0;
    }

    /** The spread of earlier runs with the same settings, from the history store, for pairs compared one run a side. */
    private static void spreadFromHistory(String store, Map<PairKey, List<RunRecord>> current, List<Compare.PairCase> single,
                                          PrintStream out) {
        if (store == null) {
            return;
        }
        try (HistoryStore history = HistoryStore.open(store)) {
            for (Compare.PairCase pc : single) {
                RunRecord r = current.get(pc.pair()).get(0);
                double[] earlier = history.sameSettings(r.binding(), pc.caseName(), r.hash(), 50).stream()
                        .filter(s -> s.point().errors() == 0).mapToDouble(s -> s.point().opsPerSecond()).toArray();
                if (earlier.length < 3) {
                    out.printf(Locale.ROOT, "  %s: %d earlier runs with these settings in the history: too few to tell a spread%n",
                            pc, earlier.length);
                } else {
                    out.printf(Locale.ROOT, "  %s: %d earlier runs with these settings in the history varied by ±%.1f %% (sd of"
                            + " throughput / mean)%n", pc, earlier.length, 100 * Stats.sd(earlier) / Stats.mean(earlier));
                }
            }
        } catch (SQLException | RuntimeException e) {
            out.println("  (the history store " + HistoryStore.redact(store) + " could not be read: " + e.getMessage() + ")");
        }
    }
}
