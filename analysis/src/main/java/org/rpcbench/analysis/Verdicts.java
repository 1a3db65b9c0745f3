package org.rpcbench.analysis;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * The verdicts of one comparison: every pair × case × metric it tests is one family, and the false alarms
 * over the whole family are controlled with the Benjamini–Hochberg procedure at {@code alpha}. When nothing
 * truly changed (an A/A comparison) that keeps the chance of any false alarm in the family at {@code alpha};
 * when some things did, it keeps the expected share of false ones among those flagged at {@code alpha}.
 * Every interval shown is at the level that matches the procedure (1 - R·alpha/m, with R flagged of m
 * tested: Benjamini and Yekutieli's false-coverage-adjusted intervals), so a flagged change is exactly one
 * whose interval leaves 1 out.
 */
public final class Verdicts {
    public static final double ALPHA = 0.05;
    public static final String SLOWER = "SLOWER";
    public static final String FASTER = "faster";
    public static final String NO_CHANGE = "no change";

    private Verdicts() {}

    /** One pair, case and metric to judge. */
    public record Input(String pair, String caseName, Metric metric, double baseline, double candidate, Estimate estimate) {}

    /**
     * A judged row.
     *
     * @param verdict SLOWER (worse, whatever the metric's direction), faster (better), no change, or why
     *     none could be drawn
     * @param detectable for a "no change", the smallest change the comparison would have seen (a share)
     */
    public record Row(Input input, String verdict, Stats.Interval interval, double level, double detectable, boolean tested) {

        public boolean slower() {
            return SLOWER.equals(verdict);
        }

        public boolean flagged() {
            return SLOWER.equals(verdict) || FASTER.equals(verdict);
        }
    }

    /**
     * The family's outcome.
     *
     * @param failed the runs that gave nothing to judge: each makes the comparison fail
     */
    public record Family(List<Row> rows, int tested, int flagged, double alpha, List<Failed> failed) {

        public Family {
            failed = List.copyOf(failed);
        }

        public long slower() {
            return rows.stream().filter(Row::slower).count();
        }

        /** The same verdicts, with the runs that failed beside them. */
        public Family withFailed(List<Failed> runs) {
            return new Family(rows, tested, flagged, alpha, runs);
        }

        /** Nothing got worse and every run gave its figures: the only outcome a gate may pass. */
        public boolean passes() {
            return slower() == 0 && failed.isEmpty();
        }
    }

    /**
     * @param threshold a change flagged but smaller than this share (0.02 for 2 %) is "no change"
     */
    public static Family judge(List<Input> inputs, double alpha, double threshold) {
        List<Input> tested = inputs.stream().filter(i -> i.metric().tested() && i.estimate().known()).toList();
        int m = tested.size();
        List<Input> byP = new ArrayList<>(tested);
        byP.sort(Comparator.comparingDouble(i -> i.estimate().p()));
        int rejected = 0;
        for (int k = 1; k <= m; k++) {
            if (byP.get(k - 1).estimate().p() <= k * alpha / m) {
                rejected = k;
            }
        }
        List<Input> flaggedInputs = byP.subList(0, rejected);
        double level = m == 0 ? 1 - alpha : 1 - Math.max(rejected, 1) * alpha / m;
        List<Row> rows = new ArrayList<>();
        int flagged = 0;
        for (Input i : inputs) {
            Estimate e = i.estimate();
            boolean isTested = i.metric().tested() && e.known();
            if (!e.known()) {
                rows.add(new Row(i, e.rounds() < Estimate.MIN_ROUNDS ? "too few rounds (" + e.rounds() + ")" : "not measured",
                        Stats.Interval.UNKNOWN, Double.NaN, Double.NaN, false));
                continue;
            }
            Stats.Interval interval = e.interval(level);
            String verdict;
            if (!isTested) {
                verdict = "shown, not tested";
            } else if (flaggedInputs.contains(i) && Math.abs(e.ratio() - 1) >= threshold) {
                verdict = i.metric().worse(e.ratio()) ? SLOWER : FASTER;
                flagged++;
            } else {
                verdict = flaggedInputs.contains(i) ? NO_CHANGE + " (below threshold)" : NO_CHANGE;
            }
            double detectable = verdict.startsWith(NO_CHANGE) ? e.detectable(m == 0 ? alpha : alpha / m) : Double.NaN;
            rows.add(new Row(i, verdict, interval, level, detectable, isTested));
        }
        return new Family(rows, m, flagged, alpha, List.of());
    }

    /** A change as a signed percentage: "+12.3 %". */
    public static String percent(double ratio) {
        return Double.isFinite(ratio) ? String.format(Locale.ROOT, "%+.1f %%", 100 * (ratio - 1)) : "n/a";
    }
}
