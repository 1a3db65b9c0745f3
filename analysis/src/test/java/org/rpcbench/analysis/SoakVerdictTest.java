package org.rpcbench.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.rpcbench.record.CaseRecord;
import org.rpcbench.record.CpuAndGc;
import org.rpcbench.record.ProcessUse;
import org.rpcbench.record.RunRecord;
import org.rpcbench.report.Runs;

class SoakVerdictTest {

    /** Young collections whose floor rises by {@code stepMb} each time, and {@code full} full ones. */
    static List<String> gcLog(int young, double floorMb, double stepMb, int full) {
        List<String> lines = new ArrayList<>(List.of("[0.010s][info][gc] Using G1"));
        for (int i = 0; i < young; i++) {
            lines.add(String.format("[%d.000s][info][gc] GC(%d) Pause Young (Normal) (G1 Evacuation Pause) 120M->%dM(2048M) 2.500ms",
                    i + 1, i, Math.round(floorMb + i * stepMb)));
        }
        lines.add("[99.000s][info][gc] GC(500) Pause Remark 30M->30M(2048M) 1.000ms");
        for (int i = 0; i < full; i++) {
            lines.add("[100.000s][info][gc] GC(501) Pause Full (G1 Compaction Pause) 1G->512M(2048M) 300.000ms");
        }
        return lines;
    }

    /** A soak's record: these iteration scores over {@code seconds} of measurement in all. */
    static RunRecord record(double seconds, double... scores) {
        CaseRecord c = Runs.closedCase("getUser", 100, 2);
        CaseRecord soak = new CaseRecord(c.name(), c.opsPerSecond(), c.opsError(),
                List.of(Arrays.stream(scores).boxed().toList()), c.answeredPerSecond(), c.latencyMs(), null, c.calls(), 0, 0, 0,
                List.of(), false, null, new CpuAndGc(new ProcessUse(90, 1L, 0L, 1, seconds), null), c.perCall(), List.of(), null,
                null, null, null, null, null);
        return Runs.run("dubbo-hessian", "hessian2", List.of(soak));
    }

    static final double[] STEADY = {100, 101, 99, 100, 102, 98, 100, 101, 99, 100};
    static final double[] DROPPING = {100, 100, 100, 100, 100, 90, 85, 85, 85, 85};

    @Test
    void aSteadyRunPasses() {
        SoakVerdict.GcLog steady = SoakVerdict.parseGc(gcLog(50, 20, 0, 0));
        assertThat(steady.youngGcs()).isEqualTo(50);
        assertThat(steady.fullGcs()).isZero();
        assertThat(steady.growthMb()).isCloseTo(0, within(0.01));
        assertThat(steady.pauseMs()).isCloseTo(50 * 2.5 + 1, within(0.01));
        List<SoakVerdict.Finding> findings = SoakVerdict.judge(record(1800, STEADY), steady, steady);
        assertThat(findings).allMatch(SoakVerdict.Finding::ok);
        assertThat(SoakVerdict.render(record(1800, STEADY), findings)).endsWith("PASSED\n");
    }

    @Test
    void aRisingFloorAFullGcAndADropInThroughputEachFail() {
        // 50 collections, 6 MB more left each time: 240 MB from the first fifth to the last
        SoakVerdict.GcLog leaking = SoakVerdict.parseGc(gcLog(50, 20, 6, 0));
        assertThat(leaking.growthMb()).isCloseTo(240, within(1.0));
        SoakVerdict.GcLog fullGc = SoakVerdict.parseGc(gcLog(50, 20, 0, 1));
        assertThat(fullGc.fullGcs()).isEqualTo(1);
        List<SoakVerdict.Finding> findings = SoakVerdict.judge(record(1800, DROPPING), leaking, fullGc);
        assertThat(findings).filteredOn(f -> !f.ok()).extracting(SoakVerdict.Finding::what)
                .containsExactly("full GCs", "server heap after GC", "throughput drift");
        assertThat(SoakVerdict.render(record(1800, DROPPING), findings)).contains("-15.0 %").endsWith("FAILED\n");
    }

    @Test
    void aShortSoakDoesNotJudgeDriftAndSaysSo() {
        SoakVerdict.GcLog steady = SoakVerdict.parseGc(gcLog(50, 20, 0, 0));
        List<SoakVerdict.Finding> findings = SoakVerdict.judge(record(60, DROPPING), steady, steady);
        assertThat(findings).allMatch(SoakVerdict.Finding::ok);
        assertThat(findings.get(4).seen()).startsWith("not judged: 60 s measured");
    }

    @Test
    void eachPayloadsDriftIsItsOwnNotTheStepBetweenPayloads() {
        // a 5 KB string at 100 ops/s, then a person at 50: two steady cases, no drift in either
        CaseRecord text = record(900, STEADY).cases().get(0);
        CaseRecord person = record(900, Arrays.stream(STEADY).map(x -> x / 2).toArray()).cases().get(0);
        RunRecord soak = Runs.run("dubbo-hessian", "hessian2", List.of(rename(text, "echo5K"), rename(person, "echoPojo")));
        SoakVerdict.GcLog steady = SoakVerdict.parseGc(gcLog(50, 20, 0, 0));
        List<SoakVerdict.Finding> findings = SoakVerdict.judge(soak, steady, steady);
        assertThat(findings).allMatch(SoakVerdict.Finding::ok);
        assertThat(findings).extracting(SoakVerdict.Finding::what).contains("throughput drift (echo5K)", "throughput drift (echoPojo)");
        RunRecord dropping = Runs.run("dubbo-hessian", "hessian2", List.of(rename(text, "echo5K"),
                rename(record(900, DROPPING).cases().get(0), "echoPojo")));
        assertThat(SoakVerdict.judge(dropping, steady, steady)).filteredOn(f -> !f.ok()).extracting(SoakVerdict.Finding::what)
                .containsExactly("throughput drift (echoPojo)");
    }

    static CaseRecord rename(CaseRecord c, String name) {
        return new CaseRecord(name, c.opsPerSecond(), c.opsError(), c.iterationScores(), c.answeredPerSecond(), c.latencyMs(), null,
                c.calls(), 0, 0, 0, List.of(), false, null, c.cpuAndGc(), c.perCall(), List.of(), null, null, null, null, null, null);
    }

    @Test
    void tooFewCollectionsAreNotJudgedButTooFewIterationsAre() {
        SoakVerdict.GcLog quiet = SoakVerdict.parseGc(gcLog(3, 20, 50, 0));
        assertThat(quiet.judgedGrowth()).isFalse();
        List<SoakVerdict.Finding> findings = SoakVerdict.judge(record(1800, 100, 100, 100), quiet, quiet);
        assertThat(findings).filteredOn(f -> !f.ok()).extracting(SoakVerdict.Finding::what).containsExactly("throughput drift");
        assertThat(findings.get(2).seen()).startsWith("not judged: 3 young collections");
    }
}
