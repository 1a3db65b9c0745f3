package org.rpcbench.analysis;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.rpcbench.record.CaseRecord;

/**
 * The verdicts of one comparison. Its tests fall in two families (see {@link Metric.Role}): the primary one,
 * every pair × case × primary metric, decides the verdict; the context one is judged alike but never decides.
 * In each family false alarms are controlled with the weighted Benjamini–Hochberg procedure at {@code alpha}
 * (Genovese, Roeder and Wasserman, 2006: BH on p_i / w_i, the weights averaging 1 over the family's tests, each
 * test's from its metric's {@link Metric#alphaShare}): when nothing truly changed (an A/A comparison) the chance
 * of any false alarm in the family is at most {@code alpha}; when some things did, the expected share of false
 * ones among those flagged is. The weights put the family's alpha where it buys power: nearly deterministic
 * allocation tests take a tenth of a CPU test's share. Every interval shown is at the level that matches the
 * procedure (1 - R·w_i·alpha/m, with R flagged of m tested in its family: Benjamini and Yekutieli's
 * false-coverage-adjusted intervals, weighted alike), so a flagged change is exactly one whose interval leaves 1 out.
 */
public final class Verdicts {
    public static final double ALPHA = 0.05;
    /** A primary metric got worse: the only verdict that fails a comparison (besides a failed run). */
    public static final String SLOWER = "SLOWER";
    public static final String FASTER = "faster";
    /** A context metric got worse: said, never failing the comparison. */
    public static final String WORSE = "worse";
    public static final String BETTER = "better";
    public static final String NO_CHANGE = "no change";
    /**
     * A primary result not flagged, whose rounds could not have seen the change the comparison must see (its "could
     * have seen" wider than it): neither a change nor a "no change". It keeps a gate from passing.
     */
    public static final String INCONCLUSIVE = "INCONCLUSIVE";

    private Verdicts() {}

    /**
     * One pair, case and metric to judge.
     *
     * @param baseline the baseline's value over the runs the estimate rests on: their geometric mean, so that
     *     candidate / baseline is the estimate's change
     * @param roundLogRatios paired: each round's log ratio, candidate over baseline, of the rounds the estimate rests
     *     on, in the order they ran (so that a reader can see the spread the interval comes from); empty unpaired
     */
    public record Input(String pair, String caseName, Metric metric, double baseline, double candidate, Estimate estimate,
                        List<Double> roundLogRatios) {

        public Input {
            roundLogRatios = List.copyOf(roundLogRatios);
        }

        public Input(String pair, String caseName, Metric metric, double baseline, double candidate, Estimate estimate) {
            this(pair, caseName, metric, baseline, candidate, estimate, List.of());
        }

        /** Rounds of one run a side, paired by position (see {@link Estimate#paired}). */
        public static Input paired(String pair, String caseName, Metric metric, List<RunMetric> baseline, List<RunMetric> candidate) {
            List<RunMetric> a = new ArrayList<>();
            List<RunMetric> b = new ArrayList<>();
            for (int i = 0; i < Math.min(baseline.size(), candidate.size()); i++) {
                if (baseline.get(i).known() && candidate.get(i).known()) {
                    a.add(baseline.get(i));
                    b.add(candidate.get(i));
                }
            }
            return new Input(pair, caseName, metric, geometricMean(a), geometricMean(b), Estimate.paired(a, b),
                    java.util.Arrays.stream(Estimate.logRatios(a, b)).boxed().toList());
        }

        /** Two independent sets of runs (see {@link Estimate#unpaired}). */
        public static Input unpaired(String pair, String caseName, Metric metric, List<RunMetric> baseline, List<RunMetric> candidate) {
            return new Input(pair, caseName, metric, geometricMean(baseline), geometricMean(candidate),
                    Estimate.unpaired(baseline, candidate));
        }
    }

    /**
     * The inputs of one case compared over rounds, every metric: round i's baseline record against round i's
     * candidate record (the caller leaves out rounds where either failed). Each metric reads the source every
     * one of these runs has (see {@link Metric#source}).
     */
    public static List<Input> pairedCase(String pair, String caseName, List<CaseRecord> baseline, List<CaseRecord> candidate) {
        return byMetric(baseline, candidate, (metric, a, b) -> Input.paired(pair, caseName, metric, a, b));
    }

    /** The same for two independent sets of runs of a case. */
    public static List<Input> unpairedCase(String pair, String caseName, List<CaseRecord> baseline, List<CaseRecord> candidate) {
        return byMetric(baseline, candidate, (metric, a, b) -> Input.unpaired(pair, caseName, metric, a, b));
    }

