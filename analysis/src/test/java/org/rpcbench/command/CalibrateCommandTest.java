package org.rpcbench.command;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rpcbench.record.CaseRecord;
import org.rpcbench.record.CpuAndGc;
import org.rpcbench.record.Json;
import org.rpcbench.record.PerCall;
import org.rpcbench.record.RunRecord;
import org.rpcbench.report.Runs;
import org.rpcbench.runs.ArmPair;
import org.rpcbench.runs.Interleaved;

class CalibrateCommandTest {
    @TempDir
    Path dir;

    static final List<String> COSTS = List.of("plus-5-percent", "plus-10-percent");

    /** {@code n} rounds of the four arms: getUser at 20 µs a call, listUser at 60, each run 3 % off, the costs adding 5 and 10 %. */
    static List<Interleaved.Round> rounds(int n) {
        return rounds(n, List.of());
    }

    /** The same, each round's costs going into the cases {@code rotation} names for it (empty: every case). */
    static List<Interleaved.Round> rounds(int n, List<List<String>> rotation) {
        Random noise = new Random(3);
        List<Interleaved.Round> rounds = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
            Map<ArmPair, RunRecord> records = new LinkedHashMap<>();
            for (String arm : List.of(CalibrateCommand.ZERO, CalibrateCommand.ZERO_AGAIN, COSTS.get(0), COSTS.get(1))) {
                double cost = arm.equals(COSTS.get(0)) ? 1.05 : arm.equals(COSTS.get(1)) ? 1.10 : 1;
                double run = Math.exp(0.03 * noise.nextGaussian());
                List<CaseRecord> cases = new ArrayList<>();
                for (var c : Map.of("getUser", 20.0, "listUser", 60.0).entrySet().stream().sorted(Map.Entry.comparingByKey()).toList()) {
                    CaseRecord base = Runs.closedCase(c.getKey(), 30000, 2);
                    boolean carries = rotation.isEmpty() || rotation.get((i - 1) % rotation.size()).contains(c.getKey());
                    cases.add(new CaseRecord(base.name(), base.opsPerSecond(), base.opsError(), base.iterationScores(), base.answeredPerSecond(),
                            base.latencyMs(), null, base.calls(), 0, 0, 0, List.of(), false, null, CpuAndGc.NONE,
                            new PerCall(c.getValue() * (carries ? cost : 1) * run, 15, 400, 300), List.of(), null, null, null, null, null, null));
                }
                records.put(new ArmPair(arm, "dubbo-hessian"), Runs.run("dubbo-hessian", "hessian2", cases));
            }
            rounds.add(new Interleaved.Round(i, records, List.of(), 60));
        }
        return rounds;
    }

    @Test
    void theReportSaysWhatItJudgedAndStoresItsResultLine() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int exit = CalibrateCommand.report(rounds(8), "dubbo-hessian", COSTS, Map.of("getUser", 20.0, "listUser", 60.0), List.of(), 4, 200, 0.05, 900,
                dir, new PrintStream(out, true, StandardCharsets.UTF_8));
        String text = out.toString(StandardCharsets.UTF_8);
        assertThat(exit).as(text).isZero();
        assertThat(text).contains("budgets: all 70 distinct budgets of 4 of the 8 rounds")
                .contains("2 disjoint budgets of consecutive rounds")
                .contains("over the 4 tests of the primary family (2.27 % a server CPU test, by its weight)")
                .containsPattern("\\+10 % +getUser +[-+][0-9.]+ % \\[[-+][0-9.]+ %, [-+][0-9.]+ %\\] +[0-9.]+ % \\[[0-9.]+ %, [0-9.]+ %\\] +[0-9]+ of 70 +[0-2] of 2 \\[")
                .containsPattern("(?m)^this machine, this pair: 10 % seen with probability [0-9.]+ % \\[[0-9.]+ %, [0-9.]+ %\\] in 15 minutes;"
                        + " false alarms [0-9.]+ % \\[[0-9.]+ %, [0-9.]+ %\\]$");
        List<String> stored = Files.readAllLines(dir.resolve("calibrate.txt"));
        assertThat(stored.get(stored.size() - 1)).startsWith("this machine, this pair: 10 % seen with probability");
        JsonNode json = Json.MAPPER.readTree(dir.resolve(CalibrateCommand.RESULT).toFile());
        assertThat(json.get("resampled").asInt()).isEqualTo(70);
        assertThat(json.get("disjoint").asInt()).isEqualTo(2);
        assertThat(json.get("falseAlarms").get("of").asInt()).isEqualTo(2);
        assertThat(json.get("least").get(1).get("share").asDouble()).isEqualTo(0.10);
        assertThat(json.get("least").get(1).get("model").get("probability").asDouble()).isBetween(0.0, 1.0);
        assertThat(json.get("line").asText()).isEqualTo(stored.get(stored.size() - 1));
    }

    @Test
    void aRunSetAsideByTheWarmUpRuleIsShownAndLeftOutNeverAFailure() {
        List<Interleaved.Round> rounds = new ArrayList<>(rounds(8));
        Interleaved.Round third = rounds.get(2);
        Map<ArmPair, RunRecord> kept = new LinkedHashMap<>(third.records());
        kept.remove(new ArmPair(COSTS.get(1), "dubbo-hessian"));
        rounds.set(2, new Interleaved.Round(3, kept, List.of(), 60, List.of(new Interleaved.SetAside(COSTS.get(1), "dubbo-hessian",
                "its JITs were not quiet within the warm-up bound of 21 s (getUser: 21.0 s)"))));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int exit = CalibrateCommand.report(rounds, "dubbo-hessian", COSTS, Map.of("getUser", 20.0, "listUser", 60.0), List.of(), 4, 200, 0.05, 900,
                dir, new PrintStream(out, true, StandardCharsets.UTF_8));
        String text = out.toString(StandardCharsets.UTF_8);
        assertThat(exit).as(text).isZero();
        assertThat(text).contains("1 run(s) set aside by the warm-up rule").contains("  round 3, plus-10-percent dubbo-hessian: its JITs were"
                + " not quiet within the warm-up bound of 21 s").doesNotContain("FAILED");
    }

    @Test
    void tooFewRoundsSayNothingAndFail() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertThat(CalibrateCommand.report(rounds(2), "dubbo-hessian", COSTS, Map.of("getUser", 20.0), List.of(), 4, 200, 0.05, 900, dir,
                new PrintStream(out, true, StandardCharsets.UTF_8))).isEqualTo(1);
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("too few rounds to say anything (2; it needs 3)");
    }

    @Test
    void theCostsAreEachCasesShareOfItsServerCpuByMethod() {
        Map<String, Double> micros = new LinkedHashMap<>();
        micros.put("getUser", 20.0);
        micros.put("listUser", 60.0);
        micros.put("echo1K", 10.0);
        micros.put("echo50K", 90.0);
        assertThat(CalibrateCommand.spin(micros, 0.10)).isEqualTo("getUser:2000,listUser:6000,echo:1000");
    }

    @Test
    void everyCaseSpinsInTheContractMethodItCalls() {
        for (org.rpcbench.cases.Case c : org.rpcbench.cases.Case.values()) {
            assertThat(CalibrateCommand.method(c.method())).as(c.method()).isEqualTo(c.operation().method());
        }
        assertThat(CalibrateCommand.method("echo20B")).isEqualTo("echo");
        assertThat(CalibrateCommand.method("echo5K")).isEqualTo("echo");
        assertThat(CalibrateCommand.method("echoPersons")).isEqualTo("echoPersons");
        assertThat(CalibrateCommand.method("say")).isEqualTo("say");
    }

    /** Each round's costs in one case, in turn: a case's cost is measured and judged on the rounds that carried it. */
    @Test
    void eachCostIsJudgedOnTheRoundsWhoseCostWentIntoItsCase() throws Exception {
        List<List<String>> rotation = List.of(List.of("listUser"), List.of("getUser"));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int exit = CalibrateCommand.report(rounds(8, rotation), "dubbo-hessian", COSTS, Map.of("getUser", 20.0, "listUser", 60.0), rotation,
                4, 200, 0.05, 900, dir, new PrintStream(out, true, StandardCharsets.UTF_8));
        String text = out.toString(StandardCharsets.UTF_8);
        assertThat(exit).as(text).isZero();
        assertThat(text).contains("each round's costs went into one case, in turn (listUser, getUser, from round 1)")
                // four rounds carried each case's cost: one budget of an ab's 4 rounds, one disjoint
                .containsPattern("\\+10 % +getUser +\\+[0-9.]+ % \\[[-+][0-9.]+ %, [-+][0-9.]+ %\\] +[0-9.]+ % \\[[0-9.]+ %, [0-9.]+ %\\] +[01] of 1 +[01] of 1 \\[");
        JsonNode json = Json.MAPPER.readTree(dir.resolve(CalibrateCommand.RESULT).toFile());
        for (JsonNode seen : json.get("seen")) {
            assertThat(seen.get("carried").asInt()).isEqualTo(4);
            assertThat(seen.get("budgets").asInt()).isEqualTo(1);
        }
        // measured on the rounds that carried its case's cost (getUser: rounds 2, 4, 6, 8), not on all eight
        List<Interleaved.Round> all = rounds(8, rotation);
        for (JsonNode seen : json.get("seen")) {
            String c = seen.get("caseName").asText();
            String arm = COSTS.get(seen.get("share").asDouble() == 0.05 ? 0 : 1);
            int first = c.equals("listUser") ? 0 : 1;
            List<Interleaved.Round> carried = List.of(all.get(first), all.get(first + 2), all.get(first + 4), all.get(first + 6));
            assertThat(seen.get("measured").asDouble()).as(seen.toString()).isEqualTo(cpuChange(carried, arm, c))
                    .isNotEqualTo(cpuChange(all, arm, c));
        }
        assertThat(json.get("plan").get("rotation").toString()).isEqualTo("[[\"listUser\"],[\"getUser\"]]");
    }

    @Test
    void theRotationTakesTheCasesByTheMethodTheyCallFromTheStartGiven() {
        Map<String, Double> micros = new LinkedHashMap<>();
        micros.put("existUser", 25.0);
        micros.put("getUser", 36.0);
        micros.put("listUser", 110.0);
        assertThat(CalibrateCommand.rotation(micros, 0)).isEqualTo(List.of(List.of("existUser"), List.of("getUser"), List.of("listUser")));
        assertThat(CalibrateCommand.rotation(micros, 4)).isEqualTo(List.of(List.of("getUser"), List.of("listUser"), List.of("existUser")));
        // the cost of one round spins its case's method alone
        assertThat(CalibrateCommand.spin(micros, 0.10, List.of("getUser"))).isEqualTo("getUser:3600");
    }

    /** The change of the case's server CPU per call, arm against no cost, over these rounds, as the verdict estimates it. */
    static double cpuChange(List<Interleaved.Round> rounds, String arm, String caseName) {
        return org.rpcbench.runs.PairedRounds.inputs(rounds, CalibrateCommand.ZERO, arm, List.of("dubbo-hessian")).stream()
                .filter(in -> in.caseName().equals(caseName) && in.metric() == org.rpcbench.analysis.Metric.SERVER_CPU).findFirst()
                .orElseThrow().estimate().ratio();
    }
}
