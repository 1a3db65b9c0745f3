package org.rpcbench.analysis;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.rpcbench.record.CaseRecord;
import org.rpcbench.record.IterationRecord;
import org.rpcbench.record.SteadyState;

/**
 * What a comparison looks at in each case, over the steady iterations of each run, and which family of tests
 * it belongs to.
 *
 * <p>The <b>primary</b> metrics decide a verdict: server CPU per call, the steadiest sign of a change inside the
 * server's framework on a shared machine, pointing at the side that changed; and server bytes allocated per
 * call, nearly deterministic, which catches an allocation regression that CPU time hides. A comparison's
 * false alarms are controlled over them (every case × these two), and only they can say SLOWER.
 *
 * <p>Throughput, p99 and the client's costs are <b>context</b>: a family of their own, judged by the same
 * procedure at the same level, so that a flag there is as trustworthy, but never deciding the exit. On a
 * shared machine they move with whatever else runs (throughput and p99 are the whole machine's), and the
 * client is the harness's side; letting them gate too would add their false alarms to the gate's (up to twice
 * the stated rate) and take the power the primary family needs.
 *
 * <p>Each per-call metric names its sources in order of preference; a comparison reads the first that every run
 * it compares has (see {@link #source}), so runs that measured differently are never compared: server CPU is
 * the service threads' (to the nanosecond, without the JIT compilers and the collector) when every run has
 * it, the whole process's (10 ms ticks) otherwise.
 */
public enum Metric {
    /** The server's service threads' CPU (JIT and GC threads apart), or, for records without it, the whole process's. */
    SERVER_CPU("server CPU/call", "µs", false, Role.PRIMARY, "serverServiceCpuMicros", "serverCpuMicros"),
    SERVER_ALLOC("server alloc/call", "B", false, Role.PRIMARY, "serverAllocBytes"),
    THROUGHPUT("throughput", "calls/s", true, Role.CONTEXT),
    P99("p99", "ms", false, Role.CONTEXT),
    CLIENT_CPU("client CPU/call", "µs", false, Role.CONTEXT, "clientCpuMicros"),
    CLIENT_ALLOC("client alloc/call", "B", false, Role.CONTEXT, "clientAllocBytes");

    /** Which family of tests a metric is judged in. */
    public enum Role {
        /** Decides the verdict: only these can say SLOWER. */
        PRIMARY,
        /** Shown with intervals and judged as a family of their own, never deciding the verdict. */
        CONTEXT
    }

    private final String label;
    private final String unit;
    private final boolean higherIsBetter;
    private final Role role;
    private final List<String> sources;

    Metric(String label, String unit, boolean higherIsBetter, Role role, String... sources) {
        this.label = label;
        this.unit = unit;
        this.higherIsBetter = higherIsBetter;
        this.role = role;
        this.sources = List.of(sources);
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

    public Role role() {
        return role;
    }

    /**
     * Its share of its family's alpha, relative to the family's other tests (the weights of the weighted
     * Benjamini–Hochberg procedure in {@link Verdicts#judge}, normalized there to average 1 over the tests made).
     * Server allocation per call is nearly deterministic: one round's log ratio spreads by 0.1 to 0.5 % against
     * server CPU's 5 to 10 % here, so it sees a change far below any worth gating on at any level, and a tenth of a
     * CPU test's share widens what it could have seen by about a third (±0.4 % to ±0.5 % at 21 rounds). Given an equal
     * share, it would halve the CPU tests' level for nothing; as it is, a four-case ab's CPU tests are judged at
     * alpha × 1.9 / 8, not alpha / 8, which takes about a seventh fewer rounds to see the same change. The context
     * family's tests share alike.
     */
    public double alphaShare() {
        return this == SERVER_ALLOC ? 0.1 : 1.0;
    }

    /** Whether it decides the verdict (and counts in the gate's false-alarm control). */
    public boolean primary() {
        return role == Role.PRIMARY;
    }

    /** The per-call figures this metric reads, best first (run.json's names, as {@link CaseRecord#perCall} takes them). */
    List<String> sources() {
        return sources;
    }

    /** A change by {@code ratio} (candidate / baseline) is worse when it moves against this metric's good. */
    public boolean worse(double ratio) {
        return higherIsBetter ? ratio < 1 : ratio > 1;
    }

    /**
     * The per-call figure to read from all of these runs: the first of this metric's sources that every one of
     * them has, else its last (and the runs without it give no value). Null for a metric that is no per-call cost.
     */
    public String source(Collection<CaseRecord> runs) {
        return source(sources, runs);
    }

    static String source(List<String> sources, Collection<CaseRecord> runs) {
        if (sources.isEmpty()) {
            return null;
        }
        for (String s : sources) {
            if (runs.stream().allMatch(c -> Double.isFinite(c.perCall(s)))) {
                return s;
            }
        }
        return sources.get(sources.size() - 1);
    }

    /** The run's value of this metric, from the first source it has. */
    public RunMetric of(CaseRecord c) {
        return of(c, source(List.of(c)));
    }

    /**
     * The run's value of this metric read from {@code source}, over its steady iterations, or over the whole run
     * when it kept no iterations.
     */
    public RunMetric of(CaseRecord c, String source) {
        if (this == P99) {
            return RunMetric.whole(c.steady() != null ? c.steady().latencyMs().p99() : c.latencyMs().p99());
        }
        List<IterationRecord> steady = steadyIterations(c);
        if (steady.isEmpty()) {
            return RunMetric.whole(this == THROUGHPUT ? c.answered() : c.perCall(source));
        }
        double[] num = new double[steady.size()];
        double[] den = new double[steady.size()];
        for (int i = 0; i < num.length; i++) {
            IterationRecord it = steady.get(i);
            if (this == THROUGHPUT) {
                num[i] = it.answeredPerSecond();
                den[i] = 1;
            } else {
                num[i] = it.perCall(source) * it.calls();
                den[i] = it.calls();
            }
        }
        return new RunMetric(num, den);
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
