package org.rpcbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.alibaba.fastjson2.JSONObject;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SuiteTableTest {
    final Latency latency = new Latency(0.5, 1, 2, 3.25, 4, 4.5, 5, 1.5, 100);

    JSONObject record(String serialization, long errors) {
        List<CaseResult> cases = List.of(
                new CaseResult("existUser", 31670.4, 10, List.of(new double[] {1}), latency, 100, 0, 0, 0, List.of(), Costs.NONE),
                new CaseResult("listUser", 17235, 10, List.of(new double[] {1}), latency, 100, errors, 0, 0, List.of(),
                        new Costs(new WireSize(20, 4000), null, null)));
        return RunRecord.build(Map.of("binding", "x"), Map.of("protocol", "dubbo", "serialization", serialization + " (v1)",
                "frameworkVersion", "3.3.6"), Map.of(), Map.of(), cases, List.of());
    }

    @Test
    void oneRowPerPairWithThroughputAndP99PerCaseAndFailuresShown() {
        List<SuiteTable.Entry> entries = List.of(new SuiteTable.Entry("dubbo-kryo", record("kryo", 0)),
                new SuiteTable.Entry("dubbo-fst", record("fst", 3)), new SuiteTable.Entry("dubbo-hessian", null));
        List<String> cases = List.of("existUser", "listUser");
        String text = SuiteTable.text("seed 001", entries, cases);
        assertThat(text.lines().toList()).contains(
                "pair                                 existUser           listUser",
                "dubbo-kryo (dubbo + kryo, 3.3.6)  31670 (3.25)       17235 (3.25)",
                "dubbo-fst (dubbo + fst, 3.3.6)    31670 (3.25)  FAILED (3 errors)");
        assertThat(text.lines().filter(l -> l.startsWith("dubbo-hessian")).findFirst().orElseThrow())
                .contains("no result");

        String md = SuiteTable.markdown("seed 001", entries, cases);
        assertThat(md).contains("| pair | existUser | listUser |").contains("|---|---:|---:|")
                .contains("| dubbo-kryo (dubbo + kryo, 3.3.6) | 31670 (3.25) | 17235 (3.25) |");

        String csv = SuiteTable.csv(entries);
        assertThat(csv.lines().toList()).contains(
                "dubbo-kryo,dubbo,kryo (v1),3.3.6,listUser,17235.0,10.0,1.0,3.25,4.0,100,0,20.0,4000.0,,,true",
                "dubbo-hessian,,,,,,,,,,,,,,,,false");
    }
}
