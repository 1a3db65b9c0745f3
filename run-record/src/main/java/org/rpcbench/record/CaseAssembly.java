package org.rpcbench.record;

import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * Builds a case's record from what its forks measured: every measured iteration, the totals, the costs
 * per call and the same figures over the steady iterations. Used by the launcher (one client's forks) and
 * by merge (several clients' forks, iteration by iteration).
 */
public final class CaseAssembly {

    private CaseAssembly() {}

    /**
     * One fork's tally with the scores JMH gave its measured iterations, in order; null scores (or a count
     * that does not match the tally's) fall back to the fork's own count over its window.
     */
    public record Fork(TallyFile tally, double[] scores) {
        double score(int i) {
            TallyFile.Window w = tally.iterations().get(i);
            if (scores != null && scores.length == tally.iterations().size()) {
                return scores[i];
            }
            return w.seconds() > 0 ? (w.calls() + w.errors()) / w.seconds() : 0;
        }

        double[] allScores() {
            double[] s = new double[tally.iterations().size()];
            for (int i = 0; i < s.length; i++) {
                s[i] = score(i);
            }
            return s;
        }
    }

    /**
     * @param opsPerSecond JMH's score over all forks, or NaN to take the mean of the iteration scores
     * @param opsError JMH's error (99.9 % half-width), NaN when it has none
     */
    public static CaseRecord closedLoop(String name, List<Fork> forks, double opsPerSecond, double opsError, WireSize wire) {
        List<IterationRecord> iterations = new ArrayList<>();
        List<List<Double>> scores = new ArrayList<>();
        Histogram latency = Histograms.empty();
        Histogram failed = Histograms.empty();
        List<ProcessDelta> client = new ArrayList<>();
        List<ProcessDelta> server = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        List<List<ProblemKind>> kinds = new ArrayList<>();
        List<JitWarmup> warmups = new ArrayList<>();
        String meterLost = null;
        long calls = 0;
        long errors = 0;
        long warmupCalls = 0;
        long warmupErrors = 0;
        SteadyTally steady = new SteadyTally();
        int excluded = 0;
        boolean climbing = false;
        for (int f = 0; f < forks.size(); f++) {
            Fork fork = forks.get(f);
            TallyFile t = fork.tally();
            warmupCalls += t.warmupCalls();
            warmupErrors += t.warmupErrors();
            if (t.warmup() != null) {
                warmups.add(t.warmup());
            }
            kinds.add(t.problemKinds());
            if (meterLost == null && t.serverMeterLost() != null) {
                meterLost = (forks.size() > 1 ? "fork " + (f + 1) + ", " : "") + t.serverMeterLost();
            }
            t.problems().stream().filter(p -> !problems.contains(p)).forEach(p -> {
                if (problems.size() < TallyFile.PROBLEMS_KEPT) {
                    problems.add(p);
                }
            });
            double[] forkScores = fork.allScores();
            climbing |= WarmupCheck.stillClimbing(forkScores);
            int unsteady = SteadyState.excluded(forkScores);
            excluded += unsteady;
            List<Double> forkList = new ArrayList<>();
            for (int i = 0; i < t.iterations().size(); i++) {
                TallyFile.Window w = t.iterations().get(i);
                Histogram h = Histograms.decode(w.latency());
                latency.add(h);
                failed.add(Histograms.decode(w.failedLatency()));
                calls += w.calls();
                errors += w.errors();
                client.add(w.client());
                server.add(w.server());
                forkList.add(forkScores[i]);
                IterationRecord it = new IterationRecord(f, i, w.seconds(), forkScores[i], w.calls(), w.errors(),
                        part(w.server(), true), part(w.client(), true), part(w.server(), false), part(w.client(), false),
                        IterationRecord.Percentiles.of(Latency.of(h)), threads(w.server()), threads(w.client()));
                iterations.add(it);
                if (i >= unsteady) {
                    steady.add(h, w, it);
                }
            }
            scores.add(forkList);
        }
        double ops = Double.isNaN(opsPerSecond) ? mean(scores) : opsPerSecond;
        long measured = calls + errors;
        double answered = measured == 0 ? 0 : ops * calls / measured;
        return new CaseRecord(name, ops, opsError, scores, answered, Latency.of(latency),
                failed.getTotalCount() == 0 ? null : Latency.of(failed), calls, errors, warmupCalls, warmupErrors, problems,
                climbing, wire, new CpuAndGc(ProcessUse.of(client), ProcessUse.of(server)),
                PerCall.of(calls, ProcessDelta.sum(server), ProcessDelta.sum(client)), iterations, steady.steady(excluded),
                null, null, null, null, null, warmups, ProblemTally.merge(kinds), null, meterLost);
    }

    /** The steady state's iterations (those after the warm-up SteadyState excludes), added up one by one. */
    private static final class SteadyTally {
        private final Histogram latency = Histograms.empty();
        private final List<ProcessDelta> client = new ArrayList<>();
        private final List<ProcessDelta> server = new ArrayList<>();
        private long calls;
        private double answered;
        private int count;

        void add(Histogram h, TallyFile.Window w, IterationRecord it) {
            latency.add(h);
            client.add(w.client());
            server.add(w.server());
            calls += w.calls();
            answered += it.answeredPerSecond();
            count++;
        }

        Steady steady(int excluded) {
            return new Steady(excluded, count == 0 ? Double.NaN : answered / count, Latency.of(latency),
                    PerCall.of(calls, ProcessDelta.sum(server), ProcessDelta.sum(client)));
        }
    }

    private static Long part(ProcessDelta d, boolean cpu) {
        return d == null ? null : cpu ? d.cpuNanos() : d.allocBytes();
    }

    private static ThreadCpu threads(ProcessDelta d) {
        return d == null ? null : d.threads();
    }

    private static double mean(List<List<Double>> scores) {
        return scores.stream().flatMap(List::stream).mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    }
}
