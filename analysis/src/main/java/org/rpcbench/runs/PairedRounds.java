package org.rpcbench.runs;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.rpcbench.analysis.Estimate;
import org.rpcbench.analysis.Failed;
import org.rpcbench.analysis.Metric;
import org.rpcbench.analysis.RunMetric;
import org.rpcbench.analysis.Stats;
import org.rpcbench.analysis.Verdicts;
import org.rpcbench.record.CaseRecord;
import org.rpcbench.record.RunRecord;

/**
 * The inputs of a comparison of two arms over interleaved rounds: per pair, case and metric, one value per
 * round from each arm, paired round by round, each metric's spread pooled over the pair's cases
 * ({@link Estimate#pooled}). A round in which either arm's run failed, or lacks the case, or counted an
 * error in it, is left out of that pair's comparison.
 */
public final class PairedRounds {
    /** Bootstrap resamples per estimate inside a calibration's resampled budgets: thousands of verdicts are drawn. */
    static final int RESAMPLING_BOOTSTRAP = 1_000;

    private PairedRounds() {}

    public static List<Verdicts.Input> inputs(List<Interleaved.Round> rounds, String baseline, String candidate, List<String> pairs,
                                              SplittableRandom random) {
        return inputs(rounds, baseline, candidate, pairs, random, false);
    }

    /** @param testedOnly leave out the metrics shown but not tested (what a calibration's resampling needs) */
    public static List<Verdicts.Input> inputs(List<Interleaved.Round> rounds, String baseline, String candidate, List<String> pairs,
                                              SplittableRandom random, boolean testedOnly) {
        List<Verdicts.Input> inputs = new ArrayList<>();
        for (String pair : pairs) {
            List<String> names = caseNames(rounds, pair);
            // per metric, its cases' estimates, their spread pooled; then case by case, metric by metric
            Verdicts.Input[][] byCase = new Verdicts.Input[names.size()][Metric.values().length];
            for (Metric metric : Metric.values()) {
                if (testedOnly && !metric.tested()) {
                    continue;
                }
                List<Verdicts.Input> ofMetric = new ArrayList<>();
                for (String name : names) {
                    List<RunMetric> a = new ArrayList<>();
                    List<RunMetric> b = new ArrayList<>();
                    for (Interleaved.Round round : rounds) {
                        CaseRecord ca = find(round.of(baseline, pair), name);
                        CaseRecord cb = find(round.of(candidate, pair), name);
                        if (ca != null && cb != null && !ca.failed() && !cb.failed()) {
                            a.add(metric.of(ca));
                            b.add(metric.of(cb));
                        }
                    }
                    if (a.stream().anyMatch(RunMetric::known)) {
                        ofMetric.add(new Verdicts.Input(pair, name, metric, median(a), median(b),
                                Estimate.paired(a, b, random, testedOnly ? RESAMPLING_BOOTSTRAP : 4_000)));
                    }
                }
                List<Estimate> pooled = Estimate.pooled(ofMetric.stream().map(Verdicts.Input::estimate).toList());
                for (int i = 0; i < ofMetric.size(); i++) {
                    Verdicts.Input in = ofMetric.get(i);
                    byCase[names.indexOf(in.caseName())][metric.ordinal()] = new Verdicts.Input(pair, in.caseName(), metric,
                            in.baseline(), in.candidate(), pooled.get(i));
                }
            }
            for (Verdicts.Input[] ofCase : byCase) {
                for (Verdicts.Input in : ofCase) {
                    if (in != null) {
                        inputs.add(in);
                    }
                }
            }
        }
        return inputs;
    }

    /** The runs of these arms that gave nothing to judge, round by round. */
    public static List<Failed> failed(List<Interleaved.Round> rounds, List<String> arms) {
        List<Failed> failed = new ArrayList<>();
        for (Interleaved.Round round : rounds) {
            round.failures().stream().filter(f -> arms.contains(f.arm())).map(f -> f.at(round.index())).forEach(failed::add);
        }
        return failed;
    }

    /** "getUser: server CPU/call +2.1 % [-0.8, +5.0], throughput -1.3 % [...]": the estimate so far, at 95 %. */
    public static String soFar(List<Interleaved.Round> rounds, String baseline, String candidate, List<String> pairs) {
        List<String> parts = new ArrayList<>();
        for (Verdicts.Input in : inputs(rounds, baseline, candidate, pairs, new SplittableRandom(Stats.SEED))) {
            if ((in.metric() == Metric.SERVER_CPU || in.metric() == Metric.THROUGHPUT) && in.estimate().known()) {
                Stats.Interval i = in.estimate().interval(0.95);
                parts.add(String.format(Locale.ROOT, "%s%s %s %s [%s, %s]", pairs.size() > 1 ? in.pair() + " " : "", in.caseName(),
                        in.metric().label(), Verdicts.percent(in.estimate().ratio()), Verdicts.percent(i.low()),
                        Verdicts.percent(i.high())));
            }
        }
        return parts.isEmpty() ? "no estimate yet (it needs " + Estimate.MIN_ROUNDS + " rounds)" : String.join("; ", parts);
    }

    /** Leading iterations below steady state that each arm's runs left out, of how many. */
    public static String unsteady(List<Interleaved.Round> rounds, String arm) {
        long excluded = 0;
        long all = 0;
        for (Interleaved.Round round : rounds) {
            for (RunRecord r : round.ofArm(arm)) {
                for (CaseRecord c : r.cases()) {
                    excluded += c.steady() == null ? 0 : c.steady().excludedIterations();
                    all += c.iterations().size();
                }
            }
        }
        return excluded + " of " + all;
    }

    private static List<String> caseNames(List<Interleaved.Round> rounds, String pair) {
        List<String> names = new ArrayList<>();
        for (Interleaved.Round round : rounds) {
            for (RunRecord r : round.ofPair(pair)) {
                r.cases().stream().map(CaseRecord::name).filter(n -> !names.contains(n)).forEach(names::add);
            }
        }
        return names;
    }

    private static CaseRecord find(RunRecord r, String name) {
        return r == null ? null : r.find(name);
    }

    private static double median(List<RunMetric> runs) {
        return Stats.median(runs.stream().filter(RunMetric::known).mapToDouble(RunMetric::value).toArray());
    }
}
