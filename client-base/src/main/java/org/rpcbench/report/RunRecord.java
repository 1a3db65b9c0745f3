package org.rpcbench.report;

import com.alibaba.fastjson2.JSONArray;
import com.alibaba.fastjson2.JSONObject;
import com.alibaba.fastjson2.JSONWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The run record (run.json): every case's figures together with the context needed to judge whether
 * two runs are comparable. {@code settingsHash} digests everything that changes the numbers (binding
 * and framework settings, JMH settings, JVM options, JDK, CPU), but not the date or the commit.
 */
public final class RunRecord {
    public static final int FORMAT = 1;

    private RunRecord() {}

    public static JSONObject build(Map<String, Object> identity, Map<String, String> framework, Map<String, Object> jmh,
                                   Map<String, Object> environment, List<CaseResult> cases, List<String> missing) {
        JSONObject record = frame(identity, missing.isEmpty() && cases.stream().noneMatch(CaseResult::failed), framework,
                "jmh", jmh, environment);
        JSONArray list = new JSONArray();
        for (CaseResult c : cases) {
            JSONObject j = new JSONObject();
            j.put("name", c.name());
            j.put("opsPerSecond", c.opsPerSecond());
            j.put("opsError", Double.isNaN(c.opsError()) ? null : c.opsError());
            j.put("iterationScores", c.iterationScores());
            j.put("latencyMs", c.latency().toJson());
            j.put("calls", c.calls());
            j.put("errors", c.errors());
            j.put("warmupCalls", c.warmupCalls());
            j.put("warmupErrors", c.warmupErrors());
            j.put("problems", c.problems());
            j.put("stillClimbing", c.stillClimbing());
            c.costs().addTo(j);
            list.add(j);
        }
        record.put("cases", list);
        record.put("missingCases", missing);
        return record;
    }

    /**
     * The record of an open-loop run: its settings under {@code openLoop} instead of {@code jmh}, and per
     * case the target and achieved rates with both corrected and uncorrected latency.
     */
    public static JSONObject buildOpenLoop(Map<String, Object> identity, Map<String, String> framework,
                                           Map<String, Object> openLoop, Map<String, Object> environment,
                                           List<OpenLoopResult> cases) {
        JSONObject record = frame(identity, !cases.isEmpty() && cases.stream().noneMatch(OpenLoopResult::failed), framework,
                "openLoop", openLoop, environment);
        JSONArray list = new JSONArray();
        cases.forEach(c -> list.add(c.toJson()));
        record.put("cases", list);
        record.put("missingCases", List.of());
        return record;
    }

    private static JSONObject frame(Map<String, Object> identity, boolean passed, Map<String, String> framework,
                                    String loadKey, Map<String, Object> load, Map<String, Object> environment) {
        JSONObject record = new JSONObject();
        record.put("format", FORMAT);
        record.putAll(identity);
        record.put("passed", passed);
        record.put("framework", new TreeMap<>(framework));
        record.put(loadKey, load);
        record.put("environment", environment);
        record.put("settingsHash", hash(framework, load, environment));
        return record;
    }

    static String hash(Map<String, String> framework, Map<String, Object> load, Map<String, Object> environment) {
        JSONObject comparable = new JSONObject();
        comparable.put("framework", new TreeMap<>(framework));
        comparable.put("load", new TreeMap<>(load));
        TreeMap<String, Object> env = new TreeMap<>(environment);
        env.keySet().retainAll(List.of("jdk", "jvm", "os", "cpuModel", "cores", "cpuPinning"));
        comparable.put("environment", env);
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256")
                    .digest(comparable.toJSONString(JSONWriter.Feature.MapSortField).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    public static void write(JSONObject record, Path file) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        Files.writeString(file, record.toJSONString(JSONWriter.Feature.PrettyFormat, JSONWriter.Feature.WriteNulls)
                + "\n", StandardCharsets.UTF_8);
    }
}
