package org.rpcbench.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SplittableRandom;
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

    /**
     * What must match and does not (refusals), and what may differ and does (notes: the framework's version
     * and settings, which are what a comparison is often about).
     */
    public record Check(List<String> refusals, List<String> notes) {
        /** Whether the runs measured different data models, which nothing overrides. */
        public boolean dataModelDiffers() {
            return refusals.stream().anyMatch(d -> d.contains("dataModel"));
        }
    }

    /** The refusals and notes of two sides, pair by pair. */
    public static Check check(Map<PairKey, List<RunRecord>> baseline, Map<PairKey, List<RunRecord>> current) {
        List<String> refusals = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        for (PairKey pair : current.keySet()) {
            if (baseline.containsKey(pair)) {
                differences(pair.toString(), baseline.get(pair).get(0), current.get(pair).get(0), refusals, notes);
            }
        }
        return new Check(refusals, notes);
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
        SplittableRandom random = new SplittableRandom(Stats.SEED);
        for (Map.Entry<PairKey, List<RunRecord>> e : current.entrySet()) {
            List<RunRecord> base = baseline.get(e.getKey());
            if (base == null) {
                unmatched.add(e.getKey() + " (only in CURRENT)");
                continue;
            }
            for (String name : caseNames(e.getValue(), base, unmatched, e.getKey().toString())) {
                List<CaseRecord> a = cases(base, name);
                List<CaseRecord> b = cases(e.getValue(), name);
                for (Metric metric : Metric.values()) {
                    List<RunMetric> ma = a.stream().filter(c -> !c.failed()).map(metric::of).toList();
                    List<RunMetric> mb = b.stream().filter(c -> !c.failed()).map(metric::of).toList();
                    if (ma.stream().noneMatch(RunMetric::known) || mb.stream().noneMatch(RunMetric::known)) {
                        continue;
                    }
                    Estimate est = a.size() > 1 && b.size() > 1 ? Estimate.unpaired(ma, mb, random) : Estimate.NONE;
                    inputs.add(new Verdicts.Input(e.getKey().toString(), name, metric, median(ma), median(mb), est));
                    if (!est.known() && metric == Metric.THROUGHPUT) {
                        single.add(new PairCase(e.getKey(), name));
                    }
                }
            }
        }
        baseline.keySet().stream().filter(p -> !current.containsKey(p)).forEach(p -> unmatched.add(p + " (only in BASELINE)"));
        return new Estimates(inputs, single, unmatched);
    }

    private static double median(List<RunMetric> runs) {
        return Stats.median(runs.stream().filter(RunMetric::known).mapToDouble(RunMetric::value).toArray());
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
     * What must match for two runs of a pair to be compared (refusals), and what may differ and is said
     * (notes: the framework's version and settings, which are what a comparison is often about).
     */
    static void differences(String pair, RunRecord a, RunRecord b, List<String> refusals, List<String> notes) {
        if (!a.model().equals(b.model())) {
            refusals.add(pair + ": dataModel " + a.model() + " vs " + b.model());
        }
        if (!a.loop().equals(b.loop())) {
            refusals.add(pair + ": loop " + a.loop() + " vs " + b.loop());
            return;
        }
        if (!Objects.equals(a.jmh() == null ? null : a.jmh().comparable(), b.jmh() == null ? null : b.jmh().comparable())
                || !Objects.equals(a.openLoop(), b.openLoop())) {
            refusals.add(pair + ": load settings " + describe(a) + " vs " + describe(b));
        }
        var ea = a.environment();
        var eb = b.environment();
        String[][] env = {{"JVM", ea.runtimeName() + " " + ea.jvm(), eb.runtimeName() + " " + eb.jvm()},
            {"CPU model", ea.cpuModel(), eb.cpuModel()}, {"cores", String.valueOf(ea.cores()), String.valueOf(eb.cores())},
            {"pinning", ea.cpuPinning(), eb.cpuPinning()}};
        for (String[] d : env) {
            if (!Objects.equals(d[1], d[2])) {
                refusals.add(pair + ": " + d[0] + " " + d[1] + " vs " + d[2]);
            }
        }
        TreeSet<String> keys = new TreeSet<>(a.framework().keySet());
        keys.addAll(b.framework().keySet());
        for (String k : keys) {
            String x = a.framework().get(k);
            String y = b.framework().get(k);
            if (!Objects.equals(x, y)) {
                notes.add(pair + ": framework." + k + " " + x + " vs " + y);
            }
        }
    }

    private static String describe(RunRecord r) {
        return r.jmh() != null ? r.threads() + " threads, " + r.jmh().describe() : "open loop " + r.openLoop();
    }
}
