package org.rpcbench.command;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rpcbench.merge.MergeClients;
import org.rpcbench.record.CaseAssembly;
import org.rpcbench.record.CaseRecord;
import org.rpcbench.record.Environment;
import org.rpcbench.record.Histograms;
import org.rpcbench.record.ProcessDelta;
import org.rpcbench.record.Records;
import org.rpcbench.record.RunRecord;
import org.rpcbench.record.Saturation;
import org.rpcbench.record.ServerMeter;
import org.rpcbench.record.TallyFile;
import org.rpcbench.report.Runs;

/** A merged run says which side's CPU limited each case, each client judged on its own cores by its own CPU. */
class MergeSaturationTest {
    @TempDir
    Path dir;

    /** The server: 2 cores on a node of its own. */
    static final ServerMeter SERVER = new ServerMeter(ServerMeter.ENDPOINT, "10.0.0.7:7071", "node-s", "Server CPU", 2, "java");

    /** Two one-second windows in which the client used {@code clientPercent} of a core and the server {@code serverPercent}. */
    static TallyFile tally(double clientPercent, double serverPercent) {
        List<TallyFile.Window> windows = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            Histogram h = Histograms.empty();
            for (int k = 0; k < 100; k++) {
                h.recordValue(1_000_000);
            }
            windows.add(new TallyFile.Window(i, 1.0, 100, 0, delta(clientPercent), delta(serverPercent), Histograms.encode(h), null));
        }
        return new TallyFile("getUser", 1, MergeCommandTest.PIDS.incrementAndGet(), 0, 0, List.of(), windows);
    }

    static ProcessDelta delta(double percent) {
        return new ProcessDelta(1, (long) (percent * 1e7), 1L << 20, 1L, 0L, 1L);
    }

    Path client(String host, int cores, double clientPercent, double serverPercent) throws Exception {
        Path out = dir.resolve(host);
        TallyFile t = tally(clientPercent, serverPercent);
        t.write(out.resolve("tallies"));
        CaseRecord c = CaseAssembly.closedLoop("getUser", List.of(new CaseAssembly.Fork(t, new double[] {100, 100})), 100, 1, null);
        RunRecord r = Runs.run("dubbo-hessian", "hessian2", List.of(c));
        Environment e = r.environment();
        Environment on = new Environment(e.runtime(), e.jdk(), e.jvm(), e.os(), e.cpuModel(), cores, host, e.gitCommit(), e.cpuPinning(),
                e.serverCommand(), e.date(), SERVER);
        Records.write(org.rpcbench.record.Samples.withEnvironment(r, on), out.resolve("run.json"));
        return out;
    }

    @Test
    void aSmallClientFullOfItsCoresIsTheLimitThoughTheClientsTogetherUsedLittleOfTheirs() throws Exception {
        // 370 % is 92 % of the small client's 4 cores; with the large one's 16 the two used 740 % of 20 cores (37 %)
        Path small = client("small", 4, 370, 120);
        Path large = client("large", 16, 370, 120);
        RunRecord merged = MergeClients.merge(List.of(small, large));
        Saturation s = merged.cases().get(0).cpuAndGc().saturated();
        assertThat(s.limit()).isEqualTo(Saturation.CLIENT);
        assertThat(s.clients()).extracting(Saturation.Side::node, Saturation.Side::cores, Saturation.Side::saturated)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("small", 4, true), org.assertj.core.groups.Tuple.tuple("large", 16, false));
        assertThat(s.server()).isEqualTo(new Saturation.Side("node-s", 2, 120.0, false));
    }

    @Test
    void theServerFullAndNoClientFullIsTheServersCapacityAndTheMergeSaysSo() throws Exception {
        Path a = client("host-a", 4, 200, 190);
        Path b = client("host-b", 8, 200, 190);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int exit = Cli.run("merge", List.of(dir.resolve("merged").toString(), a.toString(), b.toString()),
                new PrintStream(out, true), new PrintStream(new ByteArrayOutputStream(), true));
        assertThat(exit).isZero();
        RunRecord merged = Records.read(dir.resolve("merged").resolve("run.json"));
        assertThat(merged.cases().get(0).cpuAndGc().saturated().limit()).isEqualTo(Saturation.SERVER);
        assertThat(out.toString()).contains("getUser     the server's CPU (server 190% of 2 cores, client host-a 200% of 4 cores,"
                + " client host-b 200% of 8 cores): the server's capacity");
    }
}
