package org.rpcbench.httpjson;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rpcbench.record.CaseRecord;
import org.rpcbench.record.CpuAndGc;
import org.rpcbench.record.Environment;
import org.rpcbench.record.IterationRecord;
import org.rpcbench.record.Latency;
import org.rpcbench.record.LoadSettings;
import org.rpcbench.record.PerCall;
import org.rpcbench.record.ProblemKind;
import org.rpcbench.record.Records;
import org.rpcbench.record.RunRecord;
import org.rpcbench.record.WireSize;

/** The rules by which a run is put down to the defect alone, each shown failing on the record it is meant to catch. */
class Http1DefectTest {
    static final int THREADS = 10;
    static final int TIMEOUT = 5_000;

    /** A case of three iterations with these errors each, all of the given kinds, failed calls taking {@code failedMs}. */
    static CaseRecord getUser(long[] errorsPerIteration, long warmupErrors, List<ProblemKind> kinds, double failedMs, WireSize wire) {
        List<IterationRecord> iterations = new ArrayList<>();
        long errors = 0;
        for (int i = 0; i < errorsPerIteration.length; i++) {
            errors += errorsPerIteration[i];
            iterations.add(new IterationRecord(0, i, 1.0, 10_000, 10_000, errorsPerIteration[i], null, null, null, null,
                    new IterationRecord.Percentiles(1, 2, 3, 4)));
        }
        Latency ok = new Latency(0.1, 1, 2, 3, 4, 5, 6, 1, 30_000);
        Latency failed = errors == 0 ? null : new Latency(failedMs, failedMs, failedMs, failedMs, failedMs, failedMs, failedMs, failedMs,
                errors);
        return new CaseRecord("getUser", 10_000, 100, List.of(List.of(10_000.0)), 9_999, ok, failed, 30_000, errors, 5_000,
                warmupErrors, kinds == null || kinds.isEmpty() ? List.of() : List.of(kinds.get(0).examples().get(0)), false, wire,
                CpuAndGc.NONE, PerCall.NONE, iterations, null, null, null, null, null, null, null, kinds, null);
    }

    static List<ProblemKind> timeouts(long n) {
        return List.of(new ProblemKind(Http1Defect.PROBLEM, n, List.of(Http1Defect.PROBLEM)));
    }

    static RunRecord run(String pair, CaseRecord... cases) {
        LoadSettings load = new LoadSettings("JMH", "1.37", "thrpt", THREADS, 1, 1, "1 s", 3, "1 s", null, List.of(), TIMEOUT, null,
                null, null);
        Environment env = new Environment("Java 17", "17", "vm", "os", "cpu", 2, "host", "c", "none", "s", Instant.EPOCH.toString());
        return RunRecord.of("seed-java-time", pair + "-client", pair, "127.0.0.1:1", RunRecord.CLOSED_LOOP, Map.of(), load, null, env,
                List.of(cases), List.of());
    }

    static final WireSize WIRE = new WireSize(200, 400);

    @Test
    void loneTimeoutsOfTheWholeCallTimeoutAreTheDefect() {
        assertThat(Http1Defect.mismatches(run("http-json", getUser(new long[] {0, 1, 0}, 1, timeouts(2), TIMEOUT + 3, WIRE)), "")).isEmpty();
        assertThat(Http1Defect.mismatches(run("http-json", getUser(new long[] {0, 0, 0}, 0, List.of(), 0, WIRE)), ""))
                .containsExactly("no call failed: there is nothing to put down to the defect");
    }

    @Test
    void anotherFailureUncountedFailuresAndQuickFailuresAreNot() {
        List<ProblemKind> mixed = List.of(timeouts(1).get(0), new ProblemKind("IOException: HTTP/#.# header parser received no bytes",
                1, List.of("IOException: HTTP/1.1 header parser received no bytes")));
        assertThat(Http1Defect.mismatches(run("http-json", getUser(new long[] {0, 2, 0}, 0, mixed, TIMEOUT, WIRE)), ""))
                .containsExactly("getUser: 1 failed otherwise: IOException: HTTP/1.1 header parser received no bytes");
        // only the first five problems kept, as records did before every failure was counted
        assertThat(Http1Defect.mismatches(run("http-json", getUser(new long[] {0, 1, 0}, 0, null, TIMEOUT, WIRE)), ""))
                .singleElement().asString().contains("does not count its failures by kind");
        assertThat(Http1Defect.mismatches(run("http-json", getUser(new long[] {0, 2, 0}, 0, timeouts(1), TIMEOUT, WIRE)), ""))
                .containsExactly("getUser: 2 calls failed but 1 were counted by kind");
        assertThat(Http1Defect.mismatches(run("http-json", getUser(new long[] {0, 1, 0}, 0, timeouts(1), 12.5, WIRE)), ""))
                .containsExactly("getUser: a failed call took 12.5 ms, less than the 5000 ms timeout");
    }