    private interface Estimator {
        Input of(Metric metric, List<RunMetric> baseline, List<RunMetric> candidate);
    }

    /** Every metric either side has a value of, each read from the source all these runs have. */
    private static List<Input> byMetric(List<CaseRecord> baseline, List<CaseRecord> candidate, Estimator estimator) {
        List<CaseRecord> all = new ArrayList<>(baseline);
        all.addAll(candidate);
        List<Input> inputs = new ArrayList<>();
        for (Metric metric : Metric.values()) {
            String source = metric.source(all);
            List<RunMetric> a = baseline.stream().map(c -> metric.of(c, source)).toList();
            List<RunMetric> b = candidate.stream().map(c -> metric.of(c, source)).toList();
            if (a.stream().anyMatch(RunMetric::known) || b.stream().anyMatch(RunMetric::known)) {
                inputs.add(estimator.of(metric, a, b));
            }
        }
        return inputs;
    }

    /** What a "no change" could have seen: the change flagged {@link Power#POWER} of the time, up and down, as shares. */
    public record Reach(double up, double down) {}

    /**
     * A judged row.
     *
     * @param verdict SLOWER or faster (a primary metric), worse or better (a context one), no change, or why none
     *     could be drawn
     * @param level the confidence level of {@code interval}: its family's
     * @param testAlpha the per-test level a lone change in its family is flagged at (alpha over the family's tests, times
     *     the test's weight: {@link Metric#alphaShare});
     *     NaN when it was not tested
     */
    public record Row(Input input, String verdict, Stats.Interval interval, double level, double testAlpha, boolean tested) {

        public boolean slower() {
            return SLOWER.equals(verdict);
        }

        public boolean flagged() {
            return SLOWER.equals(verdict) || FASTER.equals(verdict) || WORSE.equals(verdict) || BETTER.equals(verdict);
        }

        public boolean inconclusive() {
            return INCONCLUSIVE.equals(verdict);
        }

        /**
         * For a "no change" or an INCONCLUSIVE, the change it would have flagged {@link Power#POWER} of the time at
         * its family's per-test level, with these rounds and this spread: exp(±λ·se) - 1, λ the noncentrality of that
         * power (the noncentral t); null for any other verdict.
         */
        public Reach couldHaveSeen() {
            Estimate e = input.estimate();
            if (!(verdict.startsWith(NO_CHANGE) || inconclusive()) || !tested || !e.known()) {
                return null;
            }
            double lambda = Power.ncp(Power.POWER, e.df(), testAlpha);
            return new Reach(Math.expm1(lambda * e.se()), Math.expm1(-lambda * e.se()));
        }
    }

    /** A family's tests: how many, how many flagged. */
    public record Tally(int tested, int flagged) {}

    /**
     * The comparison's outcome.
     *
     * @param primary the primary family: what decides
     * @param context the context family
     * @param failed the runs that gave nothing to judge: each makes the comparison fail
     * @param see the change (a share, upward) every primary "no change" must have been able to see, else it is
     *     INCONCLUSIVE; 0: none asked
     */
    public record Family(List<Row> rows, Tally primary, Tally context, double alpha, List<Failed> failed, double see) {

        public Family {
            rows = List.copyOf(rows);
            failed = List.copyOf(failed);
        }

        /** The primary family's tests. */
        public int tested() {
            return primary.tested();
        }

        /** The primary family's flagged results. */
        public int flagged() {
            return primary.flagged();
        }

        public long slower() {
            return rows.stream().filter(Row::slower).count();
        }

        /** The same verdicts, with the runs that failed beside them. */
        public Family withFailed(List<Failed> runs) {
            return new Family(rows, primary, context, alpha, runs, see);
        }

        /** The primary results whose rounds could not have seen {@link #see}. */
        public long inconclusive() {
            return rows.stream().filter(Row::inconclusive).count();
        }

        /**
         * Nothing got worse, every run gave its figures, and every primary result could have seen the change asked
         * for: the only outcome a gate may pass.
         */
        public boolean passes() {
            return slower() == 0 && failed.isEmpty() && inconclusive() == 0;
        }
    }

    /**
     * @param threshold a change flagged but smaller than this share (0.02 for 2 %) is "no change"
     */
    public static Family judge(List<Input> inputs, double alpha, double threshold) {
        return judge(inputs, alpha, threshold, 0);
    }

