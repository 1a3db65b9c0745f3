package org.rpcbench.runs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rpcbench.record.Records;
import org.rpcbench.report.Runs;

/**
 * A pair run's processes, real ones, against stand-in servers and clients ({@link StandInGo}): the ready line
 * waited for, the run recorded, a server that dies or never gets ready, a server that ignores SIGTERM, a stop
 * under way; after each, no process of the run is left.
 */
class PairRunTest {
    @TempDir
    Path root;

    Checkout checkout;
    Path record;
    final Stop stop = new Stop(ProcessStarter.SYSTEM, Duration.ofSeconds(2));

    @BeforeEach
    void standIn() throws Exception {
        checkout = StandInGo.checkout(root, "ready", "dies", "deaf", "mute", "badswitch");
        record = root.resolve("prepared.json");
        Records.write(Runs.run("ready", "none", List.of(Runs.closedCase("getUser", 1000, 2))), record);
    }

    PairRunSettings settings(String pair, String clientArgs) {
        return settings(pair, clientArgs, b -> {});
    }

    PairRunSettings settings(String pair, String clientArgs, Consumer<PairRunSettings.Builder> change) {
        PairRunSettings.Builder b = PairRunSettings.of(checkout, StandInGo.pair(pair), PairRunSettings.Side.PAIR);
        b.clientArgs = PairRunSettings.Builder.words(clientArgs);
        b.resultFile = root.resolve("results/" + pair + "/jmh.json");
        b.log = root.resolve("results/" + pair + "/benchmark.log");
        b.readyTimeout = Duration.ofSeconds(3);
        change.accept(b);
        return b.build();
    }

    PairRun.Result run(PairRunSettings s) throws Exception {
        return new PairRun(s, stop, Clock.systemDefaultZone(), System.out, System.err).run();
    }

    String log(String pair) throws Exception {
        return Files.readString(root.resolve("results/" + pair + "/benchmark.log"), StandardCharsets.UTF_8);
    }

    @Test
    void aRunStartsTheServerWaitsForItRunsTheClientAndKeepsTheRecord() throws Exception {
        PairRun.Result r = run(settings("ready", "record=" + record, b -> b.historyStore = root.resolve("history.db").toString()));
        assertThat(r.exit()).as(log("ready")).isZero();
        assertThat(r.stopped()).isFalse();
        assertThat(r.records()).containsExactly(root.resolve("results/ready/run.json"));
        assertThat(Records.read(r.records().get(0)).binding()).isEqualTo("ready");
        assertThat(log("ready")).contains("benchmark.sh: ready server on 127.0.0.1:4242 (pid ").contains("client done")
                .contains("history: 1 run recorded in " + root.resolve("history.db"));
        assertThat(Files.readString(root.resolve("results/ready/server.log"))).contains("rpc-bench server stopped: ready");
        assertThat(StandInGo.alive(root)).isEmpty();
        assertThat(root.resolve("results/ready/" + ResultDirs.CLAIM)).doesNotExist();
    }

    @Test
    void aFailedRunUnderOverwriteDoesNotPassTheOldRecordOffAsItsOwn() throws Exception {
        assertThat(run(settings("ready", "record=" + record)).exit()).isZero();
        assertThat(root.resolve("results/ready/run.json")).exists();
        PairRun.Result failed = run(settings("ready", "exit=1", b -> b.overwrite = true));
        assertThat(failed.exit()).isEqualTo(1);
        assertThat(failed.records()).as("the old run's record is not this run's").isEmpty();
        assertThat(root.resolve("results/ready/run.json")).doesNotExist();
    }

    @Test
    void aSweepRunsTheClientOncePerConcurrencyAgainstOneServer() throws Exception {
        PairRun.Result r = run(settings("ready", "record=" + record, b -> b.concurrency = List.of(4, 16)));
        assertThat(r.exit()).isZero();
        assertThat(StandInGo.calls(root)).containsExactly("client ready 4", "client ready 16");
        assertThat(r.records()).containsExactly(root.resolve("results/ready/c4/run.json"), root.resolve("results/ready/c16/run.json"));
        assertThat(log("ready")).contains("benchmark.sh: concurrency 4").contains("benchmark.sh: concurrency 16");
        assertThat(Files.readString(root.resolve("results/ready/server.log")).split("server ready", -1)).as("one server").hasSize(2);
    }

