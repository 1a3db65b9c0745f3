package org.rpcbench.httpjson;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.rpcbench.binding.Exchange;
import org.rpcbench.binding.Target;
import org.rpcbench.cases.Case;
import org.rpcbench.record.CaseAssembly;
import org.rpcbench.record.CaseRecord;
import org.rpcbench.record.Environment;
import org.rpcbench.record.LoadSettings;
import org.rpcbench.record.ProblemKind;
import org.rpcbench.record.RunRecord;
import org.rpcbench.record.TallyFile;
import org.rpcbench.record.WireSize;
import org.rpcbench.rig.Caller;
import org.rpcbench.rig.ForkTally;
import org.rpcbench.rig.NanoClock;

/**
 * The defect's signature as this pair's client meets it, and what {@link Http1Defect} makes of a run: the JDK's
 * client calls Dubbo's server through a proxy that sends one answer the way the defect does (its body without
 * its status line), or makes the server hang, deadlock or crash. Each run is measured as a JMH fork measures
 * it (the rig's callers and tally, the launcher's case assembly), so the record judged is the one a real run
 * would write.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class Http1DefectSignatureTest {
    static final int THREADS = 4;
    static final int TIMEOUT_MILLIS = 1_000;
    static final long ITERATION_NANOS = 1_500_000_000L;
    static final int ITERATIONS = 3;
    /** The fault is armed as this iteration begins: the ones before it show the server answering. */
    static final int ARMED_AT = 1;

    LoopbackServer server;

    @BeforeAll
    void start() throws Exception {
        server = LoopbackServer.start();
        // past the server's first, slow answers (class loading, the JIT), which would time out here; the
        // defect itself may strike meanwhile, and is let pass
        try (HttpJsonConnection c = new HttpJsonConnection(new Target("127.0.0.1", server.port(), 10_000))) {
            for (int i = 0; i < 2_000; i++) {
                try {
                    c.prepare(Case.GET_USER, i).call();
                } catch (java.net.http.HttpTimeoutException e) {
                    assertThat(Http1Defect.isSignature(e)).as("%s", e).isTrue();
                }
            }
        }
    }

    @AfterAll
    void stop() {
        server.close();
    }

    /** A measured run of getUser through the proxy, the fault armed as iteration {@link #ARMED_AT} begins. */
    record Measured(RunRecord record, FaultyProxy proxy) {
        CaseRecord getUser() {
            return record.cases().get(0);
        }
    }

    Measured measure(FaultyProxy.Fault fault) throws Exception {
        FaultyProxy proxy = new FaultyProxy(server.port());
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        try (proxy; HttpJsonConnection c = new HttpJsonConnection(new Target("127.0.0.1", proxy.port(), TIMEOUT_MILLIS))) {
            List<Caller> callers = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                Exchange[] exchanges = new Exchange[64];
                for (int i = 0; i < exchanges.length; i++) {
                    exchanges[i] = c.prepare(Case.GET_USER, t * exchanges.length + i);
                }
                callers.add(new Caller(exchanges, NanoClock.SYSTEM));
            }
            ForkTally tally = new ForkTally(Case.GET_USER.method());
            for (int it = 0; it < ITERATIONS; it++) {
                if (it == ARMED_AT) {
                    proxy.arm(fault);
                }
                long end = System.nanoTime() + ITERATION_NANOS;
                List<Callable<Void>> work = new ArrayList<>();
                for (Caller caller : callers) {
                    work.add(() -> {
                        caller.reset();
                        while (System.nanoTime() < end) {
                            caller.callOnce(true);
                        }
                        return null;
                    });
                }
                for (Future<Void> f : pool.invokeAll(work)) {
                    f.get();
                }
                for (Caller caller : callers) {
                    tally.handIn(caller, true, THREADS, null, ITERATION_NANOS / 1e9);
                }
            }
            TallyFile fork = tally.snapshot();
            CaseRecord getUser = CaseAssembly.closedLoop(Case.GET_USER.method(), List.of(new CaseAssembly.Fork(fork, null)),
                    Double.NaN, Double.NaN, new WireSize(200, 400));
            LoadSettings load = new LoadSettings("JMH", "1.37", "thrpt", THREADS, 1, 0, "0 s", ITERATIONS, "1.5 s", null, List.of(),
                    TIMEOUT_MILLIS, null, null, null);
            Environment env = new Environment("Java 17", "17", "test", "test", "test", 2, "test-host", "test", "none", "test",
                    Instant.now().toString());
            RunRecord record = RunRecord.of("seed-java-time", "http-json-client", "http-json", "127.0.0.1:" + proxy.port(),
                    RunRecord.CLOSED_LOOP, Map.of(), load, null, env, List.of(getUser), List.of());
            return new Measured(record, proxy);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void theDefectIsOneTimeoutOfTheWholeCallTimeoutTheClientClosesAndEverythingElseAnswered() throws Exception {
        Measured m = measure(FaultyProxy.Fault.HEADERLESS_ONCE);
        CaseRecord c = m.getUser();
        // which exception, which message: the JDK's request timeout, and nothing else
        assertThat(c.allErrors()).as("%s", c.problemKinds()).isPositive();
        assertThat(c.problemKinds()).extracting(ProblemKind::kind).containsExactly(Http1Defect.PROBLEM);
        assertThat(c.problemKinds().get(0).count()).isEqualTo(c.allErrors());
        // after how long: the whole call timeout (the harness's clock and the JDK client's timer may differ by less than
        // a millisecond, which Http1Defect allows with its 1 %)
        assertThat(c.failedLatencyMs().min()).isGreaterThanOrEqualTo(TIMEOUT_MILLIS * 0.99);
        // which side closed: the client, the connection it gave up on; the server closed none
        assertThat(m.proxy().closedByClient).isNotEmpty();
        // everything else was answered, in every iteration
        assertThat(c.iterations()).allSatisfy(it -> assertThat(it.calls()).isPositive());
        assertThat(Http1Defect.mismatches(m.record(), "")).isEmpty();
    }

    @Test
    void aServerThatHangsIsNotTheDefect() throws Exception {
        Measured m = measure(FaultyProxy.Fault.HANG);
        assertThat(m.getUser().problemKinds()).extracting(ProblemKind::kind).containsExactly(Http1Defect.PROBLEM);
        assertThat(Http1Defect.mismatches(m.record(), "")).anyMatch(w -> w.contains("as many as were in flight (" + THREADS + ")"));
    }

    @Test
    void aServerThatDeadlocksIsNotTheDefect() throws Exception {
        Measured m = measure(FaultyProxy.Fault.DEADLOCK);
        assertThat(m.getUser().problemKinds()).extracting(ProblemKind::kind).containsExactly(Http1Defect.PROBLEM);
        assertThat(Http1Defect.mismatches(m.record(), "")).anyMatch(w -> w.contains("the server stopped answering"));
    }

    @Test
    void aServerThatCrashesAndClosesItsConnectionsIsNotTheDefect() throws Exception {
        Measured m = measure(FaultyProxy.Fault.CRASH);
        List<String> kinds = m.getUser().problemKinds().stream().map(ProblemKind::kind).toList();
        assertThat(kinds).anyMatch(k -> k.startsWith("IOException: HTTP/#.# header parser received no bytes")
                || k.startsWith("java.net.ConnectException"));
        assertThat(Http1Defect.mismatches(m.record(), "")).anyMatch(w -> w.contains("failed otherwise: "));
    }
}
