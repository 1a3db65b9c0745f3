package org.rpcbench.runs;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.rpcbench.analysis.Estimate;
import org.rpcbench.analysis.Failed;
import org.rpcbench.analysis.Metric;
import org.rpcbench.analysis.Stats;
import org.rpcbench.analysis.Verdicts;
import org.rpcbench.record.CaseRecord;
import org.rpcbench.record.RunRecord;

/**
 * The inputs of a comparison of two arms over interleaved rounds: per pair and case, one run per round from
 * each arm, paired round by round, every metric judged per case ({@link Verdicts#pairedCase}). A round in
 * which either arm's run failed, or lacks the case, or counted an error in it, is left out of that case's
 * comparison.
 */
public final class PairedRounds {

    private PairedRounds() {}

    public static List<Verdicts.Input> inputs(List<Interleaved.Round> rounds, String baseline, String candidate, List<String> pairs) {
        List<Verdicts.Input> inputs = new ArrayList<>();
        for (String pair : pairs) {
            for (String name : caseNames(rounds, pair)) {
                List<CaseRecord> a = new ArrayList<>();
                List<CaseRecord> b = new ArrayList<>();
                for (Interleaved.Round round : rounds) {
                    CaseRecord ca = find(round.of(baseline, pair), name);
                    CaseRecord cb = find(round.of(candidate, pair), name);
                    if (ca != null && cb != null && !ca.failed() && !cb.failed()) {
                        a.add(ca);
                        b.add(cb);
                    }
                }
                inputs.addAll(Verdicts.pairedCase(pair, name, a, b));
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

    /** "round 3, candidate dubbo-hessian: why": each run set aside, round by round. */
    public static List<String> setAside(List<Interleaved.Round> rounds) {
        List<String> lines = new ArrayList<>();
        for (Interleaved.Round round : rounds) {
            round.setAside().forEach(s -> lines.add("round " + round.index() + ", " + s.arm() + " " + s.pair() + ": " + s.reason()));
        }
        return lines;
    }

    /** "getUser: server CPU/call +2.1 % [-0.8, +5.0], throughput -1.3 % [...]": the estimate so far, at 95 %. */
    public static String soFar(List<Interleaved.Round> rounds, String baseline, String candidate, List<String> pairs) {
        List<String> parts = new ArrayList<>();
        for (Verdicts.Input in : inputs(rounds, baseline, candidate, pairs)) {
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
}
