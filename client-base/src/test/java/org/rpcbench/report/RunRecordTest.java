package org.rpcbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.alibaba.fastjson2.JSON;
import com.alibaba.fastjson2.JSONObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunRecordTest {
    final Map<String, String> framework = Map.of("protocol", "dubbo", "serialization", "hessian2");
    final Latency latency = new Latency(1, 2, 3, 4, 5, 1.5, 100);

    Map<String, Object> jmh(int threads) {
        Map<String, Object> jmh = new LinkedHashMap<>();
        jmh.put("threads", threads);
        jmh.put("forks", 1);
        return jmh;
    }

    Map<String, Object> env(String date) {
        return Map.of("jdk", "17", "cpuModel", "cpu", "cores", 2, "date", date, "gitCommit", date);
    }

    CaseResult result(long errors) {
        return new CaseResult("getUser", 1234.5, 10.0, List.of(new double[] {1200, 1250}), latency, 100, errors, 50, 0, List.of());
    }

    @Test
    void theHashIgnoresWhenAndAtWhichCommitButNotWhatWasMeasured() {
        String a = RunRecord.hash(framework, jmh(32), env("2026-01-01"));
        assertThat(RunRecord.hash(framework, jmh(32), env("2026-02-02"))).isEqualTo(a);
        assertThat(RunRecord.hash(framework, jmh(64), env("2026-01-01"))).isNotEqualTo(a);
        assertThat(RunRecord.hash(Map.of("protocol", "dubbo", "serialization", "kryo"), jmh(32), env("2026-01-01"))).isNotEqualTo(a);
    }

    @Test
    void aRunPassesOnlyWithEveryCaseAndNoError(@TempDir Path dir) throws Exception {
        assertThat(RunRecord.build(Map.of(), framework, jmh(32), env("d"), List.of(result(0)), List.of()).getBooleanValue("passed")).isTrue();
        assertThat(RunRecord.build(Map.of(), framework, jmh(32), env("d"), List.of(result(1)), List.of()).getBooleanValue("passed")).isFalse();
        assertThat(RunRecord.build(Map.of(), framework, jmh(32), env("d"), List.of(result(0)), List.of("listUser")).getBooleanValue("passed")).isFalse();

        JSONObject record = RunRecord.build(Map.of("binding", "dubbo-hessian"), framework, jmh(32), env("d"), List.of(result(0)), List.of());
        RunRecord.write(record, dir.resolve("run.json"));
        JSONObject back = JSON.parseObject(Files.readString(dir.resolve("run.json")));
        JSONObject c = back.getJSONArray("cases").getJSONObject(0);
        assertThat(c.getDoubleValue("opsPerSecond")).isEqualTo(1234.5);
        assertThat(c.getJSONObject("latencyMs").getDoubleValue("p99.9")).isEqualTo(4.0);
        assertThat(c.getBooleanValue("stillClimbing")).isFalse();
        assertThat(back.getString("binding")).isEqualTo("dubbo-hessian");
    }

    @Test
    void theSummaryShowsFailuresAndMissingCases() {
        String table = SummaryTable.render("t", List.of(result(0),
                new CaseResult("listUser", 10, Double.NaN, List.of(new double[] {10}), latency, 5, 2, 0, 0, List.of("wrong answer: x"))),
                List.of("existUser"));
        assertThat(table).contains("getUser").contains("1234.5").contains("± 10.0")
                .contains("FAILED: wrong answer: x").contains("existUser   FAILED: no result");
    }
}
