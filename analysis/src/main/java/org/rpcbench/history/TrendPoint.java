package org.rpcbench.history;

import java.time.Instant;

/**
 * One stored run of a pair and case: when it ran, what it measured, and what it ran (the framework version
 * and the harness's commit), so a step in a trend can be traced to the change that made it.
 * {@code opsPerSecond} counts only calls answered right; a run with errors has {@code errors > 0}.
 *
 * @param changePoint whether the series' level shifted at this run ({@code ChangePoints})
 */
public record TrendPoint(Instant time, double opsPerSecond, double opsError, double p99Ms, long errors,
        String frameworkVersion, String gitCommit, double serverMicrosPerCall, boolean changePoint) {

    public TrendPoint markedAsChange() {
        return new TrendPoint(time, opsPerSecond, opsError, p99Ms, errors, frameworkVersion, gitCommit, serverMicrosPerCall, true);
    }
}
