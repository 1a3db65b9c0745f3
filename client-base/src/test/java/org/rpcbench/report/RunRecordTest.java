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
    final Latency latency = new Latency(0.5, 1, 2, 3, 4, 4.5, 5, 1.5, 100);

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
        return new CaseResult("getUser", 1234.5, 10.0, List.of(new double[] {1200, 1250}), latency, 100, errors, 50, 0, List.of(), Costs.NONE);
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
        assertThat(c.getJSONObject("latencyMs").getDoubleValue("p99.99")).isEqualTo(4.5);
        assertThat(c.getJSONObject("latencyMs").getDoubleValue("min")).isEqualTo(0.5);
        assertThat(c.getBooleanValue("stillClimbing")).isFalse();
        assertThat(back.getString("binding")).isEqualTo("dubbo-hessian");
    }

    @Test
    void costsAreRecordedPerCaseAndUnknownPartsAreNull() {
        ResourceUse client = new ResourceUse();
        client.add(new ProcessReading(0, 0, 10, 0, 0), new ProcessReading(2_000_000_000L, 1_000_000_000L, 13, 0, 6_000_000));
        CaseResult withCosts = new CaseResult("getUser", 1, 0, List.of(new double[] {1}), latency, 1, 0, 0, 0, List.of(),
                new Costs(new WireSize(120, 480.5), client, null));
        JSONObject c = RunRecord.build(Map.of(), framework, jmh(32), env("d"), List.of(withCosts), List.of())
                .getJSONArray("cases").getJSONObject(0);
        assertThat(c.getJSONObject("wireBytes").getDoubleValue("request")).isEqualTo(120);
        assertThat(c.getJSONObject("wireBytes").getDoubleValue("response")).isEqualTo(480.5);
        JSONObject clientUse = c.getJSONObject("cpuAndGc").getJSONObject("client");
        assertThat(clientUse.getDoubleValue("cpuPercentOfCore")).isEqualTo(50.0);
        assertThat(clientUse.getLongValue("gcCount")).isEqualTo(3);
        assertThat(clientUse.getDoubleValue("gcPauseMs")).isEqualTo(6.0);
        assertThat(c.getJSONObject("cpuAndGc").get("server")).isNull();

        String table = CostsTable.render(List.of(withCosts), CaseResult::name, CaseResult::costs);
        assertThat(table).contains("getUser").contains("120").contains("481").contains("3 / 6.0").contains("n/a");
    }

    @Test
    void anOpenLoopRecordKeepsBothLatenciesAndFlagsAMissedRate() {
        OpenLoopResult kept = new OpenLoopResult("getUser", 1000, 999.5, latency, new Latency(0.5, 1, 1, 1, 1, 1, 1, 1, 100),
                100, 0, 10, 0, 0, List.of(), Costs.NONE);
        OpenLoopResult missed = new OpenLoopResult("listUser", 1000, 700, latency, latency, 70, 0, 10, 0, 300, List.of(),
                Costs.NONE);
        assertThat(kept.missedTarget()).isFalse();
        assertThat(missed.missedTarget()).isTrue();
        JSONObject record = RunRecord.buildOpenLoop(Map.of("loop", "open-loop"), framework, Map.of("targetRate", 1000),
                env("d"), List.of(kept, missed));
        assertThat(record.getBooleanValue("passed")).isTrue();
        assertThat(record.getJSONObject("openLoop").getIntValue("targetRate")).isEqualTo(1000);
        JSONObject c = record.getJSONArray("cases").getJSONObject(1);
        assertThat(c.getBooleanValue("missedTarget")).isTrue();
        assertThat(c.getLongValue("unsent")).isEqualTo(300);
        JSONObject first = record.getJSONArray("cases").getJSONObject(0);
        assertThat(first.getJSONObject("latencyMs").getDoubleValue("p99")).isEqualTo(3.0);
        assertThat(first.getJSONObject("uncorrectedLatencyMs").getDoubleValue("p99")).isEqualTo(1.0);
        assertThat(OpenLoopTable.render("t", List.of(kept, missed))).contains("MISSED TARGET: 300 calls never sent")
                .contains("999.5");
        OpenLoopResult failed = new OpenLoopResult("getUser", 10, 10, latency, latency, 9, 1, 0, 0, 0, List.of("x"), Costs.NONE);
        assertThat(RunRecord.buildOpenLoop(Map.of(), framework, Map.of(), env("d"), List.of(failed)).getBooleanValue("passed"))
                .isFalse();
    }

    @Test
    void theSummaryShowsFailuresAndMissingCases() {
        String table = SummaryTable.render("t", List.of(result(0),
                new CaseResult("listUser", 10, Double.NaN, List.of(new double[] {10}), latency, 5, 2, 0, 0, List.of("wrong answer: x"), Costs.NONE)),
                List.of("existUser"));
        assertThat(table).contains("getUser").contains("1234.5").contains("± 10.0")
                .contains("FAILED: wrong answer: x").contains("existUser   FAILED: no result");
    }
}
