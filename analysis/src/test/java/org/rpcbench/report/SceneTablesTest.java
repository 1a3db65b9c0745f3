package org.rpcbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rpcbench.record.Histograms;
import org.rpcbench.record.TallyFile;

/** Seed 003's scenes: all payload sizes judged together, and how a server's threads shared its CPU. */
class SceneTablesTest {
    @TempDir
    Path dir;

    static TallyFile tally(String caseName, long startedAt, int calls, long millis) {
        List<TallyFile.Window> windows = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            Histogram h = Histograms.empty();
            for (int k = 0; k < calls; k++) {
                h.recordValue(millis * 1_000_000);
            }
            windows.add(new TallyFile.Window(i, 2.0, calls, 0, null, null, Histograms.encode(h), null));
        }
        return new TallyFile(caseName, startedAt, 1, 0, 0, List.of(), windows);
    }

    @Test
    void allSizesTogetherAreEveryWindowsCallsAndOneMergedHistogram() throws Exception {
        // 1,000 calls of 1 ms a window for the small payload, 100 of 10 ms for the large one
        tally("echo1K", 1, 1000, 1).write(dir.resolve("tallies"));
        tally("echo200K", 2, 100, 10).write(dir.resolve("tallies"));
        OverallTable.Overall o = OverallTable.of(dir.resolve("tallies"));
        assertThat(o.order()).containsExactly("echo1K", "echo200K");
        assertThat(o.calls()).isEqualTo(2200);
        assertThat(o.perSecond()).isEqualTo(2200 / 8.0);
        // 200 of 2,200 calls took 10 ms: more than the slowest 1 % but less than the slowest 10 %
        assertThat(o.latency().p99()).isBetween(9.9, 10.1);
        assertThat(o.latency().p90()).isBetween(0.99, 1.01);
        Map<String, OverallTable.Overall> byPair = new LinkedHashMap<>();
        byPair.put("dubbo-hessian", o);
        assertThat(OverallTable.text(byPair)).contains("(echo1K, echo200K, in that order").containsPattern("dubbo-hessian +275\\.0 ");
    }

    @Test
    void aServersPoolsAreReadFromItsLogAndTheBusiestThreadsShareShown() throws Exception {
        Path log = dir.resolve("server.log");
        Files.writeString(log, "rpc-bench server ready: x\n"
                + "rpc-bench server threads: {\"pool\":\"DubboServerHandler-#:#-thread-#\",\"threads\":4,\"cpuSeconds\":[4.0,3.0,2.0,1.0]}\n"
                + "rpc-bench server threads: {\"pool\":\"NettyServerWorker-#-#\",\"threads\":1,\"cpuSeconds\":[5.0]}\n"
                + "rpc-bench server stopped: dubbo-hessian\n");
        List<ServerThreads.Pool> pools = ServerThreads.read(log);
        assertThat(pools).hasSize(2);
        assertThat(pools.get(0).cpuSeconds()).containsExactly(4.0, 3.0, 2.0, 1.0);
        Map<String, List<ServerThreads.Pool>> byPair = new LinkedHashMap<>();
        byPair.put("dubbo-hessian", pools);
        byPair.put("grpc-go", ServerThreads.read(dir.resolve("no-such.log")));
        String table = ServerThreads.text(byPair);
        assertThat(table).containsPattern("dubbo-hessian +DubboServerHandler-#:#-thread-# +4 +10\\.00 +4\\.00 +2\\.00 +1\\.00 +40\\.0%");
        assertThat(table).containsPattern("NettyServerWorker-#-# +1 +5\\.00 .* +100\\.0%");
        assertThat(table).contains("grpc-go          no thread report");
    }
}
