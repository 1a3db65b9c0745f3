package org.rpcbench.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;
import org.rpcbench.record.CaseRecord;
import org.rpcbench.record.RunRecord;

/**
 * Compares two sets of stored runs, pair by pair and case by case. Where each side holds several runs of a
 * pair (a suite repeated in rounds, runs gathered from the history), the statistics are those of
 * {@code ab}: over runs, never iterations, every tested metric in one family. Where a side holds one run,
 * the spread between runs is unknown and no verdict is drawn.
 *
 * <p>A different framework version is the thing compared, never a reason to refuse. The data model, the
 * load's settings (JMH's, concurrency), the JVM, the CPU model, its cores and the pinning must match.
 */
public final class Compare {

    private Compare() {}

    /** The refusals and notes of two sides, every run of each ({@link Comparability}). */
    public static Comparability check(Map<PairKey, List<RunRecord>> baseline, Map<PairKey, List<RunRecord>> current) {
        return Comparability.of(baseline, current);
    }

    /** A case of a pair that one run a side leaves without a verdict. */
    public record PairCase(PairKey pair, String caseName) {
        @Override
        public String toString() {
            return pair + " " + caseName;
        }
    }

    /**
     * The estimates of two sides: per pair, case and metric, the change over runs (none where a side holds one
     * run).
     *
     * @param single the cases compared one run a side, which get no verdict
     * @param unmatched what one side has and the other lacks, said, never skipped silently
     */
    public record Estimates(List<Verdicts.Input> inputs, List<PairCase> single, List<String> unmatched) {}

    public static Estimates estimate(Map<PairKey, List<RunRecord>> baseline, Map<PairKey, List<RunRecord>> current) {
        List<Verdicts.Input> inputs = new ArrayList<>();
        List<PairCase> single = new ArrayList<>();
        List<String> unmatched = new ArrayList<>();
        for (Map.Entry<PairKey, List<RunRecord>> e : current.entrySet()) {
            List<RunRecord> base = baseline.get(e.getKey());
            if (base == null) {
                unmatched.add(e.getKey() + " (only in CURRENT)");
                continue;
            }
            for (String name : caseNames(e.getValue(), base, unmatched, e.getKey().toString())) {
                List<CaseRecord> a = cases(base, name).stream().filter(c -> !c.failed()).toList();
                List<CaseRecord> b = cases(e.getValue(), name).stream().filter(c -> !c.failed()).toList();
                for (Verdicts.Input in : Verdicts.unpairedCase(e.getKey().toString(), name, a, b)) {
                    if (Double.isFinite(in.baseline()) && Double.isFinite(in.candidate())) {
                        inputs.add(in);
                        if (!in.estimate().known() && in.metric() == Metric.THROUGHPUT) {
                            single.add(new PairCase(e.getKey(), name));
                        }
                    }
                }
            }
        }
        baseline.keySet().stream().filter(p -> !current.containsKey(p)).forEach(p -> unmatched.add(p + " (only in BASELINE)"));
        return new Estimates(inputs, single, unmatched);
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
}
