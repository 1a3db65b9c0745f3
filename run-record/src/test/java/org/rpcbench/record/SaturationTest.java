package org.rpcbench.record;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SaturationTest {

    /** The server on a node of its own, read over its meter endpoint. */
    static final ServerMeter REMOTE = new ServerMeter(ServerMeter.ENDPOINT, "10.0.0.7:7071", "server-node", "Server CPU", 2, "java");

    static Environment env(int clientCores, ServerMeter meter, String pinning) {
        return new Environment(null, "17.0.15", "OpenJDK 64-Bit Server VM", "Linux", "Test CPU", clientCores, "client-node",
                "0123456789abcdef0123456789abcdef01234567", pinning, "java -jar server.jar", "2026-11-28T10:00:00Z", meter);
    }

    /** A case whose server and client used this CPU (% of one core) over 20 s. */
    static CaseRecord loaded(double serverPercent, double clientPercent) {
        CaseRecord c = Samples.closedCase("getUser", 1000, 2.5, 0);
        return new CaseRecord(c.name(), c.opsPerSecond(), c.opsError(), c.iterationScores(), c.answeredPerSecond(), c.latencyMs(),
                c.failedLatencyMs(), c.calls(), c.errors(), c.warmupCalls(), c.warmupErrors(), c.problems(), c.stillClimbing(),
                c.wireBytes(), new CpuAndGc(use(clientPercent), use(serverPercent)), c.perCall(), c.iterations(), c.steady(), null,
                null, null, null, null);
    }

    static ProcessUse use(double percent) {
        return new ProcessUse(percent, 1L, 0L, 1.0, 20);
    }

    static Saturation of(CaseRecord c, Environment e) {
        return RunRecord.of("seed-java-time", "x-client", "x", "127.0.0.1:20880", RunRecord.CLOSED_LOOP, Map.of(), Samples.jmh(32),
                null, e, List.of(c), List.of()).cases().get(0).cpuAndGc().saturated();
    }

    @Test
    void theServerAtNinetyPercentOfItsCoresWithTheClientBelowIsTheServersCapacity() {
        Saturation s = of(loaded(180, 300), env(8, REMOTE, "none"));
        assertThat(s.limit()).isEqualTo(Saturation.SERVER);
        assertThat(s.serverCapacity()).isTrue();
        assertThat(s.server()).isEqualTo(new Saturation.Side("server-node", 2, 180.0, true));
        assertThat(s.clients()).containsExactly(new Saturation.Side("client-node", 8, 300.0, false));
        assertThat(s.describe()).isEqualTo("the server's CPU (server 180% of 2 cores, client 300% of 8 cores): the server's capacity");
        // just below the threshold, the server had a tenth of its cores idle
        assertThat(of(loaded(179.9, 300), env(8, REMOTE, "none")).limit()).isEqualTo(Saturation.NEITHER);
    }

    @Test
    void aSaturatedClientIsTheLoadGeneratorsLimitNeverTheServersCapacity() {
        Saturation s = of(loaded(100, 360), env(4, REMOTE, "none"));
        assertThat(s.limit()).isEqualTo(Saturation.CLIENT);
        assertThat(s.serverCapacity()).isFalse();
        assertThat(s.describe()).contains("not the server's capacity");
    }

    @Test
    void bothSaturatedIsNoCapacityClaim() {
        Saturation s = of(loaded(190, 390), env(4, REMOTE, "none"));
        assertThat(s.limit()).isEqualTo(Saturation.BOTH);
        assertThat(s.serverCapacity()).isFalse();
    }

    @Test
    void neitherSaturatedSaysTheLimitIsElsewhere() {
        Saturation s = of(loaded(120, 200), env(4, REMOTE, "none"));
        assertThat(s.limit()).isEqualTo(Saturation.NEITHER);
        assertThat(s.describe()).startsWith("neither side's CPU (server 120% of 2 cores, client 200% of 4 cores)")
                .endsWith("the limit is elsewhere (calls in flight, the network, a lock)");
    }

    @Test
    void unknownCoresOrCpuAreNotKnownNeverGuessed() {
        // a record from before the server's meter was named: its server's cores were never written
        Saturation older = of(loaded(190, 50), env(2, null, "none"));
        assertThat(older.limit()).isEqualTo(Saturation.NOT_KNOWN);
        assertThat(older.server().saturated()).isNull();
        assertThat(older.describe()).isEqualTo("not known (server 190% (cores not known), client 50% of 2 cores)");
        // an endpoint that did not say its cores
        ServerMeter silent = new ServerMeter(ServerMeter.ENDPOINT, "10.0.0.7:7071", "server-node", null, null, null);
        assertThat(of(loaded(190, 50), env(4, silent, "none")).limit()).isEqualTo(Saturation.NOT_KNOWN);
        // a server not measured at all
        assertThat(of(loaded(190, 50), env(4, ServerMeter.none(), "none")).limit()).isEqualTo(Saturation.NOT_KNOWN);
        // the server's CPU not read
        assertThat(of(loaded(Double.NaN, 50), env(4, REMOTE, "none")).limit()).isEqualTo(Saturation.NOT_KNOWN);
        // a pinned server read from /proc: the meter took the client's cores for it, which are not the server's
        ServerMeter proc = new ServerMeter(ServerMeter.PROC, "pid 7", "client-node", "Test CPU", 1, null);
        assertThat(of(loaded(95, 50), env(1, proc, "server on CPU 0, client on CPUs 1-1")).limit()).isEqualTo(Saturation.NOT_KNOWN);
    }

    @Test
    void serverAndClientOnOneHostsCoresAreBothSaturatedWhenTogetherTheyFillThem() {
        ServerMeter proc = new ServerMeter(ServerMeter.PROC, "pid 7", "client-node", "Test CPU", 2, null);
        Saturation full = of(loaded(100, 85), env(2, proc, "none"));
        assertThat(full.limit()).isEqualTo(Saturation.BOTH);
        assertThat(full.sharedCores()).isTrue();
        assertThat(full.describe()).isEqualTo("both sides' CPU (server 100%, client 85%; together 185% of one host's 2 cores): not the"
                + " server's capacity");
        Saturation idle = of(loaded(60, 50), env(2, proc, "none"));
        assertThat(idle.limit()).isEqualTo(Saturation.NEITHER);
        // on a shared host, what else ran there may have taken the cores
        assertThat(idle.describe()).endsWith("(calls in flight, the network, a lock, other processes on the host)");
    }

    @Test
    void mergedClientsAreEachJudgedOnTheirOwnCores() {
        Saturation.Side server = Saturation.Side.of("server-node", 2, use(100));
        // 370 % is nine tenths of the small client's four cores, not of the large one's sixteen
        Saturation s = Saturation.of(server, List.of(Saturation.Side.of("small", 4, use(370)), Saturation.Side.of("large", 16, use(370))));
        assertThat(s.limit()).isEqualTo(Saturation.CLIENT);
        assertThat(s.describe()).contains("client small 370% of 4 cores, client large 370% of 16 cores");
        // together the clients used 740 % of 20 cores (37 %): judged as one, none would be saturated
        Saturation serverFull = Saturation.of(Saturation.Side.of("server-node", 2, use(190)),
                List.of(Saturation.Side.of("small", 4, use(300)), Saturation.Side.of("large", 16, use(300))));
        assertThat(serverFull.limit()).isEqualTo(Saturation.SERVER);
        assertThat(Saturation.of(Saturation.Side.of("server-node", 2, use(190)),
                List.of(Saturation.Side.of("small", 4, use(370)), Saturation.Side.of("large", 16, use(300)))).limit())
                .isEqualTo(Saturation.BOTH);
        assertThat(Saturation.of(server, List.of(Saturation.Side.of("small", 4, use(370)), Saturation.Side.unknown("large", 16))).limit())
                .isEqualTo(Saturation.NOT_KNOWN);
    }

    @Test
    void aMergedClientOnTheServersNodeSharesItsCoresAndTheOthersAreJudgedAlone() {
        Saturation.Load server = new Saturation.Load("server-node", 4, use(250));
        Saturation.Load beside = new Saturation.Load("server-node", 4, use(120));
        Saturation.Load away = new Saturation.Load("other", 4, use(100));
        // 250 + 120 = 370 % of the server node's 4 cores: that node is full, the other client is not
        Saturation s = Saturation.judge(server, List.of(beside, away), false);
        assertThat(s.limit()).isEqualTo(Saturation.BOTH);
        assertThat(s.clients().get(1).saturated()).isFalse();
        assertThat(s.describe()).contains("server 250%, client server-node 120%, client other 100% of 4 cores; together 370% of one"
                + " host's 4 cores");
        // pinned apart, the server's 250 % of its 4 cores is no saturation
        assertThat(Saturation.judge(server, List.of(beside, away), true).limit()).isEqualTo(Saturation.NEITHER);
    }

    @Test
    void aMergedRecordWithoutEachClientsFiguresHasItsClientsNotKnown() {
        RunRecord merged = RunRecord.of("seed-java-time", "x-client", "x", "127.0.0.1:20880", RunRecord.CLOSED_LOOP, Map.of(),
                Samples.jmh(32), null, env(4, REMOTE, "none"), List.of(loaded(190, 100)), List.of()).mergedFrom(List.of("/a", "/b"));
        CaseRecord without = merged.cases().get(0).withSaturation(null);
        assertThat(merged.saturation(without).limit()).isEqualTo(Saturation.NOT_KNOWN);
        assertThat(merged.saturation(without).server().saturated()).isTrue();
    }

    @Test
    void theFieldReadsBackAndARecordWithoutItIsDerivedOnRead(@TempDir Path dir) throws Exception {
        RunRecord r = RunRecord.of("seed-java-time", "x-client", "x", "127.0.0.1:20880", RunRecord.CLOSED_LOOP, Map.of(),
                Samples.jmh(32), null, env(8, REMOTE, "none"), List.of(loaded(180, 300)), List.of());
        Path file = dir.resolve(Records.FILE);
        Records.write(r, file);
        assertThat(Files.readString(file)).contains("\"saturated\" : {\n        \"limit\" : \"server\"");
        RunRecord back = Records.read(file);
        assertThat(back.cases().get(0).cpuAndGc().saturated()).isEqualTo(r.cases().get(0).cpuAndGc().saturated());
        // an older record (or the Go client's) has no such field: it reads, and what it shows is derived
        Files.writeString(file, Files.readString(file).replaceAll("(?s),\\s*\"saturated\" : \\{.*?\"clients\" : \\[.*?\\]\\s*\\}", ""));
        assertThat(Files.readString(file)).doesNotContain("saturated");
        RunRecord older = Records.read(file);
        assertThat(older.cases().get(0).cpuAndGc().saturated()).isNull();
        assertThat(older.saturation(older.cases().get(0)).limit()).isEqualTo(Saturation.SERVER);
    }

    @Test
    void theGoClientsRecordReadsWithoutTheFieldAndSaysWhatItShows() throws Exception {
        // the Go client's golden record: no saturation field, and (written before it) no account of the server's meter
        Path golden = Path.of("..", "go", "record", "testdata", "golden-run.json");
        assertThat(Files.readString(golden)).doesNotContain("saturated");
        RunRecord go = Records.read(golden);
        Saturation s = go.saturation(go.cases().get(0));
        assertThat(s.limit()).isEqualTo(Saturation.NOT_KNOWN);
        assertThat(s.clients().get(0).saturated()).isFalse();
        assertThat(RunSummary.render("go", go)).contains("getUser     not known (server 23% (cores not known), client 52% of 2 cores)");
    }
}
