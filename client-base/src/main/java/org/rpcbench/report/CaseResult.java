package org.rpcbench.report;

import java.util.List;

/**
 * One case of a run, as reported: JMH's throughput with its error, latency from the merged histograms,
 * the outcome counts, and the case's {@link Costs}. {@code iterationScores} holds each fork's measurement
 * iterations in order.
 */
public record CaseResult(
        String name,
        double opsPerSecond,
        double opsError,
        List<double[]> iterationScores,
        Latency latency,
        long calls,
        long errors,
        long warmupCalls,
        long warmupErrors,
        List<String> problems,
        Costs costs) {

    public long allErrors() {
        return errors + warmupErrors;
    }

    /** True when any fork's throughput was still rising across its measurement iterations. */
    public boolean stillClimbing() {
        return iterationScores.stream().anyMatch(WarmupCheck::stillClimbing);
    }

    public boolean failed() {
        return allErrors() > 0 || calls == 0;
    }
}
