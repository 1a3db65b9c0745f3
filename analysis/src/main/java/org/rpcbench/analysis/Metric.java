package org.rpcbench.analysis;

import java.util.ArrayList;
import java.util.List;
import org.rpcbench.record.CaseRecord;
import org.rpcbench.record.IterationRecord;
import org.rpcbench.record.SteadyState;

/**
 * What a comparison looks at in each case, over the steady iterations of each run. Server CPU per call is
 * the primary metric for a change inside the server's framework (on a shared machine it moves less than
 * throughput, and points at the side that changed); throughput and p99 are always shown with it. The
 * allocation metrics are shown, not tested: testing them too would cost the tested ones power.
 */
public enum Metric {
    THROUGHPUT("throughput", "calls/s", true, true),
    P99("p99", "ms", false, true),
    SERVER_CPU("server CPU/call", "µs", false, true),
    CLIENT_CPU("client CPU/call", "µs", false, true),
    SERVER_ALLOC("server alloc/call", "B", false, false),
    CLIENT_ALLOC("client alloc/call", "B", false, false);

    private final String label;
    private final String unit;
    private final boolean higherIsBetter;
    private final boolean tested;

    Metric(String label, String unit, boolean higherIsBetter, boolean tested) {
        this.label = label;
        this.unit = unit;
        this.higherIsBetter = higherIsBetter;
        this.tested = tested;
    }

    public String label() {
        return label;
    }

    public String unit() {
        return unit;
    }

    public boolean higherIsBetter() {
        return higherIsBetter;
    }

    /** Whether a verdict is drawn on it (and it counts in the false-alarm control). */
    public boolean tested() {
        return tested;
    }

    /** A change by {@code ratio} (candidate / baseline) is worse when it moves against this metric's good. */
    public boolean worse(double ratio) {
        return higherIsBetter ? ratio < 1 : ratio > 1;
    }

    /** The run's value of this metric, over its steady iterations, or over the whole run when it kept no iterations. */
    public RunMetric of(CaseRecord c) {
        List<IterationRecord> steady = steadyIterations(c);
        if (this == P99) {
            return RunMetric.whole(c.steady() != null ? c.steady().latencyMs().p99() : c.latencyMs().p99());
        }
        if (steady.isEmpty()) {
            return RunMetric.whole(this == THROUGHPUT ? c.answered() : c.perCall(perCallName()));
        }
        double[] num = new double[steady.size()];
        double[] den = new double[steady.size()];
        for (int i = 0; i < num.length; i++) {
            IterationRecord it = steady.get(i);
            if (this == THROUGHPUT) {
                num[i] = it.answeredPerSecond();
                den[i] = 1;
            } else {
                double perCall = it.perCall(perCallName());
                num[i] = perCall * it.calls();
                den[i] = it.calls();
            }
        }
        return new RunMetric(num, den);
    }

    private String perCallName() {
        return switch (this) {
            case SERVER_CPU -> "serverCpuMicros";
            case CLIENT_CPU -> "clientCpuMicros";
            case SERVER_ALLOC -> "serverAllocBytes";
            case CLIENT_ALLOC -> "clientAllocBytes";
            default -> throw new IllegalStateException(name() + " is not a per-call cost");
        };
    }

    /** The measured iterations of every fork after the leading ones that sat below steady state. */
    static List<IterationRecord> steadyIterations(CaseRecord c) {
        List<IterationRecord> steady = new ArrayList<>();
        int forks = c.iterations().stream().mapToInt(IterationRecord::fork).max().orElse(-1) + 1;
        for (int f = 0; f < forks; f++) {
            int fork = f;
            List<IterationRecord> its = c.iterations().stream().filter(i -> i.fork() == fork).toList();
            int skip = SteadyState.excluded(its.stream().mapToDouble(IterationRecord::score).toArray());
            steady.addAll(its.subList(skip, its.size()));
        }
        return steady;
    }
}
