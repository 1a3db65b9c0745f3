package org.rpcbench.record;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * One case of a run: JMH's throughput with its error and per-iteration scores; what the client counted and
 * timed in the same windows (calls answered right, errors, latency of each); the costs (bytes on the wire,
 * CPU and GC of both sides, and per call); every measured iteration; and the same figures over the steady
 * iterations. An open-loop case has its rates and both latencies instead of JMH's figures.
 *
 * @param opsPerSecond JMH's score: calls completed per second, answered or failed (open loop: unset)
 * @param answeredPerSecond calls answered right per second: what a reader means by throughput
 * @param failedLatencyMs how long the calls that failed took (a timeout shows here); null when none failed
 * @param jitWarmups each fork's warm-up until both JITs were quiet, before JMH's; empty when there was none
 * @param problems the first distinct problems, as they were reported
 * @param problemKinds every failed call's problem, counted by kind, adding up to {@link #allErrors()}; null in a
 *     record from before they were kept (or from a writer that does not keep them)
 * @param connectSeconds how long the client took to open the case's connections before its first call, when it
 *     opened them for the case (the Go load client does): seed 002's clock ran over that and the calls; else null
 * @param serverMeterLost where and why the server's meter, though given, was not read in a measured window ("in measured
 *     iteration 2: the server's meter at 10.0.0.7:7071 failed (...)"): the case fails, its figures kept; null when
 *     it was read throughout, or none was given
 */