    @Test
    void aServerThatDiesMidRunStopsTheRunWithinSecondsAndLeavesNothing() throws Exception {
        long start = System.nanoTime();
        PairRun.Result r = run(settings("dies", "sleep=60"));
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(30));
        assertThat(r.exit()).isEqualTo(1);
        assertThat(log("dies")).contains("benchmark.sh: the dies server died during the run; stopping the client");
        assertThat(StandInGo.alive(root)).isEmpty();
    }

    @Test
    void aServerThatNeverGetsReadyOrRefusesItsSwitchIsSaidInOneLine() throws Exception {
        PairRun.Result mute = run(settings("mute", "exit=0"));
        assertThat(mute.exit()).isEqualTo(1);
        assertThat(log("mute")).contains("benchmark.sh: the mute server printed no ready line within 3s");
        PairRun.Result bad = run(settings("badswitch", "exit=0"));
        assertThat(bad.exit()).as("a bad switch is bad input").isEqualTo(2);
        assertThat(log("badswitch")).contains("benchmark.sh: the badswitch server did not start: rpc-bench server: switch x.y: no such switch");
        assertThat(StandInGo.calls(root)).as("no client ran").isEmpty();
        assertThat(StandInGo.alive(root)).isEmpty();
    }

    @Test
    void aServerThatIgnoresSigtermIsKilled() throws Exception {
        PairRun.Result r = run(settings("deaf", "record=" + record));
        assertThat(r.exit()).isZero();
        assertThat(StandInGo.alive(root)).isEmpty();
    }

    @Test
    void aStopEndsEveryProcessOfTheRunWhichIsNoResult() throws Exception {
        PairRunSettings s = settings("ready", "sleep=60", b -> b.historyStore = root.resolve("history.db").toString());
        CompletableFuture<PairRun.Result> running = CompletableFuture.supplyAsync(() -> {
            try {
                return run(s);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        Path started = root.resolve("go/target/bin/client-started");
        for (int i = 0; i < 300 && !Files.exists(started); i++) {
            Thread.sleep(100);
        }
        assertThat(started).exists();
        assertThat(StandInGo.alive(root)).hasSizeGreaterThanOrEqualTo(3); // server, client, the client's child
        stop.request(Stop.INTERRUPTED);
        PairRun.Result r = running.get(30, TimeUnit.SECONDS);
        assertThat(r.stopped()).isTrue();
        assertThat(r.exit()).isEqualTo(Stop.INTERRUPTED);
        assertThat(StandInGo.alive(root)).isEmpty();
        assertThat(log("ready")).doesNotContain("history:");
        assertThat(root.resolve("history.db")).doesNotExist();
    }

    @Test
    void nothingStartsAfterAStop() throws Exception {
        stop.request(Stop.TERMINATED);
        PairRun.Result r = run(settings("ready", "record=" + record));
        assertThat(r.stopped()).isTrue();
        assertThat(r.exit()).isEqualTo(Stop.TERMINATED);
        assertThat(root.resolve("go/target/bin/pids")).doesNotExist();
    }

    @Test
    void theCommandLinesCarryWhatTheSettingsSay() {
        PairRunSettings s = new RunShape("-f 0  -wi 1 getUser", List.of(8), false, List.of("-Xmx1g"), List.of("-Xmx2g"))
                .settings(Checkout.copyOf(root, "test"), new Pair("dubbo-hessian", "java", 20880), List.of("dubbo.filters=default"),
                        root.resolve("r"), null).build();
        Launch launch = new Launch(s, new Pinning("0", "1-3"), null);
        assertThat(launch.server(0, null, null)).containsExactly("taskset", "-c", "0", "java", "-Xmx1g",
                "-Drpcbench.switch.dubbo.filters=default", "-jar", root.resolve("dubbo-hessian-server/target/dubbo-hessian-server.jar").toString(),
                "--host", "127.0.0.1", "--port", "0");
        assertThat(launch.client(4711, root.resolve("r/jmh.json"), 8, 99, null)).containsExactly("taskset", "-c", "1-3", "java", "-Xmx2g",
                "-Drpcbench.switch.dubbo.filters=default", "-jar", root.resolve("dubbo-hessian-client/target/dubbo-hessian-client.jar").toString(),
                "--host", "127.0.0.1", "--port", "4711", "--result", root.resolve("r/jmh.json").toString(), "--concurrency", "8",
                "--server-pid", "99", "-f", "0", "-wi", "1", "getUser");
        PairRunSettings.Builder go = PairRunSettings.of(Checkout.copyOf(root, "test"), StandInGo.pair("grpc-go"), PairRunSettings.Side.PAIR);
        go.switches = List.of("calibration.spin-ns=5");
        go.resultFile = root.resolve("g/jmh.json");
        assertThat(new Launch(go.build(), Pinning.NONE, null).server(0, null, null)).containsExactly(root.resolve("go/target/bin/rpcbench-go").toString(),
                "server", "--pair", "grpc-go", "--switch", "calibration.spin-ns=5", "--host", "127.0.0.1", "--port", "0");
    }

    @Test
    void aMeterPortReachesTheServerAndItsClientReadsItInsteadOfThePid() {
        PairRunSettings.Builder java = PairRunSettings.of(Checkout.copyOf(root, "test"), new Pair("dubbo-hessian", "java", 20880),
                PairRunSettings.Side.PAIR);
        java.resultFile = root.resolve("r/jmh.json");
        java.host = "10.0.0.7";
        java.meterPort = 7071;
        Launch launch = new Launch(java.build(), Pinning.NONE, null);
        assertThat(launch.server(20880, null, null)).endsWith("--host", "10.0.0.7", "--port", "20880", "--meter-port", "7071");
        assertThat(launch.client(20880, root.resolve("r/jmh.json"), null, 99, null)).contains("--server-meter", "10.0.0.7:7071")
                .doesNotContain("--server-pid");
        // the Go client reads it over the network too
        PairRunSettings.Builder go = PairRunSettings.of(Checkout.copyOf(root, "test"), StandInGo.pair("grpc-go"), PairRunSettings.Side.PAIR);
        go.resultFile = root.resolve("g/jmh.json");
        go.meterPort = 7071;
        Launch goLaunch = new Launch(go.build(), Pinning.NONE, null);
        assertThat(goLaunch.server(0, null, null)).endsWith("--meter-port", "7071");
        assertThat(goLaunch.client(50051, root.resolve("g/jmh.json"), null, 99, null)).contains("--server-meter", "127.0.0.1:7071")
                .doesNotContain("--server-pid");
        // 0: no endpoint, as without the option
        java.meterPort = 0;
        assertThat(new Launch(java.build(), Pinning.NONE, null).server(0, null, null)).doesNotContain("--meter-port");
        assertThat(Launch.meterAddress("::1", 7071)).isEqualTo("[::1]:7071");
    }

    @Test
    void aServerAloneServesUntilAStop() throws Exception {
        PairRunSettings s = PairRunSettings.of(checkout, StandInGo.pair("ready"), PairRunSettings.Side.SERVER).build();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        CompletableFuture<Integer> serving = CompletableFuture.supplyAsync(() -> {
            try {
                return new PairRun(s, stop, Clock.systemDefaultZone(), new PrintStream(out, true), System.err).serve();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        for (int i = 0; i < 300 && StandInGo.alive(root).isEmpty(); i++) {
            Thread.sleep(100);
        }
        assertThat(StandInGo.alive(root)).isNotEmpty();
        stop.request(Stop.TERMINATED);
        assertThat(serving.get(30, TimeUnit.SECONDS)).isEqualTo(Stop.TERMINATED);
        assertThat(StandInGo.alive(root)).isEmpty();
    }
}
