package org.rpcbench.command;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rpcbench.record.CaseRecord;
import org.rpcbench.record.IterationRecord;
import org.rpcbench.record.PerCall;
import org.rpcbench.record.ProcessDelta;
import org.rpcbench.record.Steady;
import org.rpcbench.record.ThreadCpu;
import org.rpcbench.record.Records;
import org.rpcbench.record.RunRecord;
import org.rpcbench.report.Runs;

/** CI's checks of a real run's record, as a command: each fails on the record it is meant to catch. */
class VerifyCommandTest {
    @TempDir
    Path dir;

    final ByteArrayOutputStream out = new ByteArrayOutputStream();

    int verify(String... args) {
        out.reset();
        return Cli.run("verify", List.of(args), new PrintStream(out, true), new PrintStream(out, true));
    }

    String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    Path write(String name, RunRecord r) throws Exception {
        Path d = dir.resolve(name);
        Records.write(r, d.resolve("run.json"));
        return d;
    }

    List<CaseRecord> four(long errors) {
        List<CaseRecord> cases = new ArrayList<>();
        for (String c : List.of("existUser", "createUser", "getUser")) {
            cases.add(Runs.closedCase(c, 1000, 2));
        }
        cases.add(Runs.closedCase("listUser", 1000, 1000, errors, 2));
        return cases;
    }

    @Test
    void aGoodRunPassesEveryCheckAskedFor() throws Exception {
        Path d = write("good", Runs.run("dubbo-hessian", "hessian2", four(0)));
        Files.writeString(d.resolve("server.log"), "rpc-bench server settings: {defaultFilters=default, decodeInIoThread=off}\n");
        Files.writeString(d.resolve("run.json"), Files.readString(d.resolve("run.json")).replace("\"framework\" : \"Apache Dubbo\"",
                "\"framework\" : \"Apache Dubbo\", \"defaultFilters\" : \"default\", \"decodeInIoThread\" : \"off\""));
        assertThat(verify("--cases", "4", "--wire", "--server-alloc", "--threads", "32", "--target", "127.0.0.1:20880",
                "--framework", "defaultFilters=default,decodeInIoThread=off", d.toString())).as(out()).isZero();
        assertThat(out()).startsWith("verify: " + d + ": ok (dubbo-hessian, 4 cases, 4000 calls answered right)");
    }

    @Test
    void eachCheckFailsOnWhatItIsMeantToCatch() throws Exception {
        Path errors = write("errors", Runs.run("dubbo-hessian", "hessian2", four(3)));
        assertThat(verify(errors.toString())).isEqualTo(1);
        assertThat(out()).contains("run.json says it did not pass").contains("listUser counted 3 errors");

        Path three = write("three", Runs.run("dubbo-hessian", "hessian2", four(0).subList(0, 3)));
        assertThat(verify("--cases", "4", three.toString())).isEqualTo(1);
        assertThat(out()).contains("expected 4 cases, got 3");

        Path noCosts = write("nocosts", Runs.run("dubbo-hessian", "hessian2", four(0)));
        assertThat(verify("--costs", "--threads", "16", "--framework", "x=y", noCosts.toString())).isEqualTo(1);
        assertThat(out()).contains("kept no iterations or steady figures").contains("expected 16 calls in flight, got 32")
                .contains("framework setting x is null, expected y").contains("the server's settings line lacks x=y");
        assertThat(verify("--open-loop", noCosts.toString())).isEqualTo(1);
        assertThat(out()).contains("expected an open-loop record, got closed-loop");
    }

    @Test
    void aRunThatSkippedItsWireBytesFailsWireAndSaysWhy() throws Exception {
        List<CaseRecord> noWire = four(0).stream().map(c -> c.withWire(null)).toList();
        Path skipped = write("skipped", Runs.run("dubbo-hessian", "hessian2", noWire).withWireBytesNotMeasured("skipped (--no-wire-bytes)"));
        assertThat(verify("--cases", "4", skipped.toString())).as(out()).isZero();
        assertThat(verify("--wire", skipped.toString())).isEqualTo(1);
        assertThat(out()).contains("getUser has no wire sizes: skipped (--no-wire-bytes)");
    }

