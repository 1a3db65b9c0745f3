package org.rpcbench.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.alibaba.fastjson2.JSONObject;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rpcbench.binding.Exchange;
import org.rpcbench.report.CaseResult;
import org.rpcbench.report.Costs;
import org.rpcbench.report.Latency;
import org.rpcbench.report.RunRecord;

class MergeClientsTest {
    @TempDir
    Path dir;

    /** A tally of {@code calls} calls that each took {@code millis}, the first {@code failing} of them failed. */
    static Tally tally(int calls, long millis, int failing) {
        long[] now = {0};
        boolean[] started = {false};
        // each call reads the clock as it starts and as it ends; only the end moves time on
        NanoClock clock = () -> (started[0] = !started[0]) ? now[0] : (now[0] += millis * 1_000_000);
        int[] n = {0};
        Caller caller = new Caller(new Exchange[] {Exchange.of(() -> "ok", answer -> n[0]++ < failing ? "wrong" : null)}, clock);
        for (int i = 0; i < calls; i++) {
            caller.callOnce();
        }
        Tally t = new Tally("getUser");
        t.add(caller, true);
        return t;
    }

    Path client(String name, String binding, double ops, double[] iterations, Tally tally) {
        Path out = dir.resolve(name);
        tally.write(out.resolve("tallies").resolve("getUser-1-1.json"));
        Map<String, Object> identity = new LinkedHashMap<>();
        identity.put("module", binding + "-client");
        identity.put("binding", binding);
        identity.put("target", "10.0.0.1:20880");
        identity.put("loop", "closed-loop");
        CaseResult c = new CaseResult("getUser", ops, 10, List.of(iterations), Latency.of(tally.latency()), tally.calls(),
                tally.errors(), 0, 0, tally.problems(), Costs.NONE);
        JSONObject record = RunRecord.build(identity, Map.of("protocol", "dubbo"),
                Map.of("threads", 32, "forks", 1, "measurementIterations", 2),
                Map.of("hostname", name, "jdk", "17"), List.of(c), List.of());
        try {
            RunRecord.write(record, out.resolve("run.json"));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return out;
    }

    @Test
    void throughputIsSummedAndPercentilesComeFromTheMergedHistograms() throws Exception {
        Path fast = client("host-a", "dubbo-hessian", 1000, new double[] {900, 1100}, tally(100, 1, 0));
        Path slow = client("host-b", "dubbo-hessian", 3000, new double[] {2900, 3100}, tally(100, 9, 0));

        JSONObject merged = MergeClients.merge(List.of(fast, slow));

        JSONObject c = merged.getJSONArray("cases").getJSONObject(0);
        assertThat(c.getDoubleValue("opsPerSecond")).isEqualTo(4000);
        assertThat(c.getLongValue("calls")).isEqualTo(200);
        assertThat(c.getJSONArray("iterationScores").getJSONArray(0).toJavaList(Double.class)).containsExactly(3800.0, 4200.0);
        // half the calls took 1 ms and half 9 ms: the median is 1 ms, where averaging the medians says 5
        assertThat(c.getJSONObject("latencyMs").getDoubleValue("p50")).isCloseTo(1.0, org.assertj.core.data.Offset.offset(0.01));
        assertThat(c.getJSONObject("latencyMs").getDoubleValue("p99")).isCloseTo(9.0, org.assertj.core.data.Offset.offset(0.01));
        assertThat(merged.getIntValue("clients")).isEqualTo(2);
        assertThat(merged.getJSONObject("jmh").getIntValue("threadsInAll")).isEqualTo(64);
        assertThat(merged.getJSONObject("environment").getString("hostname")).isEqualTo("host-a, host-b");
        assertThat(merged.getBooleanValue("passed")).isTrue();
    }

    @Test
    void oneClientsErrorsFailTheMergedRun() {
        Path good = client("host-a", "dubbo-hessian", 1000, new double[] {1000, 1000}, tally(50, 1, 0));
        Path bad = client("host-b", "dubbo-hessian", 1000, new double[] {1000, 1000}, tally(50, 1, 2));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int exit = MergeClients.run(new String[] {dir.resolve("merged").toString(), good.toString(), bad.toString()},
                new PrintStream(out, true), new PrintStream(new ByteArrayOutputStream(), true));
        assertThat(exit).isEqualTo(1);
        assertThat(dir.resolve("merged").resolve("run.json")).exists();
    }

    @Test
    void clientsOfDifferentPairsOrSettingsAreNotMerged() {
        Path a = client("host-a", "dubbo-hessian", 1000, new double[] {1000, 1000}, tally(10, 1, 0));
        Path b = client("host-b", "dubbo-kryo", 1000, new double[] {1000, 1000}, tally(10, 1, 0));
        assertThatThrownBy(() -> MergeClients.merge(List.of(a, b))).hasMessageContaining("differ in binding");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertThat(MergeClients.run(new String[] {dir.resolve("m").toString(), a.toString(), dir.resolve("nothing").toString()},
                new PrintStream(new ByteArrayOutputStream(), true), new PrintStream(err, true))).isEqualTo(2);
        assertThat(err.toString()).startsWith("rpc-bench merge: no run.json in");
    }
}