    @Test
    void everyCallInFlightFailingIsAServerThatStoppedAnswering() {
        assertThat(Http1Defect.mismatches(run("http-json", getUser(new long[] {0, THREADS, 3}, 0, timeouts(THREADS + 3), TIMEOUT, WIRE)),
                "")).containsExactly("getUser: 10 calls failed in iteration 2 of fork 1, as many as were in flight (10): the server"
                        + " stopped answering");
        assertThat(Http1Defect.mismatches(run("http-json", getUser(new long[] {0, 0, 0}, THREADS, timeouts(THREADS), TIMEOUT, WIRE)),
                "")).singleElement().asString().contains("outside the measured windows, as many as were in flight");
    }

    @Test
    void aMissingWireSizeMustBeTheSameTimeoutAndOnlyHttpJsonClosedLoopRunsQualify() {
        RunRecord noWire = run("http-json", getUser(new long[] {0, 1, 0}, 0, timeouts(1), TIMEOUT, null));
        assertThat(Http1Defect.mismatches(noWire, "rpc-bench client: note: bytes on the wire not measured: " + Http1Defect.PROBLEM + "\n"))
                .isEmpty();
        assertThat(Http1Defect.mismatches(noWire, "rpc-bench client: note: bytes on the wire not measured: no answer within 30 s\n"))
                .containsExactly("getUser: its bytes on the wire were not measured, and not for the defect's timeout");
        assertThat(Http1Defect.mismatches(run("dubbo-hessian", getUser(new long[] {0, 1, 0}, 0, timeouts(1), TIMEOUT, WIRE)), ""))
                .containsExactly("it is a run of dubbo-hessian, not of http-json");
        RunRecord stopped = run("http-json", getUser(new long[] {0, 1, 0}, 0, timeouts(1), TIMEOUT, WIRE)).interruptedBecause("a signal");
        assertThat(Http1Defect.mismatches(stopped, "")).containsExactly("it was stopped: a signal");
    }

    @Test
    void theCommandSaysItInOneLineAndExitsZeroOneOrTwo(@TempDir Path dir) throws Exception {
        Records.write(run("http-json", getUser(new long[] {0, 1, 0}, 0, timeouts(1), TIMEOUT, WIRE)), dir.resolve("defect/run.json"));
        Records.write(run("http-json", getUser(new long[] {0, THREADS, 0}, 0, timeouts(THREADS), TIMEOUT, WIRE)),
                dir.resolve("hang/run.json"));
        Files.createDirectories(dir.resolve("bad"));
        Files.writeString(dir.resolve("bad/run.json"), "{\"binding\":\"http-json\",\"schema\":99}");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream o = new PrintStream(out, true);
        PrintStream e = new PrintStream(err, true);
        assertThat(Http1Defect.run(new String[] {dir.resolve("defect").toString()}, o, e)).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo("http1-defect: " + dir.resolve("defect")
                + " failed only by Dubbo's HTTP/1 defect (1 call timed out alone, answer lost)\n");
        out.reset();
        assertThat(Http1Defect.run(new String[] {dir.resolve("hang").toString()}, o, e)).isEqualTo(1);
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("not the defect alone: getUser: 10 calls failed in iteration 2");
        assertThat(Http1Defect.run(new String[] {dir.resolve("bad").toString()}, o, e)).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8).lines()).singleElement().asString().contains("its schema is 99");
    }

    @Test
    void aTestFailureIsTheSignatureOnlyWhenItsRootCauseIsTheJdksRequestTimeout() {
        assertThat(Http1Defect.isSignature(new java.net.http.HttpTimeoutException("request timed out"))).isTrue();
        assertThat(Http1Defect.isSignature(new AssertionError("getUser failed", new java.net.http.HttpTimeoutException("request timed out"))))
                .isTrue();
        assertThat(Http1Defect.isSignature(new java.net.http.HttpConnectTimeoutException("HTTP connect timed out"))).isFalse();
        assertThat(Http1Defect.isSignature(new java.io.IOException("HTTP/1.1 header parser received no bytes"))).isFalse();
        assertThat(Http1Defect.isSignature(new AssertionError("expected user 3, got null"))).isFalse();
    }
}
