package org.rpcbench.analysis;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

/**
 * How small a change ab sees on a machine, and how often it raises a false alarm: calibrate's figures, from
 * rounds of no cost, no cost again, and known costs, each round all of them once.
 *
 * <p>A real regression is usually in one case, and the verdict flags one changed case alone at the per-test level
 * (alpha over the family's tests), less easily than several at once under Benjamini–Hochberg's step-up. So each
 * round's costs go into one case (the {@link Plan#rotation}, in turn), and a case's cost is judged, as ab would
 * judge an ab of one changed case, on the rounds that carried it: the model (one change at the per-test level) and
 * the budgets then speak of the same thing.
 *
 * <p>Three views of the same rounds, each honest about what it is:
 * <ul>
 *   <li><b>The model</b>: the spread of one round's log ratio in each case, measured from no cost against no
 *   cost again over all rounds, gives the chance that an ab of the budget's rounds flags a true +5 % or +10 %
 *   in server CPU per call (the noncentral t at the verdict's per-test level: the family's alpha, weighted, over its
 *   tests). Its interval is the power at both ends of the spread's chi-square interval. It needs only the
 *   model's assumptions (rounds independent, log ratios roughly normal), and it is the only view whose
 *   precision grows with every round.</li>
 *   <li><b>Disjoint budgets</b>: floor(n / k) budgets that share no round, each judged as ab judges: independent
 *   trials, so their share comes with an exact interval. It checks the model, and it is all a false-alarm rate
 *   can be measured from; an hour of rounds holds only a few, so its interval is wide.</li>
 *   <li><b>Resampled budgets</b>: distinct sets of k of the n rounds (all of them when there are few), judged
 *   alike: they overlap, so they are no independent trials and get no interval, but their share is what the
 *   rounds say with the least noise.</li>
 * </ul>
 */
public final class Sensitivity {
    /** The level of every interval calibrate shows. */
    public static final double CONFIDENCE = 0.95;

    private Sensitivity() {}

    /** Judges the rounds at these positions (0 to n - 1) of {@code arm} against no cost, as ab judges. */
    public interface Judge {
        Verdicts.Family judge(List<Integer> rounds, String arm);
    }

    /**
     * What is calibrated.
     *
     * @param aa the arm that is no cost again
     * @param costs each cost arm, and the share of each case's server CPU per call it was sized to add (0.10 for 10 %)
     * @param abSeconds the ab budget calibrated
     * @param abRounds the rounds an ab of that budget holds
     * @param alpha ab's false-alarm level
     * @param rotation the cases the costs went into, round by round in turn: round i (from 0) carried them in
     *     {@code rotation.get(i % size)} alone (cases that share the method spun share its cost); empty: every case,
     *     every round (a calibration from before the rotation)
     */
    public record Plan(String aa, Map<String, Double> costs, long abSeconds, int abRounds, double alpha, List<List<String>> rotation) {
        public Plan {
            costs = new LinkedHashMap<>(costs);
            rotation = rotation == null ? List.of() : rotation.stream().map(List::copyOf).toList();
        }

        public Plan(String aa, Map<String, Double> costs, long abSeconds, int abRounds, double alpha) {
            this(aa, costs, abSeconds, abRounds, alpha, List.of());
        }

        /** The positions, of {@code rounds}, whose costs went into {@code caseName}. */
        public List<Integer> carrying(String caseName, int rounds) {
            return IntStream.range(0, rounds).filter(i -> rotation.isEmpty() || rotation.get(i % rotation.size()).contains(caseName))
                    .boxed().toList();
        }
    }

    /** A case's spread: the standard deviation of one round's log ratio, no cost against no cost again, with its interval. */
    public record Spread(String caseName, int rounds, double sd, double low, double high) {}