    /** A case as a run with every cost measured writes it: iterations with both sides' CPU, the server's by thread. */
    static CaseRecord measured(String name, ThreadCpu serverThreads, Long serverAlloc) {
        CaseRecord c = Runs.closedCase(name, 1000, 2);
        ThreadCpu clientThreads = new ThreadCpu(15_000_000, 1_000_000, 500_000, 100_000, 0);
        List<IterationRecord> iterations = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            iterations.add(new IterationRecord(0, i, 1, 500, 500, 0, 11_250_000L, 9_130_000L, serverAlloc, 1_024_000L,
                    new IterationRecord.Percentiles(1, 2, 3, 4), i == 0 ? serverThreads : null, clientThreads));
        }
        iterations.set(1, new IterationRecord(0, 1, 1, 500, 500, 0, 11_250_000L, 9_130_000L, 2_048_000L, 1_024_000L,
                new IterationRecord.Percentiles(1, 2, 3, 4), new ThreadCpu(10_000_000, 0, 0, 0, 0), clientThreads));
        PerCall perCall = perCallOf(1000, iterations);
        return new CaseRecord(c.name(), c.opsPerSecond(), c.opsError(), c.iterationScores(), c.answeredPerSecond(), c.latencyMs(),
                c.failedLatencyMs(), c.calls(), c.errors(), c.warmupCalls(), c.warmupErrors(), c.problems(), c.stillClimbing(),
                c.wireBytes(), c.cpuAndGc(), perCall, iterations, new Steady(0, c.answeredPerSecond(), c.latencyMs(), perCall),
                null, null, null, null, null);
    }

    /** The per-call figures of these iterations, as the launcher sums them. */
    static PerCall perCallOf(long calls, List<IterationRecord> iterations) {
        ProcessDelta server = null;
        ProcessDelta client = null;
        for (IterationRecord i : iterations) {
            ProcessDelta s = new ProcessDelta(1, i.serverCpuNanos(), i.serverAllocBytes(), 1L, 0L, 1L, i.serverThreadCpu());
            ProcessDelta c = new ProcessDelta(1, i.clientCpuNanos(), i.clientAllocBytes(), 1L, 0L, 1L, i.clientThreadCpu());
            server = server == null ? s : server.plus(s);
            client = client == null ? c : client.plus(c);
        }
        return PerCall.of(calls, server, client);
    }

    @Test
    void costsAskForTheServersThreadCpuAndAllocationInEveryIteration() throws Exception {
        ThreadCpu threads = new ThreadCpu(10_000_000, 400_000, 200_000, 50_000, 0);
        Path good = write("costs", Runs.run("dubbo-hessian", "hessian2", List.of(measured("getUser", threads, 2_048_000L))));
        assertThat(verify("--costs", "--server-alloc", good.toString())).as(out()).isZero();

        Path noThreads = write("nothreads", Runs.run("dubbo-hessian", "hessian2", List.of(measured("getUser", null, 2_048_000L))));
        assertThat(verify("--costs", noThreads.toString())).isEqualTo(1);
        assertThat(out()).contains("getUser has no server service/JIT/GC thread CPU per call")
                .contains("getUser has 1 iterations without the server's CPU");

        Path noAlloc = write("noalloc", Runs.run("dubbo-hessian", "hessian2", List.of(measured("getUser", threads, null))));
        assertThat(verify("--server-alloc", noAlloc.toString())).isEqualTo(1);
        assertThat(out()).contains("getUser has iterations without the server's allocation")
                .contains("getUser has no server allocation per call");
    }

    @Test
    void aStoppedRunIsVerifiedAsStopped() throws Exception {
        RunRecord stopped = RunRecord.of("m", "p-client", "dubbo-hessian", "t", RunRecord.CLOSED_LOOP, java.util.Map.of(),
                Runs.run("p", "s", List.of()).jmh(), null, Runs.run("p", "s", List.of()).environment(),
                List.of(Runs.closedCase("existUser", 1000, 2)),
                List.of("getUser")).interruptedBecause("stopped by a signal");
        Path d = write("stopped", stopped);
        assertThat(verify("--interrupted", "--case-names", "existUser", "--missing", "getUser", d.toString())).as(out()).isZero();
        assertThat(verify(d.toString())).isEqualTo(1);
    }

    @Test
    void badUseIsExitTwo() throws Exception {
        assertThat(verify()).isEqualTo(2);
        assertThat(verify("--cases", "x", "d")).isEqualTo(2);
        // a directory with no run.json, as the issue found (exit 1 then), is bad input: one line, exit 2
        Files.createDirectories(dir.resolve("empty"));
        Path good = write("good", Runs.run("dubbo-hessian", "hessian2", four(0)));
        assertThat(verify(good.toString(), dir.resolve("empty").toString())).isEqualTo(2);
        assertThat(out().lines()).containsExactly("rpc-bench verify: no run record at " + dir.resolve("empty").resolve("run.json"));
        assertThat(verify(dir.resolve("none").toString())).isEqualTo(2);
        Files.writeString(dir.resolve("empty/run.json"), "{\"binding\":\"dubbo-hessian\",\"schema\":99}");
        assertThat(verify(dir.resolve("empty").toString())).isEqualTo(2);
        assertThat(out().lines()).singleElement().asString().contains("its schema is 99");
        Files.writeString(dir.resolve("empty/run.json"), "{\"binding\":\"dubbo-hessian\",\"schema\":2}");
        assertThat(verify(dir.resolve("empty").toString())).isEqualTo(2);
        assertThat(out().lines()).singleElement().asString().endsWith("it lacks cases, environment, jmh");
    }

    @Test
    void theConnectionsTheCallersHadAreChecked() throws Exception {
        RunRecord r = Runs.run("grpc-go", "protobuf", four(0));
        var j = r.jmh();
        Path perCaller = write("per-caller", Runs.with(r, new org.rpcbench.record.LoadSettings(j.harness(), j.jmhVersion(), j.mode(),
                j.threads(), j.forks(), j.warmupIterations(), j.warmupTime(), j.measurementIterations(), j.measurementTime(), j.jvm(),
                j.jvmArgs(), j.callTimeoutMillis(), j.requests(), j.clients(), j.threadsInAll(), 32)));
        assertThat(verify("--connection-count", "32", perCaller.toString())).as(out()).isZero();
        assertThat(verify("--connection-count", "1", perCaller.toString())).isEqualTo(1);
        assertThat(out()).contains("expected 1 connections, the record says 32");
        // a record written before connections were counted cannot pass
        assertThat(verify("--connection-count", "32", write("older", r).toString())).isEqualTo(1);
    }

    @Test
    void casesCalledAtOnceAreCheckedWithTheirCallersAndHaveNoCostsOfTheirOwn() throws Exception {
        List<CaseRecord> scene = List.of(Runs.closedCase("echo5K", 1000, 2), Runs.closedCase("echoPojo", 1000, 2),
                Runs.closedCase("echoPersons", 1000, 2));
        RunRecord r = Runs.run("dubbo-hessian", "hessian2", scene);
        Path group = write("group", Runs.with(r, r.jmh().withCallersAtOnce(java.util.Map.of("echo5K", 11, "echoPersons", 10, "echoPojo", 11))));
        assertThat(verify("--at-once", "echo5K=11,echoPojo=11,echoPersons=10", "--threads", "32", "--cases", "3", group.toString()))
                .as(out()).isZero();
        assertThat(verify("--at-once", "echo5K=7,echoPojo=7,echoPersons=6", group.toString())).isEqualTo(1);
        assertThat(out()).contains("expected {echo5K=7, echoPojo=7, echoPersons=6} called at once, the record says {");
        assertThat(verify("--at-once", "echo5K=11,echoPojo=11", group.toString())).isEqualTo(1);
        assertThat(verify("--costs", group.toString())).isEqualTo(1);
        assertThat(out().lines()).singleElement().asString().contains("no case has costs of its own");
        Path oneAfterAnother = write("sequential", r);
        assertThat(verify("--at-once", "echo5K=11,echoPojo=11,echoPersons=10", oneAfterAnother.toString())).isEqualTo(1);
        assertThat(out()).contains("the record says its cases ran one after another");
    }

    @Test
    void aBadAtOnceIsBadInput() {
        for (String bad : List.of("echo5K", "echo5K=0", "echo5K=7,echo5K=7", "=3", "echo5K=7,")) {
            assertThat(verify("--at-once", bad, dir.toString())).as(bad).isEqualTo(2);
        }
    }
}
