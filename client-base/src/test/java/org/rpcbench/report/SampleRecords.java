package org.rpcbench.report;

import com.alibaba.fastjson2.JSONObject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Run records as the launcher writes them, built through {@link RunRecord#build} with the figures a test
 * chooses, for the reports and the history store.
 */
public final class SampleRecords {
    private SampleRecords() {}

    /** A case with this throughput, p99 and error count; the other percentiles scale with the p99. */
    public static CaseResult result(String name, double opsPerSecond, double p99Ms, long errors) {
        Latency latency = new Latency(p99Ms / 20, p99Ms / 4, p99Ms / 2, p99Ms, p99Ms * 2, p99Ms * 3, p99Ms * 6, p99Ms / 3, 1000);
        return new CaseResult(name, opsPerSecond, opsPerSecond / 50, List.of(new double[] {opsPerSecond, opsPerSecond}),
                latency, 1000, errors, 100, 0, List.of(), new Costs(new WireSize(180 + name.length(), 400), null, null));
    }

    /** The record of a closed-loop run of {@code pair} that started at {@code date}. */
    public static JSONObject run(String pair, String serialization, Instant date, int threads, List<CaseResult> cases) {
        Map<String, Object> identity = new LinkedHashMap<>();
        identity.put("module", pair + "-client");
        identity.put("binding", pair);
        identity.put("target", "127.0.0.1:20880");
        identity.put("loop", "closed-loop");
        Map<String, Object> jmh = new LinkedHashMap<>();
        jmh.put("mode", "thrpt");
        jmh.put("threads", threads);
        jmh.put("forks", 1);
        jmh.put("warmupIterations", 2);
        jmh.put("warmupTime", "5 s");
        jmh.put("measurementIterations", 4);
        jmh.put("measurementTime", "5 s");
        Map<String, Object> env = new LinkedHashMap<>();
        env.put("jdk", "17.0.15");
        env.put("cpuModel", "Test CPU");
        env.put("cores", 2);
        env.put("hostname", "bench-host");
        env.put("gitCommit", "0123456789abcdef0123456789abcdef01234567");
        env.put("date", date.toString());
        JSONObject record = RunRecord.build(identity, Map.of("framework", "Apache Dubbo", "protocol", "dubbo",
                "serialization", serialization, "frameworkVersion", "3.3.6"), jmh, env, new ArrayList<>(cases), List.of());
        // CPU as the meters report it, which a test cannot make happen on demand
        record.getJSONArray("cases").forEach(c -> ((JSONObject) c).put("cpuAndGc", JSONObject.of(
                "server", JSONObject.of("cpuPercentOfCore", 61.5), "client", JSONObject.of("cpuPercentOfCore", 98.25))));
        return record;
    }
}