    /**
     * One case under one cost.
     *
     * @param model the chance an ab of the budget flags exactly that share as SLOWER, from the case's spread
     * @param measured the change the cost made over all rounds, with its {@link #CONFIDENCE} interval
     * @param carried the rounds whose cost went into this case: what the measured change and the budgets come from
     * @param resampled in how many of the resampled budgets (of the rounds it carried) it was flagged SLOWER
     * @param budgets how many resampled budgets there were
     * @param disjoint in how many of the disjoint budgets
     */
    public record Seen(String arm, double share, String caseName, Power.Figure model, double measured, Stats.Interval measuredInterval,
                       int carried, int resampled, int budgets, Proportion disjoint) {}

    /** For each share, the case least likely to be seen: what "a change of that share is seen" can promise in any one case. */
    public record Least(double share, String caseName, Power.Figure model) {}

    /**
     * @param tests the primary family's tests in an ab of these cases
     * @param testAlpha the level a lone change in a case's server CPU is flagged at: its weighted share of alpha over them
     * @param resampledBudgets how the resampled budgets were drawn ({@link Budgets#describe})
     * @param falseAlarmsResampled resampled budgets in which no cost against no cost again flagged anything in the primary family
     * @param falseAlarms the same over the disjoint budgets
     */
    public record Result(String pair, int rounds, Plan plan, int tests, double testAlpha, String resampledBudgets, int resampled,
                         int disjoint, List<Spread> spreads, List<Seen> seen, List<Least> least, int falseAlarmsResampled,
                         Proportion falseAlarms) {

        /** "this machine, this pair: 10 % seen with probability P [lo, hi] in 15 minutes; false alarms F [lo, hi]"; in the JSON too. */
        @JsonProperty("line")
        public String line() {
            Least target = least.stream().filter(l -> Math.abs(l.share() - 0.10) < 1e-9).findFirst()
                    .orElse(least.isEmpty() ? null : least.get(least.size() - 1));
            String seen = target == null || !target.model().known() ? "no change's chance to be seen could be measured"
                    : String.format(Locale.ROOT, "%s seen with probability %s [%s, %s]", share(target.share()),
                    share(target.model().probability()), share(target.model().low()), share(target.model().high()));
            String alarms = falseAlarms.of() == 0 ? "false alarms not measured (no disjoint budget of " + plan.abRounds() + " rounds in "
                    + rounds + ")" : String.format(Locale.ROOT, "false alarms %s [%s, %s]", share(falseAlarms.share()),
                    share(falseAlarms.low()), share(falseAlarms.high()));
            return "this machine, this pair: " + seen + " in " + minutes(plan.abSeconds()) + "; " + alarms;
        }
    }

