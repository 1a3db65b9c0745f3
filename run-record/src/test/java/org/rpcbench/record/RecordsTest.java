package org.rpcbench.record;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RecordsTest {

    /** A record the launcher wrote before records were typed (format 1), kept as it was written. */
    static final Path FORMAT_1 = Path.of("src", "test", "resources", "format1-run.json");

    @Test
    void aRecordWrittenBeforeSchemasStillReads() throws Exception {
        RunRecord r = Records.read(FORMAT_1);
        assertThat(r.schemaVersion()).isEqualTo(1);
        assertThat(r.model()).isEqualTo(RunRecord.EPOCH_TIMES);
        assertThat(r.binding()).isEqualTo("dubbo-hessian");
        assertThat(r.passed()).isTrue();
        assertThat(r.threads()).isEqualTo(32);
        assertThat(r.framework()).containsEntry("serialization", "hessian2").containsEntry("frameworkVersion", "3.3.6");
        assertThat(r.jmh().measurementIterations()).isEqualTo(2);
        assertThat(r.environment().runtimeName()).isEqualTo("Java 17.0.15");
        assertThat(r.settingsHash()).isEqualTo("92603c69ebc76e73");

        CaseRecord getUser = r.find("getUser");
        assertThat(getUser.calls()).isEqualTo(9468);
        assertThat(getUser.opsError()).isNaN();
        assertThat(getUser.latencyMs().p999()).isEqualTo(78.446591);
        assertThat(getUser.allScores()).containsExactly(2967.760141385089, 6370.705940325026);
        assertThat(getUser.wireBytes().requestBytes()).isEqualTo(188.06);
        // figures it did not keep are derived as they were defined then
        assertThat(getUser.answered()).isEqualTo(getUser.opsPerSecond());
        assertThat(getUser.perCall("serverCpuMicros")).isCloseTo(80.18010001240249 / 100 * 2.120226839 * 1e6 / 9468, within(1e-9));
        assertThat(getUser.perCall("serverAllocBytes")).isNaN();
        assertThat(getUser.steady()).isNull();
        assertThat(getUser.iterations()).isEmpty();
    }

    @Test
    void aRecordReadsBackAsItWasWrittenWithUnknownFiguresAsNull(@TempDir Path dir) throws Exception {
        RunRecord written = Samples.run("dubbo-kryo", "kryo", 32, List.of(Samples.closedCase("getUser", 1000, 2.5, 0)));
        Path file = dir.resolve(Records.FILE);
        Records.write(written, file);
        String json = Files.readString(file);
        assertThat(json).contains("\"schema\" : 2").contains("\"failedLatencyMs\" : null").doesNotContain("NaN")
                .doesNotContain("targetRate");
        RunRecord back = Records.read(file);
        assertThat(back).isEqualTo(written);
        assertThat(back.find("getUser").failedLatencyMs()).isNull();
        assertThat(back.schemaVersion()).isEqualTo(2);
        // not measured is null in JSON and NaN in Java, both ways
        String none = Json.MAPPER.writeValueAsString(Latency.NONE);
        assertThat(none).contains("\"p99.9\" : null").contains("\"samples\" : 0");
        assertThat(Json.MAPPER.readValue(none, Latency.class).p99()).isNaN();
    }

    @Test
    void whyTheWireBytesWereNotMeasuredReadsBackAndIsAbsentWhenTheyWere(@TempDir Path dir) throws Exception {
        RunRecord measured = Samples.run("dubbo-kryo", "kryo", 32, List.of(Samples.closedCase("getUser", 1000, 2.5, 0)));
        Path file = dir.resolve(Records.FILE);
        Records.write(measured, file);
        assertThat(Files.readString(file)).doesNotContain("wireBytesNotMeasured");
        RunRecord skipped = measured.withWireBytesNotMeasured("skipped (--no-wire-bytes)");
        Records.write(skipped, file);
        assertThat(Files.readString(file)).contains("\"wireBytesNotMeasured\" : \"skipped (--no-wire-bytes)\"");
        assertThat(Records.read(file)).isEqualTo(skipped);
        // a record that says why keeps saying it when merged
        assertThat(skipped.mergedFrom(List.of("a", "b")).wireBytesNotMeasured()).isEqualTo("skipped (--no-wire-bytes)");
    }

    @Test
    void theOrderTheCasesRanInReadsBackAndARecordFromBeforeItHasNone(@TempDir Path dir) throws Exception {
        RunRecord unordered = Samples.run("dubbo-kryo", "kryo", 32, List.of(Samples.closedCase("getUser", 1000, 2.5, 0),
                Samples.closedCase("listUser", 500, 4.5, 0)));
        Path file = dir.resolve(Records.FILE);
        Records.write(unordered, file);
        assertThat(Files.readString(file)).doesNotContain("caseOrder");
        RunRecord ordered = unordered.withCaseOrder(new CaseOrder(7L, List.of("listUser", "getUser"), List.of("listUser", "getUser")));
        Records.write(ordered, file);
        assertThat(Files.readString(file)).contains("\"caseOrder\"").contains("\"seed\" : 7");
        RunRecord back = Records.read(file);
        assertThat(back).isEqualTo(ordered);
        assertThat(back.caseOrder().ran()).containsExactly("listUser", "getUser");
        assertThat(back.caseOrder().kept()).isTrue();
        // the order asked and the settings' hash: a run in another order is comparable with this one
        assertThat(back.hash()).isEqualTo(unordered.hash());
        assertThat(ordered.withWireBytesNotMeasured("x").withHash().mergedFrom(List.of("a")).caseOrder()).isEqualTo(ordered.caseOrder());
        assertThat(Records.parse(minimal("")).caseOrder()).as("a record from before the order was written").isNull();
    }

    @Test
    void anOrderIsKeptWhenTheCasesStartedAsAskedOrStoppedPartWay() {
        assertThat(new CaseOrder(null, List.of("a", "b", "c"), List.of("a", "b")).kept()).isTrue();
        assertThat(new CaseOrder(null, List.of("a", "b", "c"), List.of("b", "a")).kept()).isFalse();
        assertThat(new CaseOrder(null, List.of("a"), List.of("a", "b")).kept()).isFalse();
    }

    /** The smallest record every writer has always written, with {@code extra} keys in front. */
    static String minimal(String extra) {
        return "{" + extra + "\"binding\": \"rpcx\", \"cases\": [], \"jmh\": {\"threads\": 100, \"forks\": 1},"
                + " \"environment\": {\"runtime\": \"go1.26.8\", \"hostname\": \"h\", \"date\": \"2026-11-25T12:00:00Z\"}}";
    }

    @Test
    void aRecordWrittenBeforeThreadsWereReadHasTheirFiguresUnknownNeverZero(@TempDir Path dir) throws Exception {
        RunRecord written = Samples.run("dubbo-kryo", "kryo", 32, List.of(Samples.closedCase("getUser", 1000, 2.5, 0)));
        Path file = dir.resolve(Records.FILE);
        Records.write(written, file);
        // as a writer without them wrote it: no thread keys anywhere
        com.fasterxml.jackson.databind.JsonNode tree = Json.MAPPER.readTree(file.toFile());
        tree.findParents("serverServiceCpuMicros").forEach(n -> ((com.fasterxml.jackson.databind.node.ObjectNode) n)
                .retain("serverCpuMicros", "clientCpuMicros", "serverAllocBytes", "clientAllocBytes"));
        tree.findParents("serverThreadCpu").forEach(n -> ((com.fasterxml.jackson.databind.node.ObjectNode) n)
                .remove(List.of("serverThreadCpu", "clientThreadCpu")));
        String json = Json.MAPPER.writeValueAsString(tree);
        assertThat(json).doesNotContain("ServiceCpuMicros").doesNotContain("ThreadCpu").contains("serverCpuMicros");
        CaseRecord old = Records.parse(json).find("getUser");
        for (String side : List.of("server", "client")) {
            for (String part : PerCall.THREAD_PARTS) {
                assertThat(old.perCall().get(side + part + "CpuMicros")).as(side + part).isNaN();
                assertThat(old.perCall(side + part + "CpuMicros")).as(side + part).isNaN();
                assertThat(old.steady().perCall().get(side + part + "CpuMicros")).isNaN();
                assertThat(old.iterations().get(0).perCall(side + part + "CpuMicros")).isNaN();
            }
        }
        assertThat(old.iterations().get(0).serverThreadCpu()).isNull();
        assertThat(old.perCall("serverCpuMicros")).isEqualTo(20);
    }

    @Test
    void theThreadsFiguresReadBackAsWritten(@TempDir Path dir) throws Exception {
        CaseRecord c = Samples.closedCase("getUser", 1000, 2.5, 0);
        ThreadCpu threads = new ThreadCpu(5_000_000_123L, 40_000_007L, 3_000_001L, 999L, 1);
        IterationRecord i = c.iterations().get(0);
        IterationRecord withThreads = new IterationRecord(i.fork(), i.index(), i.seconds(), i.score(), i.calls(), i.errors(),
                i.serverCpuNanos(), i.clientCpuNanos(), i.serverAllocBytes(), i.clientAllocBytes(), i.latencyMs(), threads, null);
        PerCall perCall = new PerCall(20, 16, 40, 32, 18.5, 0.25, 0.125, 0.0625, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
        CaseRecord measured = new CaseRecord(c.name(), c.opsPerSecond(), c.opsError(), c.iterationScores(), c.answeredPerSecond(),
                c.latencyMs(), c.failedLatencyMs(), c.calls(), c.errors(), c.warmupCalls(), c.warmupErrors(), c.problems(),
                c.stillClimbing(), c.wireBytes(), c.cpuAndGc(), perCall, List.of(withThreads), c.steady(), null, null, null, null, null);
        RunRecord written = Samples.run("dubbo-kryo", "kryo", 32, List.of(measured));
        Path file = dir.resolve(Records.FILE);
        Records.write(written, file);
        assertThat(Files.readString(file)).contains("\"serverServiceCpuMicros\" : 18.5").contains("\"clientGcCpuMicros\" : null")
                .contains("\"serviceNanos\" : 5000000123").contains("\"clientThreadCpu\" : null");
        RunRecord back = Records.read(file);
        assertThat(back).isEqualTo(written);
        assertThat(back.find("getUser").iterations().get(0).perCall("serverJitCpuMicros")).isCloseTo(40_000.007 / 250, within(1e-9));
    }

    @Test
    void keysAWriterOfTheSameSchemaAddedAreIgnoredAndAMissingHashIsComputed() throws Exception {
        RunRecord r = Records.parse(minimal("\"schema\": 2, \"somethingNew\": {\"x\": 1}, "));
        assertThat(r.binding()).isEqualTo("rpcx");
        assertThat(r.hash()).hasSize(16);
        assertThat(r.loop()).isEqualTo(RunRecord.CLOSED_LOOP);
        assertThat(Records.parse(minimal("")).schemaVersion()).as("a record that names no schema is of the first").isEqualTo(1);
    }

    @Test
    void aRecordOfANewerSchemaIsRefusedInOneLineNamingTheFileAndTheVersion(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("run.json");
        Files.writeString(file, minimal("\"schema\": 99, "));
        assertThatThrownBy(() -> Records.read(file)).isInstanceOf(IOException.class)
                .hasMessage("cannot read the run record " + file + ": its schema is 99, newer than the 2 this rpc-bench reads"
                        + " (read it with the rpc-bench that wrote it)");
        Files.writeString(file, minimal("\"format\": 3, "));
        assertThatThrownBy(() -> Records.read(file)).hasMessageContaining("its schema is 3,");
        Files.writeString(file, minimal("\"schema\": \"two\", "));
        assertThatThrownBy(() -> Records.read(file)).hasMessageEndingWith("its schema is \"two\", not a schema version");
    }

    @Test
    void aRecordThatLacksARequiredPartIsRefusedWithEveryMissingPartNamed(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("run.json");
        // the record of the issue: a binding and a schema, nothing else
        Files.writeString(file, "{\"binding\":\"dubbo-hessian\",\"schema\":2}");
        assertThatThrownBy(() -> Records.read(file)).hasMessage("cannot read the run record " + file
                + ": it lacks cases, environment, jmh");
        Files.writeString(file, minimal("\"loop\": \"open-loop\", "));
        assertThatThrownBy(() -> Records.read(file)).hasMessageEndingWith(": it lacks openLoop");
        Files.writeString(file, minimal("").replace("\"cases\": []", "\"cases\": [{\"calls\": 3}, 7]")
                .replace("\"hostname\": \"h\", ", ""));
        assertThatThrownBy(() -> Records.read(file))
                .hasMessageEndingWith(": it lacks environment.hostname, cases[0].name, cases[1] (not an object)");
        Files.writeString(file, minimal("").replace("\"cases\": []", "\"cases\": \"none\""));
        assertThatThrownBy(() -> Records.read(file)).hasMessageEndingWith(": it lacks cases (a string where a list belongs)");
        Files.writeString(file, minimal("").replace("\"cases\": []", "\"cases\": [{\"name\": \"getUser\", \"calls\": \"many\"}]"));
        assertThatThrownBy(() -> Records.read(file)).hasMessageStartingWith("cannot read the run record " + file + ": ")
                .hasMessageContaining("many").satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    @Test
    void somethingThatIsNotARunRecordIsSaidSo(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("run.json");
        Files.writeString(file, "{\"hello\": 1}");
        assertThatThrownBy(() -> Records.read(file)).hasMessageContaining("not a run record: it lacks binding, cases, environment, jmh");
        Files.writeString(file, "[1, 2]");
        assertThatThrownBy(() -> Records.read(file)).hasMessageContaining("not a run record (not a JSON object)");
        Files.writeString(file, "{\"binding\": ");
        assertThatThrownBy(() -> Records.read(file)).hasMessageStartingWith("cannot read the run record " + file);
    }

    @Test
    void theHashIgnoresWhenAndWhereButNotWhatWasMeasured() {
        RunRecord a = Samples.run("dubbo-kryo", "kryo", 32, List.of());
        RunRecord later = Samples.withEnvironment(a, new Environment(null, "17.0.15", "OpenJDK 64-Bit Server VM", "Linux", "Test CPU", 2, "other-host",
                "abc", "none", "elsewhere", "2027-01-01T00:00:00Z"));
        assertThat(SettingsHash.of(later)).isEqualTo(SettingsHash.of(a));
        assertThat(SettingsHash.of(Samples.run("dubbo-kryo", "kryo", 64, List.of()))).isNotEqualTo(SettingsHash.of(a));
        assertThat(SettingsHash.of(Samples.run("dubbo-kryo", "fst", 32, List.of()))).isNotEqualTo(SettingsHash.of(a));
    }

    @Test
    void whereTheServersMetersCameFromReadsBackAndIsAbsentFromOlderRecords(@TempDir Path dir) throws Exception {
        RunRecord older = Samples.run("dubbo-kryo", "kryo", 32, List.of(Samples.closedCase("getUser", 1000, 2.5, 0)));
        Path file = dir.resolve(Records.FILE);
        Records.write(older, file);
        assertThat(Files.readString(file)).doesNotContain("serverMeter");
        assertThat(Records.read(file).environment().serverMeter()).isNull();
        Environment e = older.environment();
        ServerMeter meter = new ServerMeter(ServerMeter.ENDPOINT, "10.0.0.7:7071", "node-b", "Other CPU", 16, "go");
        RunRecord remote = Samples.withEnvironment(older, new Environment(e.runtime(), e.jdk(), e.jvm(), e.os(), e.cpuModel(), e.cores(),
                e.hostname(), e.gitCommit(), e.cpuPinning(), e.serverCommand(), e.date(), meter));
        Records.write(remote, file);
        assertThat(Records.read(file).environment().serverMeter()).isEqualTo(meter);
        // where the server was read is no setting of the run: its hash stays
        assertThat(SettingsHash.of(remote)).isEqualTo(SettingsHash.of(older));
        Records.write(Samples.withEnvironment(older, new Environment(e.runtime(), e.jdk(), e.jvm(), e.os(), e.cpuModel(), e.cores(),
                e.hostname(), e.gitCommit(), e.cpuPinning(), e.serverCommand(), e.date(), ServerMeter.none())), file);
        assertThat(Files.readString(file)).contains("\"serverMeter\" : {\n      \"source\" : \"none\"\n    }");
    }

    @Test
    void aRunPassesOnlyWithEveryCaseAndNoError() {
        CaseRecord ok = Samples.closedCase("getUser", 1000, 2, 0);
        CaseRecord bad = Samples.closedCase("listUser", 1000, 2, 3);
        assertThat(Samples.run("p", "s", 32, List.of(ok)).passed()).isTrue();
        assertThat(Samples.run("p", "s", 32, List.of(ok, bad)).passed()).isFalse();
        assertThat(RunRecord.of("m", "p-client", "p", "t", RunRecord.CLOSED_LOOP, Map.of(), null, null, null, List.of(ok),
                List.of("listUser")).passed()).isFalse();
        assertThat(Samples.run("p", "s", 32, List.of()).passed()).isFalse();
    }

    @Test
    void recordsAreFoundBelowADirectory(@TempDir Path dir) throws Exception {
        RunRecord r = Samples.run("dubbo-kryo", "kryo", 32, List.of());
        Records.write(r, dir.resolve("a/run.json"));
        Records.write(r, dir.resolve("b/c100/run.json"));
        Records.write(r, dir.resolve("b/other.run.json"));
        Files.writeString(dir.resolve("b/jmh.json"), "{}");
        assertThat(Records.find(dir)).hasSize(3);
        assertThat(Records.besideResult(dir.resolve("jmh.json"))).isEqualTo(dir.resolve("run.json"));
        assertThat(Records.besideResult(dir.resolve("x.json"))).isEqualTo(dir.resolve("x.run.json"));
        assertThatThrownBy(() -> Records.find(dir.resolve("nothing"))).hasMessageContaining("no run record at");
    }
}
