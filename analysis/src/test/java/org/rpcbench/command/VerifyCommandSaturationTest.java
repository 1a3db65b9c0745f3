package org.rpcbench.command;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rpcbench.record.CaseRecord;
import org.rpcbench.record.CpuAndGc;
import org.rpcbench.record.Environment;
import org.rpcbench.record.ProcessUse;
import org.rpcbench.record.Records;
import org.rpcbench.record.RunRecord;
import org.rpcbench.record.Samples;
import org.rpcbench.record.ServerMeter;

/** {@code verify --server-saturated}: a capacity figure is told from a load generator's limit. */
class VerifyCommandSaturationTest {
    @TempDir
    Path dir;

    final Captured cli = new Captured();

    static final ServerMeter REMOTE = new ServerMeter(ServerMeter.ENDPOINT, "10.0.0.7:7071", "server-node", "Server CPU", 2, "java");

    static CaseRecord loaded(String name, double serverPercent, double clientPercent) {
        CaseRecord c = Samples.closedCase(name, 1000, 2.5, 0);
        return new CaseRecord(c.name(), c.opsPerSecond(), c.opsError(), c.iterationScores(), c.answeredPerSecond(), c.latencyMs(),
                c.failedLatencyMs(), c.calls(), c.errors(), c.warmupCalls(), c.warmupErrors(), c.problems(), c.stillClimbing(),
                c.wireBytes(), new CpuAndGc(use(clientPercent), use(serverPercent)), c.perCall(), c.iterations(), c.steady(), null,
                null, null, null, null);
    }

    static ProcessUse use(double percent) {
        return new ProcessUse(percent, 1L, 0L, 1.0, 20);
    }

    Path run(String name, ServerMeter meter, CaseRecord... cases) throws Exception {
        Environment e = new Environment(null, "17.0.15", "OpenJDK 64-Bit Server VM", "Linux", "Test CPU", 4, "client-node",
                "0123456789abcdef0123456789abcdef01234567", "none", "java -jar server.jar", "2026-11-28T10:00:00Z", meter);
        RunRecord r = RunRecord.of("seed-java-time", "dubbo-hessian-client", "dubbo-hessian", "127.0.0.1:20880", RunRecord.CLOSED_LOOP,
                Map.of(), Samples.jmh(32), null, e, List.of(cases), List.of());
        Path d = dir.resolve(name);
        Records.write(r, d.resolve(Records.FILE));
        return d;
    }

    @Test
    void theServerSaturatedAloneInEveryCasePasses() throws Exception {
        Path d = run("server", REMOTE, loaded("getUser", 185, 200), loaded("listUser", 190, 100));
        assertThat(cli.run("verify", "--server-saturated", d.toString())).as(cli.out()).isZero();
    }

    @Test
    void aSaturatedClientBothOrNeitherFailsInOneLineNamingTheLimit() throws Exception {
        Path client = run("client", REMOTE, loaded("getUser", 185, 200), loaded("listUser", 100, 380));
        assertThat(cli.run("verify", "--server-saturated", client.toString())).isEqualTo(1);
        assertThat(cli.out().lines().toList()).containsExactly("verify: " + client + ": listUser: not the server saturated alone; the limit was the"
                + " client's CPU (server 100% of 2 cores, client 380% of 4 cores): the load generator's limit, not the server's capacity");
        Path both = run("both", REMOTE, loaded("getUser", 185, 380));
        assertThat(cli.run("verify", "--server-saturated", both.toString())).isEqualTo(1);
        assertThat(cli.out()).contains("getUser: not the server saturated alone; the limit was both sides' CPU");
        Path neither = run("neither", REMOTE, loaded("getUser", 120, 200));
        assertThat(cli.run("verify", "--server-saturated", neither.toString())).isEqualTo(1);
        assertThat(cli.out()).contains("the limit was neither side's CPU");
        // without the option, the same records pass: which side was saturated is no check unless asked
        assertThat(cli.run("verify", client.toString(), both.toString(), neither.toString())).isZero();
    }

    @Test
    void aRecordThatDoesNotSayTheServersCoresIsNoCapacityFigure() throws Exception {
        // an older record: no account of the server's meter, and no saturation field either
        Path older = run("older", null, loaded("getUser", 190, 50));
        Path file = older.resolve(Records.FILE);
        Files.writeString(file, Files.readString(file).replaceAll("(?s),\\s*\"saturated\" : \\{.*?\"clients\" : \\[.*?\\]\\s*\\}", ""));
        assertThat(Files.readString(file)).doesNotContain("saturated");
        assertThat(cli.run("verify", "--server-saturated", older.toString())).isEqualTo(1);
        assertThat(cli.out()).contains("getUser: not the server saturated alone; the limit was not known (server 190% (cores not known)");
    }

    @Test
    void noRunDirectoryIsBadInput() {
        assertThat(cli.run("verify", "--server-saturated", dir.resolve("nothing").toString())).isEqualTo(2);
        assertThat(cli.errLines()).hasSize(1);
    }
}