    /**
     * Measures from {@code rounds} rounds.
     *
     * @param budgets at most this many resampled budgets
     * @param random draws them (a fixed seed gives the same figures from the same rounds)
     */
    public static Result measure(String pair, int rounds, Plan plan, int budgets, Judge judge, SplittableRandom random) {
        List<Integer> all = IntStream.range(0, rounds).boxed().toList();
        Verdicts.Family aa = judge.judge(all, plan.aa());
        int tests = aa.tested();
        // the level a lone change in a case's server CPU is flagged at: its weighted share of the family's alpha
        double testAlpha = cpuRows(aa).stream().filter(Verdicts.Row::tested).mapToDouble(Verdicts.Row::testAlpha).findFirst()
                .orElse(Double.NaN);
        List<Spread> spreads = new ArrayList<>();
        for (Verdicts.Row row : cpuRows(aa)) {
            Estimate e = row.input().estimate();
            if (e.known()) {
                double df = e.rounds() - 1;
                double tail = (1 - CONFIDENCE) / 2;
                spreads.add(new Spread(row.input().caseName(), e.rounds(), e.sd(), e.sd() * Math.sqrt(df / ChiSquare.quantile(1 - tail, df)),
                        e.sd() * Math.sqrt(df / ChiSquare.quantile(tail, df))));
            }
        }
        Budgets drawn = Budgets.distinct(rounds, plan.abRounds(), budgets, random);
        List<List<Integer>> disjoint = Budgets.disjoint(rounds, plan.abRounds());

        List<Seen> seen = new ArrayList<>();
        List<Least> least = new ArrayList<>();
        for (var cost : plan.costs().entrySet()) {
            String arm = cost.getKey();
            double share = cost.getValue();
            Least lowest = null;
            for (Verdicts.Row row : cpuRows(judge.judge(all, arm))) {
                String c = row.input().caseName();
                List<Integer> carried = plan.carrying(c, rounds);
                Estimate e = carried.isEmpty() ? Estimate.NONE : cpuRow(judge.judge(carried, arm), c).input().estimate();
                List<List<Integer>> caseBudgets = carried.isEmpty() ? List.of()
                        : within(carried, Budgets.distinct(carried.size(), plan.abRounds(), budgets, random).budgets());
                List<List<Integer>> caseDisjoint = within(carried, Budgets.disjoint(carried.size(), plan.abRounds()));
                Spread spread = spreads.stream().filter(s -> s.caseName().equals(c)).findFirst().orElse(null);
                Power.Figure model = spread == null || !(testAlpha > 0) ? Power.Figure.UNKNOWN
                        : Power.ofSpread(Math.log1p(share), spread.sd(), spread.rounds() - 1, plan.abRounds(), testAlpha, CONFIDENCE);
                seen.add(new Seen(arm, share, c, model, e.known() ? e.ratio() : Double.NaN, e.interval(CONFIDENCE), carried.size(),
                        slowerCpu(caseBudgets, arm, judge, c), caseBudgets.size(), Proportion.of(slowerCpu(caseDisjoint, arm, judge, c),
                        caseDisjoint.size())));
                if (model.known() && (lowest == null || model.probability() < lowest.model().probability())) {
                    lowest = new Least(share, c, model);
                }
            }
            least.add(lowest != null ? lowest : new Least(share, null, Power.Figure.UNKNOWN));
        }
        int alarmsResampled = (int) drawn.budgets().stream().filter(b -> judge.judge(b, plan.aa()).flagged() > 0).count();
        int alarmsDisjoint = (int) disjoint.stream().filter(b -> judge.judge(b, plan.aa()).flagged() > 0).count();
        return new Result(pair, rounds, plan, tests, testAlpha, drawn.describe(), drawn.budgets().size(), disjoint.size(), spreads, seen,
                least, alarmsResampled, Proportion.of(alarmsDisjoint, disjoint.size()));
    }

    private static List<Verdicts.Row> cpuRows(Verdicts.Family family) {
        return family.rows().stream().filter(r -> r.input().metric() == Metric.SERVER_CPU).toList();
    }

    private static Verdicts.Row cpuRow(Verdicts.Family family, String caseName) {
        return cpuRows(family).stream().filter(r -> r.input().caseName().equals(caseName)).findFirst().orElseThrow();
    }

    /** Budgets drawn as positions 0 to k - 1 of {@code positions}, as the rounds they name. */
    private static List<List<Integer>> within(List<Integer> positions, List<List<Integer>> budgets) {
        return budgets.stream().map(b -> b.stream().map(positions::get).toList()).toList();
    }

    /** In how many of these budgets the case's server CPU per call was SLOWER. */
    private static int slowerCpu(List<List<Integer>> budgets, String arm, Judge judge, String caseName) {
        int count = 0;
        for (List<Integer> budget : budgets) {
            count += cpuRows(judge.judge(budget, arm)).stream().anyMatch(r -> r.input().caseName().equals(caseName) && r.slower()) ? 1 : 0;
        }
        return count;
    }

    /** A share as calibrate prints it: "45 %", "0.6 %". */
    public static String share(double share) {
        if (!Double.isFinite(share)) {
            return "n/a";
        }
        double percent = 100 * share;
        String whole = String.format(Locale.ROOT, "%.0f", percent);
        // a probability of 0.996 is not "100 %", nor 0.004 "0 %"
        boolean misleads = (whole.equals("0") && percent != 0) || (whole.equals("100") && percent != 100);
        return String.format(Locale.ROOT, misleads ? "%.1f %%" : "%.0f %%", percent);
    }

    /** "15 minutes", "90 s". */
    static String minutes(long seconds) {
        if (seconds % 60 != 0) {
            return seconds + " s";
        }
        return seconds / 60 + (seconds == 60 ? " minute" : " minutes");
    }
}