    /**
     * @param threshold a change flagged but smaller than this share (0.02 for 2 %) is "no change"
     * @param see the change (a share) a primary "no change" must have been able to see ({@link Row#couldHaveSeen},
     *     upward: the larger side, as {@link RoundSizing} sizes rounds for it): one that could not is INCONCLUSIVE;
     *     0 asks for none
     */
    public static Family judge(List<Input> inputs, double alpha, double threshold, double see) {
        if (!(see >= 0)) {
            throw new IllegalArgumentException("the change to see must be 0 or above, got " + see);
        }
        Map<Metric.Role, Set<Input>> flaggedBy = new EnumMap<>(Metric.Role.class);
        Map<Metric.Role, Integer> testedBy = new EnumMap<>(Metric.Role.class);
        Map<Input, Double> weight = new java.util.IdentityHashMap<>();
        for (Metric.Role role : Metric.Role.values()) {
            List<Input> tested = inputs.stream().filter(i -> i.metric().role() == role && i.estimate().known()).toList();
            testedBy.put(role, tested.size());
            double shares = tested.stream().mapToDouble(i -> i.metric().alphaShare()).sum();
            tested.forEach(i -> weight.put(i, i.metric().alphaShare() * tested.size() / shares));
            flaggedBy.put(role, stepUp(tested, weight, alpha));
        }
        List<Row> rows = new ArrayList<>();
        Map<Metric.Role, Integer> flaggedCount = new EnumMap<>(Metric.Role.class);
        for (Input i : inputs) {
            Estimate e = i.estimate();
            Metric.Role role = i.metric().role();
            if (!e.known()) {
                rows.add(new Row(i, e.rounds() < Estimate.MIN_ROUNDS ? "too few rounds (" + e.rounds() + ")" : "not measured",
                        Stats.Interval.UNKNOWN, Double.NaN, Double.NaN, false));
                continue;
            }
            int m = testedBy.get(role);
            int rejected = flaggedBy.get(role).size();
            double w = weight.get(i);
            double level = 1 - Math.max(rejected, 1) * w * alpha / m;
            String verdict;
            if (flaggedBy.get(role).contains(i) && Math.abs(e.ratio() - 1) >= threshold) {
                boolean worse = i.metric().worse(e.ratio());
                verdict = i.metric().primary() ? (worse ? SLOWER : FASTER) : (worse ? WORSE : BETTER);
                flaggedCount.merge(role, 1, Integer::sum);
            } else {
                verdict = flaggedBy.get(role).contains(i) ? NO_CHANGE + " (below threshold)" : NO_CHANGE;
            }
            Row row = new Row(i, verdict, e.interval(level), level, w * alpha / m, true);
            Reach reach = row.couldHaveSeen();
            if (see > 0 && i.metric().primary() && reach != null && reach.up() > see) {
                row = new Row(i, INCONCLUSIVE, row.interval(), level, w * alpha / m, true);
            }
            rows.add(row);
        }
        return new Family(rows, new Tally(testedBy.get(Metric.Role.PRIMARY), flaggedCount.getOrDefault(Metric.Role.PRIMARY, 0)),
                new Tally(testedBy.get(Metric.Role.CONTEXT), flaggedCount.getOrDefault(Metric.Role.CONTEXT, 0)), alpha, List.of(), see);
    }

    /** Weighted Benjamini–Hochberg: the tests rejected at {@code alpha}, by identity (BH on each p over its weight). */
    private static Set<Input> stepUp(List<Input> tested, Map<Input, Double> weight, double alpha) {
        int m = tested.size();
        Map<Input, Double> p = new java.util.IdentityHashMap<>();
        tested.forEach(i -> p.put(i, i.estimate().p() / weight.get(i)));
        List<Input> byP = new ArrayList<>(tested);
        byP.sort(Comparator.comparingDouble(p::get));
        int rejected = 0;
        for (int k = 1; k <= m; k++) {
            if (p.get(byP.get(k - 1)) <= k * alpha / m) {
                rejected = k;
            }
        }
        Set<Input> flagged = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        flagged.addAll(byP.subList(0, rejected));
        return flagged;
    }

    /** A change as a signed percentage: "+12.3 %". */
    public static String percent(double ratio) {
        return Double.isFinite(ratio) ? String.format(Locale.ROOT, "%+.1f %%", 100 * (ratio - 1)) : "n/a";
    }

    /** The geometric mean of the known runs' values; NaN when none is known. */
    static double geometricMean(List<RunMetric> runs) {
        double[] logs = Estimate.logs(runs);
        return logs.length == 0 ? Double.NaN : Math.exp(Arrays.stream(logs).average().orElse(Double.NaN));
    }
}
