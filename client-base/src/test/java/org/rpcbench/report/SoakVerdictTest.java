package org.rpcbench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.alibaba.fastjson2.JSON;
import com.alibaba.fastjson2.JSONObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SoakVerdictTest {
    final Latency latency = new Latency(0.5, 1, 2, 3, 4, 4.5, 5, 1.5, 100);

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

    JSONObject record(double... scores) {
        CaseResult c = new CaseResult("getUser", 1, 0, List.of(scores), latency, 100, 0, 0, 0, List.of(), Costs.NONE);
        // as the verdict reads it: from the file
        return JSON.parseObject(RunRecord.build(Map.of("binding", "dubbo-hessian"), Map.of(), Map.of(), Map.of(), List.of(c),
                List.of()).toJSONString());
    }

    @Test
    void aSteadyRunPasses() {
        SoakVerdict.GcLog steady = SoakVerdict.parseGc(gcLog(50, 20, 0, 0));
        assertThat(steady.youngGcs()).isEqualTo(50);
        assertThat(steady.fullGcs()).isZero();
        assertThat(steady.growthMb()).isCloseTo(0, within(0.01));
        assertThat(steady.pauseMs()).isCloseTo(50 * 2.5 + 1, within(0.01));
        List<SoakVerdict.Finding> findings = SoakVerdict.judge(record(100, 101, 99, 100, 102, 98, 100, 101, 99, 100), steady, steady);
        assertThat(findings).allMatch(SoakVerdict.Finding::ok);
        assertThat(SoakVerdict.render(record(1), findings)).endsWith("PASSED\n");
    }

    @Test
    void aRisingFloorAFullGcAndADropInThroughputEachFail() {
        // 50 collections, 6 MB more left each time: 240 MB from the first fifth to the last
        SoakVerdict.GcLog leaking = SoakVerdict.parseGc(gcLog(50, 20, 6, 0));
        assertThat(leaking.growthMb()).isCloseTo(240, within(1.0));
        SoakVerdict.GcLog fullGc = SoakVerdict.parseGc(gcLog(50, 20, 0, 1));
        assertThat(fullGc.fullGcs()).isEqualTo(1);
        List<SoakVerdict.Finding> findings = SoakVerdict.judge(record(100, 100, 100, 100, 100, 90, 85, 85, 85, 85), leaking, fullGc);
        assertThat(findings).filteredOn(f -> !f.ok()).extracting(SoakVerdict.Finding::what)
                .containsExactly("full GCs", "server heap after GC", "throughput drift");
        assertThat(SoakVerdict.render(record(1), findings)).contains("-15.0 %").endsWith("FAILED\n");
    }

    @Test
    void tooFewCollectionsAreNotJudgedButTooFewIterationsAre() {
        SoakVerdict.GcLog quiet = SoakVerdict.parseGc(gcLog(3, 20, 50, 0));
        assertThat(quiet.judgedGrowth()).isFalse();
        List<SoakVerdict.Finding> findings = SoakVerdict.judge(record(100, 100, 100), quiet, quiet);
        assertThat(findings).filteredOn(f -> !f.ok()).extracting(SoakVerdict.Finding::what).containsExactly("throughput drift");
        assertThat(findings.get(2).seen()).startsWith("not judged: 3 young collections");
    }
}
