package org.rpcbench.report;

import com.alibaba.fastjson2.JSONObject;
import java.util.List;

/**
 * One case of an open-loop run: the rate asked for and the rate achieved, latency timed from each call's
 * due moment ({@code corrected}, coordinated omission corrected) and from its send ({@code uncorrected}).
 *
 * @param achievedRate calls sent in the measured window per second, answered or failed
 * @param unsent measured slots never sent before the window closed: the server did not keep up
 */
public record OpenLoopResult(
        String name,
        double targetRate,
        double achievedRate,
        Latency corrected,
        Latency uncorrected,
        long calls,
        long errors,
        long warmupCalls,
        long warmupErrors,
        long unsent,
        List<String> problems,
        Costs costs) {
    /** Achieving less than this share of the target rate marks the run as having missed it. */
    public static final double ACHIEVED_SHARE = 0.99;

    public OpenLoopResult withCosts(Costs c) {
        return new OpenLoopResult(name, targetRate, achievedRate, corrected, uncorrected, calls, errors, warmupCalls,
                warmupErrors, unsent, problems, c);
    }

    public long allErrors() {
        return errors + warmupErrors;
    }

    public boolean failed() {
        return allErrors() > 0 || calls == 0;
    }

    /** True when the schedule was not kept: its percentiles then describe a saturated server. */
    public boolean missedTarget() {
        return achievedRate < ACHIEVED_SHARE * targetRate;
    }

    public JSONObject toJson() {
        JSONObject j = new JSONObject();
        j.put("name", name);
        j.put("targetRate", targetRate);
        j.put("achievedRate", achievedRate);
        j.put("missedTarget", missedTarget());
        j.put("latencyMs", corrected.toJson());
        j.put("uncorrectedLatencyMs", uncorrected.toJson());
        j.put("calls", calls);
        j.put("errors", errors);
        j.put("warmupCalls", warmupCalls);
        j.put("warmupErrors", warmupErrors);
        j.put("unsent", unsent);
        j.put("problems", problems);
        costs.addTo(j);
        return j;
    }
}
