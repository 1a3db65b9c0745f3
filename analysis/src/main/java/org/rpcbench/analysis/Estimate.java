package org.rpcbench.analysis;

import java.util.ArrayList;
import java.util.List;

/**
 * How much a metric changed from baseline to candidate in one case, estimated over runs. Runs, not iterations,
 * are the unit: the spread between runs (fresh JVMs: JIT, placement, machine state) is the largest there is,
 * and is what the interval must carry.
 *
 * <p><b>Paired</b> (ab, calibrate: a round runs both sides once, side by side): each round gives one log ratio
 * d = log(candidate / baseline); the estimate is their mean, its standard error s_d / √k, and t has k - 1
 * degrees of freedom, for each case on its own (Student's paired t). Why not more degrees of freedom: the cases
 * of one run share one server JVM and one client JVM, so a run that came out slow is slow in every case, and
 * the cases' log ratios in a round share that run's effect. Pooling the cases' spreads and giving t the degrees
 * of freedom of all of them (as this class once did) counts one run's luck four times: in simulation
 * (FamilySimulationTest), with nothing changed, it raised a false alarm in 11 % of 5-round comparisons at a
 * stated 5 %. A round × case random-effects model with Satterthwaite's degrees of freedom would gain back only what the
 * cases do not share (nearly nothing when the run effect dominates, as it does here), and only by assuming
 * every case is as noisy as the others, which a 200 KB echo and a getUser are not; it would also let one
 * case's outlier run widen every other case's interval. Per-case paired t assumes only that rounds are
 * independent and their log ratios roughly normal; the cases' dependence is left to the family's procedure
 * ({@link Verdicts}), whose false-alarm rate under it FamilySimulationTest checks.
 *
 * <p>No bootstrap: it once resampled rounds and then iterations within each run, but a round's log ratio
 * already carries its runs' iteration-to-iteration variation, so resampling iterations again counted that part
 * twice, and the bootstrap's standard error has no known law to take t's quantiles from. s_d / √k has one.
 *
 * <p><b>Unpaired</b> (compare of stored runs): the difference of the two sides' mean logs, Welch's standard
 * error and degrees of freedom.
 *
 * @param rounds rounds (paired) or the smaller side's runs (unpaired) the estimate rests on
 * @param logChange mean log ratio, candidate over baseline
 * @param se its standard error
 * @param df degrees of freedom (rounds - 1 paired; Welch's unpaired)
 */
public record Estimate(int rounds, double logChange, double se, double df) {
    /** Fewer rounds than this give no estimate: the spread between runs cannot be told from one or two. */
    public static final int MIN_ROUNDS = 3;

    public static final Estimate NONE = new Estimate(0, Double.NaN, Double.NaN, Double.NaN);

    public boolean known() {
        return rounds >= MIN_ROUNDS && Double.isFinite(logChange) && Double.isFinite(se) && df > 0;
    }

    /** Candidate / baseline. */
    public double ratio() {
        return Math.exp(logChange);
    }

    /** Paired: the standard deviation of one round's log ratio, what a calibration's power is computed from. */
    public double sd() {
        return se * Math.sqrt(rounds);
    }

    public double p() {
        if (!known()) {
            return Double.NaN;
        }
        if (se == 0) {
            return logChange == 0 ? 1 : 0;
        }
        return StudentT.twoSided(logChange / se, df);
    }

    /** The interval of the ratio at this confidence level. */
    public Stats.Interval interval(double level) {
        if (!known()) {
            return Stats.Interval.UNKNOWN;
        }
        double q = StudentT.quantile(1 - (1 - level) / 2, df);
        return new Stats.Interval(Math.exp(logChange - q * se), Math.exp(logChange + q * se));
    }

    /** Rounds of one baseline and one candidate run each, paired by position; a round with an unknown value on either side drops out. */
    public static Estimate paired(List<RunMetric> baseline, List<RunMetric> candidate) {
        double[] d = logRatios(baseline, candidate);
        int k = d.length;
        if (k < MIN_ROUNDS) {
            return new Estimate(k, Double.NaN, Double.NaN, Double.NaN);
        }
        return new Estimate(k, Stats.mean(d), Stats.sd(d) / Math.sqrt(k), k - 1);
    }

    /** The rounds' log ratios, candidate over baseline, of the rounds where both sides are known. */
    static double[] logRatios(List<RunMetric> baseline, List<RunMetric> candidate) {
        int n = Math.min(baseline.size(), candidate.size());
        List<Double> d = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (baseline.get(i).known() && candidate.get(i).known()) {
                d.add(Math.log(candidate.get(i).value() / baseline.get(i).value()));
            }
        }
        return d.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** Two independent sets of runs (a suite repeated in rounds, stored runs); Welch's degrees of freedom. */
    public static Estimate unpaired(List<RunMetric> baseline, List<RunMetric> candidate) {
        double[] la = logs(baseline);
        double[] lb = logs(candidate);
        int smaller = Math.min(la.length, lb.length);
        if (la.length < 2 || lb.length < 2 || la.length + lb.length < MIN_ROUNDS + 1) {
            return new Estimate(smaller, Double.NaN, Double.NaN, Double.NaN);
        }
        double va = Stats.sd(la) * Stats.sd(la) / la.length;
        double vb = Stats.sd(lb) * Stats.sd(lb) / lb.length;
        double welch = (va + vb) * (va + vb) / (va * va / (la.length - 1) + vb * vb / (lb.length - 1));
        return new Estimate(smaller, Stats.mean(lb) - Stats.mean(la), Math.sqrt(va + vb),
                Double.isFinite(welch) && welch > 0 ? welch : la.length + lb.length - 2);
    }

    /** The logs of the known runs' values. */
    static double[] logs(List<RunMetric> runs) {
        return runs.stream().filter(RunMetric::known).mapToDouble(m -> Math.log(m.value())).toArray();
    }
}