public record CaseRecord(
        String name,
        double opsPerSecond,
        double opsError,
        List<List<Double>> iterationScores,
        double answeredPerSecond,
        Latency latencyMs,
        Latency failedLatencyMs,
        long calls,
        long errors,
        long warmupCalls,
        long warmupErrors,
        List<String> problems,
        boolean stillClimbing,
        WireSize wireBytes,
        CpuAndGc cpuAndGc,
        PerCall perCall,
        List<IterationRecord> iterations,
        Steady steady,
        @JsonInclude(JsonInclude.Include.NON_NULL) Double targetRate,
        @JsonInclude(JsonInclude.Include.NON_NULL) Double achievedRate,
        @JsonInclude(JsonInclude.Include.NON_NULL) Boolean missedTarget,
        @JsonInclude(JsonInclude.Include.NON_NULL) Latency uncorrectedLatencyMs,
        @JsonInclude(JsonInclude.Include.NON_NULL) Long unsent,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<JitWarmup> jitWarmups,
        @JsonInclude(JsonInclude.Include.NON_NULL) List<ProblemKind> problemKinds,
        @JsonInclude(JsonInclude.Include.NON_NULL) Double connectSeconds,
        @JsonInclude(JsonInclude.Include.NON_NULL) String serverMeterLost) {

    public CaseRecord {
        problemKinds = problemKinds == null ? null : List.copyOf(problemKinds);
        jitWarmups = jitWarmups == null ? List.of() : List.copyOf(jitWarmups);
        iterationScores = iterationScores == null ? List.of() : iterationScores;
        problems = problems == null ? List.of() : problems;
        iterations = iterations == null ? List.of() : iterations;
        latencyMs = latencyMs == null ? Latency.NONE : latencyMs;
        cpuAndGc = cpuAndGc == null ? CpuAndGc.NONE : cpuAndGc;
    }

    /** A record whose server meter, if any, was read in every window. */
    public CaseRecord(String name, double opsPerSecond, double opsError, List<List<Double>> iterationScores,
                      double answeredPerSecond, Latency latencyMs, Latency failedLatencyMs, long calls, long errors,
                      long warmupCalls, long warmupErrors, List<String> problems, boolean stillClimbing, WireSize wireBytes,
                      CpuAndGc cpuAndGc, PerCall perCall, List<IterationRecord> iterations, Steady steady, Double targetRate,
                      Double achievedRate, Boolean missedTarget, Latency uncorrectedLatencyMs, Long unsent,
                      List<JitWarmup> jitWarmups, List<ProblemKind> problemKinds, Double connectSeconds) {
        this(name, opsPerSecond, opsError, iterationScores, answeredPerSecond, latencyMs, failedLatencyMs, calls, errors,
                warmupCalls, warmupErrors, problems, stillClimbing, wireBytes, cpuAndGc, perCall, iterations, steady, targetRate,
                achievedRate, missedTarget, uncorrectedLatencyMs, unsent, jitWarmups, problemKinds, connectSeconds, null);
    }

    /** A record whose problems were not counted by kind, nor its connections' opening timed. */
    public CaseRecord(String name, double opsPerSecond, double opsError, List<List<Double>> iterationScores,
                      double answeredPerSecond, Latency latencyMs, Latency failedLatencyMs, long calls, long errors,
                      long warmupCalls, long warmupErrors, List<String> problems, boolean stillClimbing, WireSize wireBytes,
                      CpuAndGc cpuAndGc, PerCall perCall, List<IterationRecord> iterations, Steady steady, Double targetRate,
                      Double achievedRate, Boolean missedTarget, Latency uncorrectedLatencyMs, Long unsent,
                      List<JitWarmup> jitWarmups) {
        this(name, opsPerSecond, opsError, iterationScores, answeredPerSecond, latencyMs, failedLatencyMs, calls, errors,
                warmupCalls, warmupErrors, problems, stillClimbing, wireBytes, cpuAndGc, perCall, iterations, steady, targetRate,
                achievedRate, missedTarget, uncorrectedLatencyMs, unsent, jitWarmups, null, null);
    }

    /** A record without a warm-up before JMH's (open loop, or written before there was one). */
    public CaseRecord(String name, double opsPerSecond, double opsError, List<List<Double>> iterationScores,
                      double answeredPerSecond, Latency latencyMs, Latency failedLatencyMs, long calls, long errors,
                      long warmupCalls, long warmupErrors, List<String> problems, boolean stillClimbing, WireSize wireBytes,
                      CpuAndGc cpuAndGc, PerCall perCall, List<IterationRecord> iterations, Steady steady, Double targetRate,
                      Double achievedRate, Boolean missedTarget, Latency uncorrectedLatencyMs, Long unsent) {
        this(name, opsPerSecond, opsError, iterationScores, answeredPerSecond, latencyMs, failedLatencyMs, calls, errors,
                warmupCalls, warmupErrors, problems, stillClimbing, wireBytes, cpuAndGc, perCall, iterations, steady, targetRate,
                achievedRate, missedTarget, uncorrectedLatencyMs, unsent, null, null, null);
    }

    public long allErrors() {
        return errors + warmupErrors;
    }

    /** A case fails on any error, in warm-up too, when no call was answered, or when the server's meter was lost. */
    public boolean failed() {
        return allErrors() > 0 || calls == 0 || serverMeterLost != null;
    }

    public boolean openLoop() {
        return achievedRate != null;
    }

    /**
     * Calls answered right per second. Records written before the figure was kept derive it as it was
     * defined then: the score scaled by the share of measured calls answered right.
     */
    public double answered() {
        if (!Double.isNaN(answeredPerSecond)) {
            return answeredPerSecond;
        }
        double rate = openLoop() ? achievedRate : opsPerSecond;
        long measured = calls + errors;
        return measured == 0 ? rate : rate * calls / measured;
    }

    /**
     * A per-call cost over all measured iterations (see {@link PerCall#get}). Records written before costs
     * were kept per call derive the whole process's CPU from the share of a core and the window's length;
     * a part of it by threads they never read stays unknown.
     */
    public double perCall(String metric) {
        if (perCall != null && !Double.isNaN(perCall.get(metric))) {
            return perCall.get(metric);
        }
        ProcessUse use = metric.startsWith("server") ? cpuAndGc.server() : cpuAndGc.client();
        boolean wholeCpu = metric.equals("serverCpuMicros") || metric.equals("clientCpuMicros");
        if (wholeCpu && use != null && calls > 0 && !Double.isNaN(use.cpuPercentOfCore())) {
            return use.cpuPercentOfCore() / 100 * use.seconds() * 1e6 / calls;
        }
        return Double.NaN;
    }

    /** Every fork's measured iteration scores, in one array. */
    @JsonIgnore
    public double[] allScores() {
        return iterationScores.stream().flatMap(List::stream).mapToDouble(Double::doubleValue).toArray();
    }

    public CaseRecord withWire(WireSize size) {
        return new CaseRecord(name, opsPerSecond, opsError, iterationScores, answeredPerSecond, latencyMs, failedLatencyMs,
                calls, errors, warmupCalls, warmupErrors, problems, stillClimbing, size, cpuAndGc, perCall, iterations, steady,
                targetRate, achievedRate, missedTarget, uncorrectedLatencyMs, unsent, jitWarmups, problemKinds, connectSeconds,
                serverMeterLost);
    }

    /** The same record, saying which side's CPU limited it. */
    public CaseRecord withSaturation(Saturation s) {
        return new CaseRecord(name, opsPerSecond, opsError, iterationScores, answeredPerSecond, latencyMs, failedLatencyMs,
                calls, errors, warmupCalls, warmupErrors, problems, stillClimbing, wireBytes, cpuAndGc.withSaturated(s), perCall,
                iterations, steady, targetRate, achievedRate, missedTarget, uncorrectedLatencyMs, unsent, jitWarmups, problemKinds,
                connectSeconds, serverMeterLost);
    }

    /** The same record, failed because the server's meter was not read in a measured window ({@code why}: where and why). */
    public CaseRecord withServerMeterLost(String why) {
        return new CaseRecord(name, opsPerSecond, opsError, iterationScores, answeredPerSecond, latencyMs, failedLatencyMs,
                calls, errors, warmupCalls, warmupErrors, problems, stillClimbing, wireBytes, cpuAndGc, perCall, iterations, steady,
                targetRate, achievedRate, missedTarget, uncorrectedLatencyMs, unsent, jitWarmups, problemKinds, connectSeconds, why);
    }
}
