package org.rpcbench.analysis;

import java.util.List;
import java.util.SplittableRandom;

/**
 * How much a metric changed from baseline to candidate, estimated over runs: the mean of the log ratios
 * (paired: one ratio per round, the two runs of a round side by side; unpaired: the difference of the two
 * sides' mean logs), with its standard error from a bootstrap that resamples rounds (or runs) first and
 * then the iterations within each run, and Student's t with the rounds' degrees of freedom for intervals
 * and p-values. Runs, not iterations, are the unit: the spread between runs (JIT, placement, machine state)
 * is the largest there is, and is what the interval must carry.
 *
 * <p>Why not a percentile interval: with the eight to twenty rounds a budget affords, percentile intervals
 * of a mean are too narrow (their false alarms at the family's stricter levels ran at several times the
 * nominal rate in simulation), while the bootstrap's standard error with t's quantiles keeps to it.
 *
 * @param logChange mean log ratio, candidate over baseline
 * @param se its standard error
 * @param df degrees of freedom (rounds - 1 paired; Welch's unpaired)
 */
public record Estimate(int rounds, double logChange, double se, double df) {
    static final int BOOTSTRAP = 4_000;
    /** Fewer rounds than this give no estimate: the spread between runs cannot be told from one or two. */
    public static final int MIN_ROUNDS = 3;

    public static final Estimate NONE = new Estimate(0, Double.NaN, Double.NaN, Double.NaN);

    public boolean known() {
        return rounds >= MIN_ROUNDS && Double.isFinite(logChange) && Double.isFinite(se);
    }

    /** Candidate / baseline. */
    public double ratio() {
        return Math.exp(logChange);
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

    /**
     * The smallest change this estimate would have flagged four times in five at significance {@code alpha}:
     * what a "no change" could have seen, as a share (0.05 for 5 %).
     */
    public double detectable(double alpha) {
        if (!known()) {
            return Double.NaN;
        }
        return Math.exp((StudentT.quantile(1 - alpha / 2, df) + StudentT.quantile(0.8, df)) * se) - 1;
    }

    /** Rounds of one baseline and one candidate run each, paired round by round; rounds with an unknown value drop out. */
    public static Estimate paired(List<RunMetric> baseline, List<RunMetric> candidate, SplittableRandom random) {
        return paired(baseline, candidate, random, BOOTSTRAP);
    }

    /** As {@link #paired(List, List, SplittableRandom)}, with this many bootstrap resamples. */
    public static Estimate paired(List<RunMetric> baseline, List<RunMetric> candidate, SplittableRandom random, int resamples) {
        int n = Math.min(baseline.size(), candidate.size());
        List<Integer> usable = java.util.stream.IntStream.range(0, n)
                .filter(i -> baseline.get(i).known() && candidate.get(i).known()).boxed().toList();
        int k = usable.size();
        if (k < MIN_ROUNDS) {
            return new Estimate(k, Double.NaN, Double.NaN, Double.NaN);
        }
        double[] d = new double[k];
        for (int i = 0; i < k; i++) {
            d[i] = Math.log(candidate.get(usable.get(i)).value() / baseline.get(usable.get(i)).value());
        }
        double[] means = new double[resamples];
        for (int b = 0; b < resamples; b++) {
            double sum = 0;
            for (int i = 0; i < k; i++) {
                int r = usable.get(random.nextInt(k));
                sum += Math.log(candidate.get(r).resampled(random) / baseline.get(r).resampled(random));
            }
            means[b] = sum / k;
        }
        // the bootstrap's spread of a mean of k draws falls short of the sampling spread by sqrt((k-1)/k)
        double se = Stats.sd(means) * Math.sqrt(k / (k - 1.0));
        return new Estimate(k, Stats.mean(d), se, k - 1);
    }

    /**
     * The estimates of one metric in the cases of one pair, their spread pooled: the variance of a round's
     * log ratio, weighted by each case's degrees of freedom, stands for every case, with the degrees of
     * freedom of all of them. The cases of a pair share their rounds' runs and their spread is alike (in an A/A
     * run here: 4 to 7 % a round on server CPU per call in all four UserService cases), so a case's
     * few rounds need not estimate the spread alone; with the four or five rounds of a 15-minute ab, t's
     * quantiles at 3 or 4 degrees of freedom would otherwise hide all but large changes. {@code calibrate}
     * measures what this costs in false alarms. Estimates that are not known, or a single one, stay as they are.
     */
    public static List<Estimate> pooled(List<Estimate> cases) {
        double weighted = 0;
        double df = 0;
        for (Estimate e : cases) {
            if (e.known()) {
                weighted += e.se * e.se * e.rounds * e.df;
                df += e.df;
            }
        }
        if (cases.stream().filter(Estimate::known).count() < 2 || df <= 0) {
            return cases;
        }
        double perRound = weighted / df;
        double pooledDf = df;
        return cases.stream().map(e -> e.known() ? new Estimate(e.rounds, e.logChange, Math.sqrt(perRound / e.rounds), pooledDf) : e)
                .toList();
    }

    /** Two independent sets of runs (a suite repeated in rounds, stored runs); Welch's degrees of freedom. */
    public static Estimate unpaired(List<RunMetric> baseline, List<RunMetric> candidate, SplittableRandom random) {
        List<RunMetric> a = baseline.stream().filter(RunMetric::known).toList();
        List<RunMetric> b = candidate.stream().filter(RunMetric::known).toList();
        if (a.size() < 2 || b.size() < 2 || a.size() + b.size() < MIN_ROUNDS + 1) {
            return new Estimate(Math.min(a.size(), b.size()), Double.NaN, Double.NaN, Double.NaN);
        }
        double[] la = a.stream().mapToDouble(m -> Math.log(m.value())).toArray();
        double[] lb = b.stream().mapToDouble(m -> Math.log(m.value())).toArray();
        double[] diffs = new double[BOOTSTRAP];
        for (int r = 0; r < BOOTSTRAP; r++) {
            diffs[r] = resampledMeanLog(b, random) - resampledMeanLog(a, random);
        }
        double va = Stats.sd(la) * Stats.sd(la) / la.length;
        double vb = Stats.sd(lb) * Stats.sd(lb) / lb.length;
        double welch = (va + vb) * (va + vb) / (va * va / (la.length - 1) + vb * vb / (lb.length - 1));
        double correction = Math.sqrt((va + vb) / (va * (la.length - 1) / la.length + vb * (lb.length - 1) / lb.length));
        double se = Stats.sd(diffs) * (Double.isFinite(correction) ? correction : 1);
        return new Estimate(Math.min(la.length, lb.length), Stats.mean(lb) - Stats.mean(la), se,
                Double.isFinite(welch) && welch > 0 ? welch : Math.min(la.length, lb.length) - 1);
    }

    private static double resampledMeanLog(List<RunMetric> runs, SplittableRandom random) {
        double sum = 0;
        for (int i = 0; i < runs.size(); i++) {
            sum += Math.log(runs.get(random.nextInt(runs.size())).resampled(random));
        }
        return sum / runs.size();
    }
}
