package org.rpcbench.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
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

    static final org.rpcbench.cases.CaseGroup SCENE = org.rpcbench.cases.CaseGroup.STABILITY;

    /** Seed 003's stability scene as a soak records it: the three cases at once, 7, 7 and 6 of 20 callers. */
    static RunRecord scene(double[] text, double[] person, double[] persons) {
        RunRecord r = Runs.run("dubbo-hessian", "hessian2", List.of(rename(record(900, text).cases().get(0), "echo5K"),
                rename(record(900, person).cases().get(0), "echoPojo"), rename(record(900, persons).cases().get(0), "echoPersons")));
        return Runs.with(r, new org.rpcbench.record.LoadSettings(r.jmh().harness(), r.jmh().jmhVersion(), r.jmh().mode(), 20, 1,
                r.jmh().warmupIterations(), r.jmh().warmupTime(), r.jmh().measurementIterations(), r.jmh().measurementTime(), null, List.of(),
                null, null, null, null, null, Map.of("echo5K", 7, "echoPersons", 6, "echoPojo", 7)));
    }

    static double[] times(double[] scores, double factor) {
        return Arrays.stream(scores).map(x -> x * factor).toArray();
    }

    @Test
    void eachCallsDriftIsItsOwnNeverComparedWithTheOthers() {
        // a 5 KB string at 100 ops/s, a person at 50 and the map at 20, at once: three steady calls, no drift in any
        SoakVerdict.GcLog steady = SoakVerdict.parseGc(gcLog(50, 20, 0, 0));
        RunRecord soak = scene(STEADY, times(STEADY, 0.5), times(STEADY, 0.2));
        List<SoakVerdict.Finding> findings = SoakVerdict.judge(soak, SCENE, steady, steady);
        assertThat(findings).allMatch(SoakVerdict.Finding::ok);
        assertThat(findings).extracting(SoakVerdict.Finding::what).containsSubsequence("calls at once", "answered right", "errors",
                "throughput drift (echo5K)", "throughput drift (echoPojo)", "throughput drift (echoPersons)");
        assertThat(findings.get(0).seen()).isEqualTo("echo5K 7, echoPojo 7, echoPersons 6 of 20 callers");
        RunRecord dropping = scene(STEADY, times(STEADY, 0.5), times(DROPPING, 0.2));
        assertThat(SoakVerdict.judge(dropping, SCENE, steady, steady)).filteredOn(f -> !f.ok()).extracting(SoakVerdict.Finding::what)
                .containsExactly("throughput drift (echoPersons)");
    }

    @Test
    void aSceneRunOneAfterAnotherOrWithACallMissingFails() {
        SoakVerdict.GcLog steady = SoakVerdict.parseGc(gcLog(50, 20, 0, 0));
        RunRecord soak = scene(STEADY, STEADY, STEADY);
        RunRecord sequential = Runs.with(soak, soak.jmh().withCallersAtOnce(null));
        assertThat(SoakVerdict.judge(sequential, SCENE, steady, steady)).filteredOn(f -> !f.ok()).singleElement()
                .satisfies(f -> assertThat(f.seen()).startsWith("the record says its cases ran one after another"));
        RunRecord twoOfThree = Runs.with(Runs.run("dubbo-hessian", "hessian2", soak.cases().subList(0, 2)), soak.jmh());
        assertThat(SoakVerdict.judge(twoOfThree, SCENE, steady, steady)).filteredOn(f -> !f.ok()).extracting(SoakVerdict.Finding::seen)
                .containsExactly("echo5K 1000, echoPojo 1000, echoPersons missing calls measured");
        RunRecord otherCallers = Runs.with(soak, soak.jmh().withCallersAtOnce(Map.of("echo5K", 7, "echoPojo", 7, "echoPersons", 5)));
        assertThat(SoakVerdict.judge(otherCallers, SCENE, steady, steady)).filteredOn(f -> !f.ok()).extracting(SoakVerdict.Finding::what)
                .containsExactly("calls at once");
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

    @Test
    void thePressureScenesSwitchedStringIsAnsweredOverTheSizesDrawn() {
        SoakVerdict.GcLog steady = SoakVerdict.parseGc(gcLog(50, 20, 0, 0));
        RunRecord stability = scene(STEADY, STEADY, STEADY);
        List<CaseRecord> cases = List.of(rename(stability.cases().get(0), "echo20B"), rename(stability.cases().get(0), "echo200K"),
                stability.cases().get(1), stability.cases().get(2));
        RunRecord pressure = Runs.with(Runs.run("dubbo-hessian", "hessian2", cases),
                stability.jmh().withCallersAtOnce(Map.of("echoSwitched", 7, "echoPersons", 6, "echoPojo", 7)));
        List<SoakVerdict.Finding> findings = SoakVerdict.judge(pressure, org.rpcbench.cases.CaseGroup.PRESSURE, steady, steady);
        assertThat(findings).allMatch(SoakVerdict.Finding::ok);
        // a size's calls/s follows the intervals it was drawn for: no drift of it is judged
        assertThat(findings).extracting(SoakVerdict.Finding::what).doesNotContain("throughput drift (echo20B)", "throughput drift (echo200K)")
                .contains("throughput drift (echoPojo)", "throughput drift (echoPersons)");
        // nor of the calls beside it: they share the cores with whichever size is in force
        assertThat(findings).filteredOn(f -> f.what().startsWith("throughput drift")).extracting(SoakVerdict.Finding::seen)
                .allMatch(seen -> seen.startsWith("not judged: ") && seen.endsWith("(echo20B, echo200K)"));
        List<CaseRecord> tenfold = List.of(cases.get(0), cases.get(1), scene(STEADY, times(DROPPING, 10), STEADY).cases().get(1),
                cases.get(3));
        RunRecord jumping = Runs.with(Runs.run("dubbo-hessian", "hessian2", tenfold), pressure.jmh());
        assertThat(SoakVerdict.judge(jumping, org.rpcbench.cases.CaseGroup.PRESSURE, steady, steady)).allMatch(SoakVerdict.Finding::ok);
        assertThat(findings.get(0).seen()).isEqualTo("echoSwitched 7, echoPojo 7, echoPersons 6 of 20 callers");
        assertThat(findings.get(1).seen()).isEqualTo("echoSwitched 2000 (echo20B 1000, echo200K 1000), echoPojo 1000, echoPersons 1000 calls"
                + " measured");
        RunRecord noString = Runs.with(Runs.run("dubbo-hessian", "hessian2", cases.subList(2, 4)), pressure.jmh());
        assertThat(SoakVerdict.judge(noString, org.rpcbench.cases.CaseGroup.PRESSURE, steady, steady)).filteredOn(f -> !f.ok())
                .extracting(SoakVerdict.Finding::what).containsExactly("answered right");
        // the stability scene's record is not the pressure scene's
        assertThat(SoakVerdict.judge(stability, org.rpcbench.cases.CaseGroup.PRESSURE, steady, steady)).filteredOn(f -> !f.ok())
                .extracting(SoakVerdict.Finding::what).containsExactly("calls at once", "answered right");
    }
}
