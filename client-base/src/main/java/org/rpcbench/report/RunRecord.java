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
        JSONObject record = new JSONObject();
        record.put("format", FORMAT);
        record.putAll(identity);
        record.put("passed", missing.isEmpty() && cases.stream().noneMatch(CaseResult::failed));
        record.put("framework", new TreeMap<>(framework));
        record.put("jmh", jmh);
        record.put("environment", environment);
        record.put("settingsHash", hash(framework, jmh, environment));
        JSONArray list = new JSONArray();
        for (CaseResult c : cases) {
            JSONObject j = new JSONObject();
            j.put("name", c.name());
            j.put("opsPerSecond", c.opsPerSecond());
            j.put("opsError", Double.isNaN(c.opsError()) ? null : c.opsError());
            j.put("iterationScores", c.iterationScores());
            Latency l = c.latency();
            JSONObject ms = new JSONObject();
            ms.put("p50", l.p50());
            ms.put("p90", l.p90());
            ms.put("p99", l.p99());
            ms.put("p99.9", l.p999());
            ms.put("max", l.max());
            ms.put("mean", l.mean());
            ms.put("samples", l.count());
            j.put("latencyMs", ms);
            j.put("calls", c.calls());
            j.put("errors", c.errors());
            j.put("warmupCalls", c.warmupCalls());
            j.put("warmupErrors", c.warmupErrors());
            j.put("problems", c.problems());
            j.put("stillClimbing", c.stillClimbing());
            list.add(j);
        }
        record.put("cases", list);
        record.put("missingCases", missing);
        return record;
    }

    static String hash(Map<String, String> framework, Map<String, Object> jmh, Map<String, Object> environment) {
        JSONObject comparable = new JSONObject();
        comparable.put("framework", new TreeMap<>(framework));
        comparable.put("jmh", new TreeMap<>(jmh));
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
