package org.rpcbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.alibaba.fastjson2.JSONObject;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SweepTableTest {
    final Latency latency = new Latency(0.5, 1, 2, 3, 4, 4.5, 5, 1.5, 100);

    JSONObject closed(int threads, double ops, long calls, long errors) {
        return closed("dubbo-hessian", threads, ops, calls, errors);
    }

    JSONObject closed(String pair, int threads, double ops, long calls, long errors) {
        Map<String, Object> jmh = new LinkedHashMap<>();
        jmh.put("threads", threads);
        CaseResult c = new CaseResult("getUser", ops, 0, List.of(new double[] {ops}), latency, calls, errors, 0, 0, List.of(),
                Costs.NONE);
        JSONObject r = RunRecord.build(Map.of("binding", pair, "loop", "closed-loop"), Map.of(), jmh, Map.of(),
                List.of(c), List.of());
        return r;
    }

    @Test
    void oneRowPerCaseAndConcurrencyWithTheSuccessRate() {
        String table = SweepTable.render(List.of(closed(100, 20000.5, 1000, 0), closed(500, 15000, 990, 10)));
        assertThat(table).contains("concurrency sweep of dubbo-hessian");
        assertThat(table.lines().filter(l -> l.startsWith("getUser")).toList()).containsExactly(
                "getUser             100      20000.5     1.500     1.000     0.500     5.000     3.000      100%       0",
                "getUser             500      14850.0     1.500     1.000     0.500     5.000     3.000    99.00%      10");
    }

    @Test
    void oneFailedCallInAMillionIsNotShownAsAHundredPercent() {
        assertThat(SweepTable.percent(999_999, 1)).isEqualTo("99.9999%");
        assertThat(SweepTable.percent(470_798, 1)).isEqualTo("99.9998%");
        assertThat(SweepTable.percent(5, 0)).isEqualTo("100%");
        assertThat(SweepTable.percent(0, 0)).isEqualTo("n/a");
    }

    @Test
    void anOpenLoopSweepShowsTheAchievedRateAndSaysHowItWasTimed() {
        OpenLoopResult c = new OpenLoopResult("listUser", 1000, 998, latency, latency, 100, 0, 0, 0, 0, List.of(), Costs.NONE);
        JSONObject r = RunRecord.buildOpenLoop(Map.of("binding", "grpc-protobuf", "loop", "open-loop"), Map.of(),
                Map.of("senders", 64), Map.of(), List.of(c));
        String table = SweepTable.render(List.of(r));
        assertThat(table).contains("timed from when each call was due");
        assertThat(table).contains("listUser             64        998.0");
    }

    @Test
    void aSuiteOfSeveralPairsNamesThePairOnEveryRowGroupedByPair() {
        List<JSONObject> records = List.of(closed("grpc-protobuf", 100, 9000, 900, 0), closed("thrift", 100, 30000, 3000, 0),
                closed("grpc-protobuf", 500, 8000, 800, 2));
        String table = SweepTable.render(records);
        assertThat(table).contains("concurrency sweep of grpc-protobuf, thrift");
        assertThat(table.lines().filter(l -> l.contains("getUser")).map(l -> l.split(" +")[0] + " " + l.split(" +")[2]))
                .containsExactly("grpc-protobuf 100", "grpc-protobuf 500", "thrift 100");
        String md = SweepTable.markdown(records);
        assertThat(md).contains("| pair | case | concurrency | throughput |");
        // 2 of 800 calls failed: the throughput counts the 798 answered
        assertThat(md).contains("| grpc-protobuf | getUser | 500 | 7980.0 |").contains("| 99.75% | 2 |");
    }

    @Test
    void callsThatFailFastAreNotThroughput() {
        // a broken connection fails calls in microseconds: JMH counts them as operations
        String table = SweepTable.render(List.of(closed(500, 150_000, 1_000, 99_000)));
        assertThat(table.lines().filter(l -> l.startsWith("getUser")).findFirst().orElseThrow())
                .contains("  1500.0 ").contains("1.00%");
    }
}
