package org.rpcbench.command;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
import org.rpcbench.record.Histograms;
import org.rpcbench.record.ProcessDelta;
import org.rpcbench.record.Records;
import org.rpcbench.record.RunRecord;
import org.rpcbench.record.TallyFile;
import org.rpcbench.report.Runs;

class MergeCommandTest {
    @TempDir
    Path dir;

    static final org.rpcbench.record.ServerMeter SERVER_METER = new org.rpcbench.record.ServerMeter(
            org.rpcbench.record.ServerMeter.ENDPOINT, "10.0.0.7:7071", "node-s", "Server CPU", 16, "java");
    static final java.util.concurrent.atomic.AtomicLong PIDS = new java.util.concurrent.atomic.AtomicLong();

    /** A fork's tally of two iterations of {@code calls} calls each taking {@code millis}, {@code failing} of them failed. */
    static TallyFile tally(int calls, long millis, int failing) {
        List<TallyFile.Window> windows = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            Histogram h = Histograms.empty();
            for (int k = 0; k < calls - failing; k++) {
                h.recordValue(millis * 1_000_000);
            }
            windows.add(new TallyFile.Window(i, 1.0, calls - failing, failing, new ProcessDelta(1, 500_000_000L, 1L << 20, 1L, 0L, 1L),
                    null, Histograms.encode(h), null));
        }
        return new TallyFile("getUser", 1, PIDS.incrementAndGet(), 0, 0, failing > 0 ? List.of("wrong answer: x") : List.of(), windows);
    }

    Path client(String host, String binding, double[] scores, TallyFile tally) throws Exception {
        return client(host, binding, scores, tally, "2026-11-25T10:00:00Z");
    }

    Path client(String host, String binding, double[] scores, TallyFile tally, String date) throws Exception {
        Path out = dir.resolve(host);
        tally.write(out.resolve("tallies"));
        CaseRecord c = CaseAssembly.closedLoop("getUser", List.of(new CaseAssembly.Fork(tally, scores)),
                (scores[0] + scores[1]) / 2, 10, null);
        RunRecord r = Runs.withServerMeter(Runs.onHost(Runs.run(binding, "hessian2", 32, java.time.Instant.parse(date), List.of(c)), host),
                SERVER_METER);
        Records.write(r, out.resolve("run.json"));
        return out;
    }

    @Test
    void throughputIsSummedAndPercentilesComeFromTheMergedHistograms() throws Exception {
        Path fast = client("host-a", "dubbo-hessian", new double[] {900, 1100}, tally(100, 1, 0));
        Path slow = client("host-b", "dubbo-hessian", new double[] {2900, 3100}, tally(100, 9, 0));

        RunRecord merged = MergeClients.merge(List.of(fast, slow));

        CaseRecord c = merged.cases().get(0);
        assertThat(c.opsPerSecond()).isEqualTo(4000);
        assertThat(c.calls()).isEqualTo(400);
        // iteration by iteration: the clients ran together
        assertThat(c.iterationScores().get(0)).containsExactly(200.0, 200.0);
        // half the calls took 1 ms and half 9 ms: the median is 1 ms, where averaging the medians says 5
        assertThat(c.latencyMs().p50()).isCloseTo(1.0, org.assertj.core.data.Offset.offset(0.01));
        assertThat(c.latencyMs().p99()).isCloseTo(9.0, org.assertj.core.data.Offset.offset(0.01));
        assertThat(c.perCall().clientCpuMicros()).isCloseTo(5000, org.assertj.core.data.Offset.offset(0.01));
        assertThat(merged.clients()).isEqualTo(2);
        assertThat(merged.jmh().threadsInAll()).isEqualTo(64);
        assertThat(merged.environment().hostname()).isEqualTo("host-a, host-b");
        // each client's node, CPU model and cores stay said, client by client
        assertThat(merged.environment().clientNodes()).extracting(org.rpcbench.record.ClientNode::node).containsExactly("host-a", "host-b");
        assertThat(merged.environment().clientNodes()).allSatisfy(n -> {
            assertThat(n.cpuModel()).isEqualTo(merged.environment().cpuModel());
            assertThat(n.cores()).isEqualTo(merged.environment().cores());
        });
        // the clients read one server: its node and where its meters came from stay said
        assertThat(merged.environment().serverMeter()).isEqualTo(SERVER_METER);
        assertThat(merged.passed()).isTrue();
    }

    @Test
    void oneClientsErrorsFailTheMergedRun() throws Exception {
        Path good = client("host-a", "dubbo-hessian", new double[] {1000, 1000}, tally(50, 1, 0));
        Path bad = client("host-b", "dubbo-hessian", new double[] {1000, 1000}, tally(50, 1, 2));
        int exit = Cli.run("merge", List.of(dir.resolve("merged").toString(), good.toString(), bad.toString()),
                new PrintStream(new ByteArrayOutputStream(), true), new PrintStream(new ByteArrayOutputStream(), true));
        assertThat(exit).isEqualTo(1);
        assertThat(Records.read(dir.resolve("merged").resolve("run.json")).cases().get(0).errors()).isEqualTo(4);
    }

    @Test
    void clientsOfDifferentPairsOrSettingsAreNotMerged() throws Exception {
        Path a = client("host-a", "dubbo-hessian", new double[] {1000, 1000}, tally(10, 1, 0));
        Path b = client("host-b", "dubbo-kryo", new double[] {1000, 1000}, tally(10, 1, 0));
        assertThatThrownBy(() -> MergeClients.merge(List.of(a, b))).hasMessageContaining("differ in binding");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertThat(Cli.run("merge", List.of(dir.resolve("m").toString(), a.toString(), dir.resolve("nothing").toString()),
                new PrintStream(new ByteArrayOutputStream(), true), new PrintStream(err, true))).isEqualTo(2);
        assertThat(err.toString()).startsWith("rpc-bench merge: no run.json in");
    }

    final ByteArrayOutputStream out = new ByteArrayOutputStream();
    final ByteArrayOutputStream err = new ByteArrayOutputStream();

    int merge(Path... dirs) {
        out.reset();
        err.reset();
        return MergeCommand.merge(java.util.Arrays.stream(dirs).map(Path::toString).toList(),
                new PrintStream(out, true), new PrintStream(err, true));
    }

    List<String> errLines() {
        return err.toString(java.nio.charset.StandardCharsets.UTF_8).lines().toList();
    }

    @Test
    void theOutputDirectoryMayNotBeAnInput() throws Exception {
        Path a = client("host-a", "dubbo-hessian", new double[] {1000, 1000}, tally(10, 1, 0));
        Path b = client("host-b", "dubbo-hessian", new double[] {1000, 1000}, tally(10, 1, 0));
        String before = java.nio.file.Files.readString(b.resolve("run.json"));
        assertThat(merge(b, a, b)).isEqualTo(2);
        assertThat(errLines()).containsExactly("rpc-bench merge: the output directory " + b + " is the client run " + b
                + ": merging into it would overwrite that client's run.json (name a new directory)");
        assertThat(merge(dir.resolve("host-a/../host-b"), a, b)).as("by another path").isEqualTo(2);
        assertThat(java.nio.file.Files.readString(b.resolve("run.json"))).isEqualTo(before);
    }

    @Test
    void aClientGivenTwiceIsRefusedHoweverItComesTwice() throws Exception {
        Path a = client("host-a", "dubbo-hessian", new double[] {1000, 1000}, tally(10, 1, 0));
        Path merged = dir.resolve("merged");
        assertThat(merge(merged, a, a)).isEqualTo(2);
        assertThat(errLines()).containsExactly("rpc-bench merge: " + a + " and " + a + " are the same client run (the same"
                + " directory): each client is merged once");
        Path link = java.nio.file.Files.createSymbolicLink(dir.resolve("link"), a);
        assertThat(merge(merged, a, dir.resolve("host-a/../host-a"))).isEqualTo(2);
        assertThat(merge(merged, link, a)).isEqualTo(2);
        assertThat(errLines()).singleElement().asString().contains("(the same directory)");

        // a copy: the same host and start time
        Path copy = dir.resolve("copy");
        copyTree(a, copy);
        assertThat(merge(merged, a, copy)).isEqualTo(2);
        assertThat(errLines()).containsExactly("rpc-bench merge: " + a + " and " + copy + " are the same client run (the same"
                + " host host-a and start time 2026-11-25T10:00:00Z): each client is merged once");

        // a copy whose record was rewritten as another host's still has the first one's tallies
        Path renamed = dir.resolve("renamed");
        copyTree(a, renamed);
        Records.write(Runs.onHost(Records.read(renamed.resolve("run.json")), "host-z"), renamed.resolve("run.json"));
        assertThat(merge(merged, a, renamed)).isEqualTo(2);
        assertThat(errLines()).singleElement().asString().endsWith("are the same client run (the same tallies): each client is"
                + " merged once");
        assertThat(merged).doesNotExist();

        // two clients on one host, started at different times, are two
        Path later = client("host-a2", "dubbo-hessian", new double[] {1000, 1000}, tally(10, 1, 0), "2026-11-25T10:00:01Z");
        Records.write(Runs.onHost(Records.read(later.resolve("run.json")), "host-a"), later.resolve("run.json"));
        assertThat(merge(merged, a, later)).as(err.toString()).isZero();
        assertThat(Records.read(merged.resolve("run.json")).cases().get(0).calls()).isEqualTo(40);
    }

    static void copyTree(Path from, Path to) throws java.io.IOException {
        try (var files = java.nio.file.Files.walk(from)) {
            for (Path f : files.toList()) {
                java.nio.file.Files.copy(f, to.resolve(from.relativize(f).toString()));
            }
        }
    }

    @Test
    void aBadRecordIsOneLineAndExitTwo() throws Exception {
        Path a = client("host-a", "dubbo-hessian", new double[] {1000, 1000}, tally(10, 1, 0));
        Path b = dir.resolve("b");
        java.nio.file.Files.createDirectories(b);
        java.nio.file.Files.writeString(b.resolve("run.json"), "{\"binding\":\"dubbo-hessian\",\"schema\":99}");
        assertThat(merge(dir.resolve("m"), a, b)).isEqualTo(2);
        assertThat(errLines()).singleElement().asString().startsWith("rpc-bench merge: cannot read the run record ")
                .endsWith("its schema is 99, newer than the 2 this rpc-bench reads (read it with the rpc-bench that wrote it)");
    }

    @Test
    void anExistingMergedRecordIsReplacedOnlyWithOverwrite() throws Exception {
        Path a = client("host-a", "dubbo-hessian", new double[] {1000, 1000}, tally(10, 1, 0));
        Path b = client("host-b", "dubbo-hessian", new double[] {1000, 1000}, tally(10, 1, 0));
        Path merged = dir.resolve("merged");
        java.nio.file.Files.createDirectories(merged);
        java.nio.file.Files.writeString(merged.resolve("run.json"), "mine");
        assertThat(merge(merged, a, b)).isEqualTo(2);
        assertThat(errLines()).containsExactly("rpc-bench merge: " + merged.resolve("run.json")
                + " holds a record already (name another OUT_DIR, or --overwrite to replace it)");
        assertThat(merged.resolve("run.json")).hasContent("mine");
        for (List<String> line : List.of(List.of("--overwrite", merged.toString(), a.toString(), b.toString()),
                List.of(merged.toString(), a.toString(), b.toString(), "--overwrite"))) {
            java.nio.file.Files.writeString(merged.resolve("run.json"), "mine");
            out.reset();
            err.reset();
            assertThat(Cli.run("merge", line, new PrintStream(out, true), new PrintStream(err, true))).as(err.toString()).isZero();
            assertThat(Records.read(merged.resolve("run.json")).clients()).isEqualTo(2);
        }
        // given before the command, too
        java.nio.file.Files.writeString(merged.resolve("run.json"), "mine");
        assertThat(Cli.run(new String[] {"--overwrite", "merge", merged.toString(), a.toString(), b.toString()},
                Context.system(new PrintStream(out, true), new PrintStream(err, true)))).as(err.toString()).isZero();
    }
}
