package org.rpcbench.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rpcbench.binding.InMemoryBinding;
import org.rpcbench.meter.Meter;
import org.rpcbench.meter.MeterEndpoint;
import org.rpcbench.meter.NodeIdentity;
import org.rpcbench.meter.ProcessMeter;
import org.rpcbench.meter.ProcessReading;
import org.rpcbench.record.CaseRecord;
import org.rpcbench.record.Records;
import org.rpcbench.record.RunRecord;
import org.rpcbench.record.ServerMeter;

/** The launcher end to end, with JMH running in this JVM (-f 0) against the in-memory binding. */
class ClientMainTest {

    @BeforeAll
    static void shareTheJmhLock() {
        // these runs check behaviour, not speed: another benchmark on this machine must not fail them
        System.setProperty("jmh.ignoreLock", "true");
    }
    final ByteArrayOutputStream out = new ByteArrayOutputStream();
    final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @AfterEach
    void honest() {
        InMemoryBinding.down = false;
        InMemoryBinding.lying = false;
        InMemoryBinding.lyingFromConnection = Integer.MAX_VALUE;
    }

    int run(String... args) {
        return ClientMain.run(new InMemoryBinding(), args, new PrintStream(out, true), new PrintStream(err, true));
    }

    String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    String[] tiny(Path dir, String... cases) {
        String[] base = {"--result", dir.resolve("jmh.json").toString(), "--steady-warmup", "0", "-f", "0", "-wi", "1",
                "-w", "100ms", "-i", "2", "-r", "200ms", "-t", "8"};
        String[] all = java.util.Arrays.copyOf(base, base.length + cases.length);
        System.arraycopy(cases, 0, all, base.length, cases.length);
        return all;
    }

    @Test
    void aCleanRunWritesBothFilesAndExitsZero(@TempDir Path dir) throws Exception {
        // windows long enough that a loaded machine's late wake-ups at their edges stay well inside the bounds below
        String[] args = tiny(dir, "getUser", "listUser");
        args[java.util.Arrays.asList(args).indexOf("100ms")] = "400ms";
        args[java.util.Arrays.asList(args).indexOf("200ms")] = "400ms";
        InMemoryBinding.CONNECTIONS.set(0);
        InMemoryBinding.CLOSED.set(0);
        int exit = run(args);
        assertThat(exit).as(err()).isZero();
        // each case's connection is closed when its threads are done, as are the preflight's and the wire's
        assertThat(InMemoryBinding.CLOSED.get()).isEqualTo(InMemoryBinding.CONNECTIONS.get()).isGreaterThanOrEqualTo(2);
        RunRecord record = Records.read(dir.resolve("run.json"));
        assertThat(record.passed()).isTrue();
        assertThat(record.schemaVersion()).isEqualTo(RunRecord.SCHEMA);
        assertThat(record.cases()).hasSize(2);
        CaseRecord getUser = record.cases().get(0);
        assertThat(getUser.name()).isEqualTo("getUser");
        assertThat(getUser.opsPerSecond()).isPositive();
        assertThat(getUser.calls()).isPositive();
        assertThat(getUser.errors()).isZero();
        // the calls counted are those of JMH's measured windows: counting the warm-up too would add half, counting one
        // iteration would lose half; the edges of a window on a loaded machine move it by far less
        double jmhOps = getUser.iterations().stream().mapToDouble(i -> i.score() * i.seconds()).sum();
        assertThat((double) getUser.calls()).isBetween(jmhOps * 0.7, jmhOps * 1.3);
        assertThat(getUser.iterations()).hasSize(2);
        assertThat(getUser.iterations().get(1).calls()).isPositive();
        assertThat(getUser.latencyMs().p99()).isPositive();
        // this JVM ran the benchmark (-f 0): its CPU is the client's; the in-memory binding has no wire
        assertThat(getUser.cpuAndGc().client().cpuPercentOfCore()).isPositive();
        assertThat(getUser.perCall().clientCpuMicros()).isPositive();
        assertThat(getUser.perCall().clientAllocBytes()).isPositive();
        assertThat(getUser.cpuAndGc().server()).isNull();
        assertThat(getUser.perCall().serverCpuMicros()).isNaN();
        assertThat(getUser.wireBytes()).isNull();
        assertThat(getUser.steady()).isNotNull();
        assertThat(record.jmh().threads()).isEqualTo(8);
        assertThat(record.environment().cores()).isPositive();
        assertThat(record.environment().serverMeter()).isEqualTo(ServerMeter.none());
        assertThat(record.settingsHash()).hasSize(16);
        assertThat(Files.readString(dir.resolve("jmh.json"))).contains("UserServiceBenchmark.getUser");
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("p99.9 ms").contains("listUser");
    }

    @Test
    void theWarmUpUntilTheCompilersAreQuietIsRecordedAndItsCallsCountAsWarmUp(@TempDir Path dir) throws Exception {
        String[] args = tiny(dir, "getUser");
        args[3] = "1"; // --steady-warmup 1: at most a second
        assertThat(run(args)).as(err()).isZero();
        CaseRecord c = Records.read(dir.resolve("run.json")).cases().get(0);
        assertThat(c.jitWarmups()).hasSize(1);
        assertThat(c.jitWarmups().get(0).seconds()).isBetween(0.9, 30.0);
        assertThat(c.jitWarmups().get(0).clientJitSeconds()).isGreaterThanOrEqualTo(0);
        assertThat(c.warmupCalls()).isGreaterThan((long) (c.jitWarmups().get(0).lastCallsPerSecond() * 0.5));
        assertThat(out.toString(StandardCharsets.UTF_8)).containsPattern("JITs quiet after|JIT still compiling");
    }

    @Test
    void wrongAnswersFailTheRunAndAreShown(@TempDir Path dir) throws Exception {
        // the preflight's connection answers right; the benchmark's goes bad, as a server might mid-run
        InMemoryBinding.CONNECTIONS.set(0);
        InMemoryBinding.lyingFromConnection = 1;
        int exit = run(tiny(dir, "getUser"));
        assertThat(exit).isEqualTo(1);
        RunRecord record = Records.read(dir.resolve("run.json"));
        assertThat(record.passed()).isFalse();
        CaseRecord c = record.cases().get(0);
        assertThat(c.allErrors()).isPositive();
        assertThat(c.problems().get(0)).contains("wrong answer: user");
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("FAILED");
        assertThat(err()).contains("run FAILED");
    }

    @Test
    void aGroupsCasesRunAtOnceEachWithItsCallersTallyAndScore(@TempDir Path dir) throws Exception {
        String[] args = tiny(dir, "stability");
        args[3] = "1"; // --steady-warmup 1: the grouped warm-up too
        args[java.util.Arrays.asList(args).indexOf("8")] = "20";
        args[java.util.Arrays.asList(args).indexOf("100ms")] = "400ms";
        args[java.util.Arrays.asList(args).indexOf("200ms")] = "1s";
        assertThat(run(args)).as(err()).isZero();
        RunRecord record = Records.read(dir.resolve("run.json"));
        assertThat(record.passed()).isTrue();
        assertThat(record.cases()).extracting(CaseRecord::name).containsExactly("echo5K", "echoPojo", "echoPersons");
        assertThat(record.jmh().threads()).isEqualTo(20);
        assertThat(record.jmh().callersAtOnce()).containsExactly(java.util.Map.entry("echo5K", 7), java.util.Map.entry("echoPersons", 6),
                java.util.Map.entry("echoPojo", 7));
        assertThat(record.jmh().describe()).contains("at once: echo5K 7, echoPersons 6, echoPojo 7");
        double sum = 0;
        for (CaseRecord c : record.cases()) {
            assertThat(c.calls()).as(c.name()).isPositive();
            assertThat(c.allErrors()).as(c.name()).isZero();
            assertThat(c.iterations()).as(c.name()).hasSize(2);
            assertThat(c.jitWarmups()).as(c.name()).hasSize(1);
            assertThat(c.warmupCalls()).as(c.name()).isPositive();
            // each case's own score, not the group's sum: its calls over the same windows, whose length is kept
            assertThat(c.cpuAndGc().client()).as(c.name() + ": the process's use was all three cases'").isNull();
            double jmhOps = c.iterations().stream().mapToDouble(i -> i.score() * i.seconds()).sum();
            assertThat((double) c.calls()).as(c.name()).isBetween(jmhOps * 0.7, jmhOps * 1.3);
            sum += c.opsPerSecond();
        }
        String jmh = Files.readString(dir.resolve("jmh.json"));
        assertThat(jmh).contains("UserServiceBenchmark.stability").contains("stability_echoPersons");
        double groupScore = new com.fasterxml.jackson.databind.ObjectMapper().readTree(jmh).get(0).get("primaryMetric").get("score").asDouble();
        assertThat(sum).isCloseTo(groupScore, org.assertj.core.data.Percentage.withPercentage(1));
    }

    @Test
    void thePressureScenesStringTakesTheSizeInForceAndEachSizeIsACaseOfItsOwn(@TempDir Path dir) throws Exception {
        // an hour's interval: one size all through the run (unless it straddles the hour, which the test sees)
        System.setProperty(org.rpcbench.rig.Switching.SEED, "1234");
        System.setProperty(org.rpcbench.rig.Switching.EVERY, "3600000");
        try {
            org.rpcbench.cases.PayloadSchedule schedule = org.rpcbench.rig.Switching.schedule();
            org.rpcbench.cases.Case before = schedule.at(System.currentTimeMillis());
            assertThat(run(tiny(dir, "pressure"))).as(err()).isZero();
            org.rpcbench.cases.Case after = schedule.at(System.currentTimeMillis());
            assertThat(out.toString(StandardCharsets.UTF_8)).contains("every 3600000 ms of the wall clock, seed 1234");
            RunRecord record = Records.read(dir.resolve("run.json"));
            assertThat(record.passed()).isTrue();
            // the sizes drawn while JMH measured, then the person and the map
            assertThat(record.cases()).extracting(CaseRecord::name).isSubsetOf("echo20B", "echo1K", "echo50K", "echo200K", "echoPojo",
                    "echoPersons").endsWith("echoPojo", "echoPersons").hasSizeGreaterThan(2);
            assertThat(record.jmh().callersAtOnce()).containsOnlyKeys("echoSwitched", "echoPojo", "echoPersons");
            assertThat(record.cases()).allSatisfy(c -> assertThat(c.allErrors()).as(c.name()).isZero());
            assertThat(record.cases()).allSatisfy(c -> assertThat(c.calls()).as(c.name()).isPositive());
            if (before == after) {
                assertThat(record.cases()).extracting(CaseRecord::name).containsExactly(before.method(), "echoPojo", "echoPersons");
            }
        } finally {
            System.clearProperty(org.rpcbench.rig.Switching.SEED);
            System.clearProperty(org.rpcbench.rig.Switching.EVERY);
        }
    }

    @Test
    void aWrongAnswerInAGroupFailsTheRunAndIsCountedAgainstItsCase(@TempDir Path dir) throws Exception {
        InMemoryBinding.CONNECTIONS.set(0);
        InMemoryBinding.lyingFromConnection = 1;
        assertThat(run(tiny(dir, "stability"))).isEqualTo(1);
        RunRecord record = Records.read(dir.resolve("run.json"));
        assertThat(record.passed()).isFalse();
        assertThat(record.cases()).filteredOn(c -> c.name().equals("echoPersons")).singleElement()
                .satisfies(c -> assertThat(c.allErrors()).isPositive());
        assertThat(record.cases()).filteredOn(c -> !c.name().equals("echoPersons")).allSatisfy(c -> assertThat(c.allErrors()).isZero());
    }

    @Test
    void aCaseAloneAndInItsGroupIsOneLine(@TempDir Path dir) {
        assertThat(run(tiny(dir, "echo5K", "stability"))).isEqualTo(2);
        assertThat(err().lines()).containsExactly("rpc-bench client: echo5K is selected alone and in the group stability, which calls it at"
                + " the same time as its other cases: select one of the two");
    }

    @Test
    void aWrongAnswerBeforeTheRunStopsItAtOnceAsAFailedRunOfAServerThatAnswers(@TempDir Path dir) {
        InMemoryBinding.lying = true;
        assertThat(run(tiny(dir))).isEqualTo(1);
        assertThat(err().lines()).containsExactly("rpc-bench client: run FAILED: the in-memory server at 127.0.0.1:1 answers, but"
                + " getUser gave a wrong answer: user 1: id was 2, expected 1");
    }

    @Test
    void anUnreachableServerIsOneLine(@TempDir Path dir) {
        InMemoryBinding.down = true;
        assertThat(run(tiny(dir))).isEqualTo(3);
        assertThat(err().lines()).containsExactly(
                "rpc-bench client: cannot benchmark in-memory at 127.0.0.1:1: ConnectException: Connection refused: 127.0.0.1:1");
    }

    @Test
    void theServersMetersAreReadOverItsEndpointAtTheWindowsEdges(@TempDir Path dir) throws Exception {
        // the in-memory server is this JVM: its meter endpoint reads this process, as a server's reads its own
        try (MeterEndpoint endpoint = MeterEndpoint.start("127.0.0.1", 0, ProcessMeter.self(), NodeIdentity.here("java"))) {
            String[] closed = tiny(dir.resolve("closed"), "getUser");
            String[] args = java.util.Arrays.copyOf(closed, closed.length + 2);
            args[closed.length] = "--server-meter";
            args[closed.length + 1] = "127.0.0.1:" + endpoint.port();
            assertThat(run(args)).as(err()).isZero();
            RunRecord record = Records.read(dir.resolve("closed/run.json"));
            CaseRecord c = record.cases().get(0);
            assertThat(c.cpuAndGc().server()).isNotNull();
            assertThat(c.perCall().serverCpuMicros()).isNotNegative();
            assertThat(c.perCall().serverAllocBytes()).isPositive();
            ServerMeter meter = record.environment().serverMeter();
            assertThat(meter.source()).isEqualTo(ServerMeter.ENDPOINT);
            assertThat(meter.address()).isEqualTo("127.0.0.1:" + endpoint.port());
            assertThat(meter.node()).isEqualTo(NodeIdentity.localNodeName());
            assertThat(meter.cpuModel()).isEqualTo(NodeIdentity.localCpuModel());
            assertThat(meter.cores()).isEqualTo(Runtime.getRuntime().availableProcessors());
            assertThat(meter.runtime()).isEqualTo("java");

            assertThat(run("--result", dir.resolve("open/jmh.json").toString(), "--rate", "200", "--warmup-seconds", "1",
                    "--measure-seconds", "1", "--server-meter", "127.0.0.1:" + endpoint.port(), "getUser")).as(err()).isZero();
            CaseRecord open = Records.read(dir.resolve("open/run.json")).cases().get(0);
            assertThat(open.cpuAndGc().server()).isNotNull();
            assertThat(open.perCall().serverAllocBytes()).isPositive();
        }
    }

    /** This process's meter, until its {@code until}-th reading: from then on what {@code then} makes of its readings. */
    static final class Breaking implements Meter {
        final java.util.concurrent.atomic.AtomicInteger reads = new java.util.concurrent.atomic.AtomicInteger();
        final int until;
        final java.util.function.UnaryOperator<ProcessReading> then;

        Breaking(int until, java.util.function.UnaryOperator<ProcessReading> then) {
            this.until = until;
            this.then = then;
        }

        @Override
        public ProcessReading read() {
            ProcessReading r = ProcessMeter.self().read();
            return reads.incrementAndGet() < until ? r : then.apply(r);
        }

        @Override
        public long jitNanos() {
            return ProcessMeter.self().jitNanos();
        }
    }

    @Test
    void aServerMeterLostMidRunFailsTheRunAndKeepsWhatWasMeasured(@TempDir Path dir) throws Exception {
        // reading 1 is the check before the run; 2 and 3 the first window's edges; at the 4th (the second window's
        // opening) the server's endpoint goes away, as a server's host might
        var endpoint = new java.util.concurrent.atomic.AtomicReference<MeterEndpoint>();
        Breaking meter = new Breaking(4, r -> {
            endpoint.get().close();
            return r;
        });
        endpoint.set(MeterEndpoint.start("127.0.0.1", 0, meter, NodeIdentity.here("java")));
        try (MeterEndpoint e = endpoint.get()) {
            String[] base = tiny(dir, "getUser");
            String[] args = java.util.Arrays.copyOf(base, base.length + 2);
            args[base.length] = "--server-meter";
            args[base.length + 1] = "127.0.0.1:" + e.port();
            assertThat(run(args)).as(err()).isEqualTo(1);
            RunRecord record = Records.read(dir.resolve("run.json"));
            assertThat(record.passed()).isFalse();
            CaseRecord c = record.cases().get(0);
            assertThat(c.serverMeterLost()).startsWith("in measured iteration 2: the server's meter at 127.0.0.1:" + e.port() + " failed (");
            assertThat(c.failed()).isTrue();
            assertThat(c.allErrors()).isZero();
            // nothing measured is lost: the calls, and the server's figures of the window before
            assertThat(c.calls()).isPositive();
            assertThat(c.iterations()).hasSize(2);
            assertThat(c.iterations().get(0).serverAllocBytes()).isNotNull();
            assertThat(c.iterations().get(1).serverAllocBytes()).isNull();
            assertThat(out.toString(StandardCharsets.UTF_8)).contains("FAILED: server figures not known in measured iteration 2");
            assertThat(err()).contains("run FAILED: 0 failed or wrong calls, the server's meter lost in getUser");
        }
    }

    @Test
    void aServerMeterThatAnswersNonsenseFailsAnOpenLoopRun(@TempDir Path dir) throws Exception {
        // reading 1 is the check before the run, 2 the window's opening; the 3rd, its closing, is outside the protocol
        Breaking meter = new Breaking(3, r -> new ProcessReading(r.wallNanos(), -5, r.allocBytes(), 0, 0, 0));
        try (MeterEndpoint e = MeterEndpoint.start("127.0.0.1", 0, meter, NodeIdentity.here("java"))) {
            assertThat(run("--result", dir.resolve("jmh.json").toString(), "--rate", "200", "--warmup-seconds", "1",
                    "--measure-seconds", "1", "--server-meter", "127.0.0.1:" + e.port(), "getUser")).as(err()).isEqualTo(1);
            RunRecord record = Records.read(dir.resolve("run.json"));
            assertThat(record.passed()).isFalse();
            CaseRecord c = record.cases().get(0);
            assertThat(c.serverMeterLost()).startsWith("in the measured window: the server's meter at 127.0.0.1:" + e.port())
                    .contains("'cpu' is -5");
            assertThat(c.calls()).isPositive();
            assertThat(c.cpuAndGc().server()).isNull();
            assertThat(err()).contains("the server's meter lost in getUser");
        }
    }

    @Test
    void aServerPidIsReadOnThisHostAndTheRecordSaysSo(@TempDir Path dir) throws Exception {
        String[] base = tiny(dir, "getUser");
        String[] args = java.util.Arrays.copyOf(base, base.length + 2);
        args[base.length] = "--server-pid";
        args[base.length + 1] = String.valueOf(ProcessHandle.current().pid());
        assertThat(run(args)).as(err()).isZero();
        RunRecord record = Records.read(dir.resolve("run.json"));
        assertThat(record.cases().get(0).cpuAndGc().server()).isNotNull();
        assertThat(record.environment().serverMeter()).isEqualTo(new ServerMeter(ServerMeter.PROC, "pid " + ProcessHandle.current().pid(),
                NodeIdentity.localNodeName(), NodeIdentity.localCpuModel(), Runtime.getRuntime().availableProcessors(), null));
    }

    @Test
    void aMeterThatCannotBeReachedIsOneLineAndExitThree(@TempDir Path dir) throws Exception {
        int port;
        try (java.net.ServerSocket s = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        String[] base = tiny(dir, "getUser");
        String[] args = java.util.Arrays.copyOf(base, base.length + 2);
        args[base.length] = "--server-meter";
        args[base.length + 1] = "127.0.0.1:" + port;
        assertThat(run(args)).isEqualTo(3);
        assertThat(err().lines()).hasSize(1).first().asString()
                .startsWith("rpc-bench client: cannot read the server's meter at 127.0.0.1:" + port + ": ");
        assertThat(Files.exists(dir.resolve("run.json"))).isFalse();
    }

    @Test
    void theServersPidAndItsMeterAreOneOrTheOther(@TempDir Path dir) {
        String result = dir.resolve("jmh.json").toString();
        assertThat(run("--result", result, "--server-pid", "5", "--server-meter", "127.0.0.1:7071")).isEqualTo(2);
        assertThat(err().lines()).containsExactly("rpc-bench client: --server-pid and --server-meter both say where the server's"
                + " meters are read: give one (see --help)");
        err.reset();
        assertThat(run("--result", result, "--server-meter", "7071")).isEqualTo(2);
        assertThat(err().lines()).containsExactly("rpc-bench client: --server-meter takes HOST:PORT, not '7071' (see --help)");
    }

    @Test
    void badOptionsAreOneLineAndExitTwo(@TempDir Path dir) {
        assertThat(run("--timeout-ms", "soon")).isEqualTo(2);
        assertThat(err().lines()).containsExactly("rpc-bench client: --timeout-ms: 'soon' is not a whole number (see --help)");
        err.reset();
        assertThat(run("-wi", "many")).isEqualTo(2);
        assertThat(err().lines()).hasSize(1).first().asString().startsWith("rpc-bench client: JMH option:");
        err.reset();
        assertThat(run("--result", dir.resolve("x.json").toString(), "noSuchCase")).isEqualTo(2);
        assertThat(err().lines()).containsExactly(
                "rpc-bench client: the benchmark patterns [noSuchCase] select no case; cases are " + org.rpcbench.cases.Case.names());
    }

    /** The cases in the order they were last called: the order they ran in, one after another. */
    static List<String> lastCalled(List<String> cases) {
        return cases.stream().sorted(java.util.Comparator.comparing(InMemoryBinding.LAST_CALLED::get)).toList();
    }

    @Test
    void aSeedDrawsTheOrderTheCasesRunInAndTheRecordSaysTheOrderAskedAndRun(@TempDir Path dir) throws Exception {
        List<String> sorted = List.of("createUser", "existUser", "getUser", "listUser");
        // a seed whose order is not JMH's: JMH's own would pass unseen
        long seed = java.util.stream.LongStream.range(1, 100).filter(s -> !RunOrder.of(sorted, s).equals(sorted)
                && !RunOrder.of(sorted, s).equals(List.of("listUser", "getUser", "existUser", "createUser"))).findFirst().orElseThrow();
        List<String> drawn = RunOrder.of(sorted, seed);
        InMemoryBinding.LAST_CALLED.clear();
        int exit = run(tiny(dir, "--case-order-seed", String.valueOf(seed), "getUser", "listUser",
                "existUser", "createUser"));
        assertThat(exit).as(err()).isZero();
        assertThat(lastCalled(sorted)).as("the order the service saw").isEqualTo(drawn);
        RunRecord record = Records.read(dir.resolve("run.json"));
        assertThat(record.passed()).isTrue();
        assertThat(record.caseOrder().seed()).isEqualTo(seed);
        assertThat(record.caseOrder().asked()).isEqualTo(drawn);
        assertThat(record.caseOrder().ran()).isEqualTo(drawn);
        assertThat(record.cases()).extracting(CaseRecord::name).containsExactlyInAnyOrderElementsOf(sorted);
        // JMH's own result file holds every case, though each ran in a JMH run of its own
        String jmh = Files.readString(dir.resolve("jmh.json"));
        sorted.forEach(c -> assertThat(jmh).contains("UserServiceBenchmark." + c + "\""));
        assertThat(Files.exists(dir.resolve("jmh.json.part"))).isFalse();
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("in the order " + String.join(", ", drawn) + ", drawn with seed " + seed);
    }

    @Test
    void withoutASeedTheCasesRunInJmhsOrderByNameAndTheRecordSaysSo(@TempDir Path dir) throws Exception {
        InMemoryBinding.LAST_CALLED.clear();
        int exit = run(tiny(dir, "listUser", "getUser"));
        assertThat(exit).as(err()).isZero();
        assertThat(lastCalled(List.of("listUser", "getUser"))).containsExactly("getUser", "listUser");
        RunRecord record = Records.read(dir.resolve("run.json"));
        assertThat(record.caseOrder().seed()).isNull();
        assertThat(record.caseOrder().asked()).containsExactly("getUser", "listUser");
        assertThat(record.caseOrder().ran()).containsExactly("getUser", "listUser");
    }

    @Test
    void anOpenLoopRunTakesTheSeedsOrderToo(@TempDir Path dir) throws Exception {
        List<String> named = List.of("getUser", "listUser");
        long seed = java.util.stream.LongStream.range(1, 100).filter(s -> RunOrder.of(named, s).get(0).equals("listUser"))
                .findFirst().orElseThrow();
        InMemoryBinding.LAST_CALLED.clear();
        int exit = run("--result", dir.resolve("jmh.json").toString(), "--rate", "100", "--warmup-seconds", "0",
                "--measure-seconds", "1", "--concurrency", "2", "--case-order-seed", String.valueOf(seed), "getUser", "listUser");
        assertThat(exit).as(err()).isZero();
        assertThat(lastCalled(named)).containsExactly("listUser", "getUser");
        RunRecord record = Records.read(dir.resolve("run.json"));
        assertThat(record.caseOrder().asked()).containsExactly("listUser", "getUser");
        assertThat(record.caseOrder().ran()).containsExactly("listUser", "getUser");
    }

    @Test
    void aSeedThatIsNotAWholeNumberIsOneLineAndExitTwo(@TempDir Path dir) {
        assertThat(run(tiny(dir, "--case-order-seed", "x", "getUser"))).isEqualTo(2);
        assertThat(err()).contains("--case-order-seed").hasLineCount(1);
    }

    @Test
    void anOpenLoopRunKeepsItsRateAndRecordsBothLatencies(@TempDir Path dir) throws Exception {
        int exit = run("--result", dir.resolve("jmh.json").toString(), "--rate", "200", "--warmup-seconds", "1",
                "--measure-seconds", "2", "--concurrency", "4", "getUser");
        assertThat(exit).as(err()).isZero();
        RunRecord record = Records.read(dir.resolve("run.json"));
        assertThat(record.loop()).isEqualTo("open-loop");
        assertThat(record.passed()).isTrue();
        assertThat(record.openLoop().senders()).isEqualTo(4);
        CaseRecord c = record.cases().get(0);
        assertThat(c.name()).isEqualTo("getUser");
        assertThat(c.achievedRate()).isBetween(190.0, 201.0);
        assertThat(c.calls()).isBetween(380L, 400L);
        assertThat(c.warmupCalls()).isBetween(190L, 200L);
        assertThat(c.missedTarget()).isFalse();
        assertThat(c.latencyMs().p9999()).isPositive();
        assertThat(c.uncorrectedLatencyMs().samples()).isEqualTo(c.calls());
        assertThat(c.cpuAndGc().client().cpuPercentOfCore()).isNotNegative();
        assertThat(Files.exists(dir.resolve("jmh.json"))).isFalse();
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("achieved/s").contains("p99 (sent)");
    }

    @Test
    void optionsThatContradictEachOtherAreOneLineAndExitTwo(@TempDir Path dir) {
        String result = dir.resolve("jmh.json").toString();
        String[][] bad = {
            {"--result", result, "--concurrency", "4", "-t", "8"},
            {"--result", result, "--rate", "100", "-wi", "1"},
            {"--result", result, "--rate", "100", "noSuchCase"},
            {"--result", result, "--measure-seconds", "5"},
            {"--result", result, "--rate", "0"},
            {"--result", result, "--concurrency", "-3"},
        };
        String[] expected = {
            "rpc-bench client: --concurrency and JMH's -t both set the number of threads: give one (see --help)",
            "rpc-bench client: JMH options such as -wi do not apply to an open-loop run (--rate); it takes --warmup-seconds,"
                    + " --measure-seconds, --concurrency and case names (see --help)",
            "rpc-bench client: no case named 'noSuchCase'; cases are " + org.rpcbench.cases.Case.names() + " (see --help)",
            "rpc-bench client: --warmup-seconds and --measure-seconds are for open-loop runs (--rate); JMH's -w, -wi, -r"
                    + " and -i time the closed loop (see --help)",
            "rpc-bench client: --rate: 0 is outside 1..10000000 (see --help)",
            "rpc-bench client: --concurrency: -3 is outside 1..100000 (see --help)",
        };
        for (int i = 0; i < bad.length; i++) {
            err.reset();
            assertThat(run(bad[i])).as(String.join(" ", bad[i])).isEqualTo(2);
            assertThat(err().lines()).containsExactly(expected[i]);
        }
    }

    @Test
    void concurrencySetsTheThreads(@TempDir Path dir) throws Exception {
        String[] args = {"--result", dir.resolve("jmh.json").toString(), "--concurrency", "3", "-f", "0", "-wi", "0",
                "-i", "1", "-r", "100ms", "existUser"};
        assertThat(run(args)).as(err()).isZero();
        RunRecord record = Records.read(dir.resolve("run.json"));
        assertThat(record.jmh().threads()).isEqualTo(3);
        assertThat(record.loop()).isEqualTo("closed-loop");
    }

    @Test
    void helpListsOurOptionsAndTheJmhDefaults() {
        assertThat(run("--help")).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("--host HOST").contains("--timeout-ms MILLIS")
                .contains("-t 32 -f 1");
    }

    @Test
    void eachThreadMayHaveItsOwnConnectionAndTheRecordSaysHowManyThereWere(@TempDir Path dir) throws Exception {
        String[] perCaller = java.util.Arrays.copyOf(tiny(dir, "getUser"), tiny(dir, "getUser").length + 2);
        perCaller[perCaller.length - 2] = "--connections";
        perCaller[perCaller.length - 1] = "per-caller";
        InMemoryBinding.CONNECTIONS.set(0);
        InMemoryBinding.CLOSED.set(0);
        assertThat(run(perCaller)).as(err()).isZero();
        // every connection a run opens is closed by its end: the preflight's, the wire measurement's, the threads' own
        assertThat(InMemoryBinding.CLOSED.get()).isEqualTo(InMemoryBinding.CONNECTIONS.get());
        RunRecord record = Records.read(dir.resolve("run.json"));
        assertThat(record.jmh().connections()).isEqualTo(8);
        assertThat(record.framework().get("connections")).startsWith("8 per fork, one per benchmark thread");
        int perCallerOpened = InMemoryBinding.CONNECTIONS.get();

        InMemoryBinding.CONNECTIONS.set(0);
        InMemoryBinding.CLOSED.set(0);
        assertThat(run(tiny(dir, "getUser"))).as(err()).isZero();
        assertThat(InMemoryBinding.CLOSED.get()).isEqualTo(InMemoryBinding.CONNECTIONS.get());
        record = Records.read(dir.resolve("run.json"));
        assertThat(record.jmh().connections()).isEqualTo(1);
        assertThat(record.framework()).doesNotContainKey("connections");
        // besides the preflight's and the wire measurement's: the 8 threads' own, or the one they share
        int sharedOpened = InMemoryBinding.CONNECTIONS.get();
        assertThat(perCallerOpened - sharedOpened).isEqualTo(8 - 1);

        // the warm-up until the JITs are quiet opens the callers' connections, and JMH's threads take them over
        perCaller[3] = "1";
        InMemoryBinding.CONNECTIONS.set(0);
        assertThat(run(perCaller)).as(err()).isZero();
        assertThat(Records.read(dir.resolve("run.json")).cases().get(0).jitWarmups()).hasSize(1);
        assertThat(InMemoryBinding.CONNECTIONS.get()).isEqualTo(perCallerOpened);
    }

    @Test
    void noWireBytesSkipsTheirMeasurementAndTheRecordSaysWhy(@TempDir Path dir) throws Exception {
        InMemoryBinding.CONNECTIONS.set(0);
        assertThat(run(tiny(dir, "getUser"))).as(err()).isZero();
        int measured = InMemoryBinding.CONNECTIONS.get();
        // the in-memory binding's calls never cross the relay: measured, and said to have failed
        assertThat(Records.read(dir.resolve("run.json")).wireBytesNotMeasured()).startsWith("not measured: in-memory's calls did not pass");

        String[] skipping = java.util.Arrays.copyOf(tiny(dir, "getUser"), tiny(dir, "getUser").length + 1);
        skipping[skipping.length - 1] = "--no-wire-bytes";
        InMemoryBinding.CONNECTIONS.set(0);
        err.reset();
        assertThat(run(skipping)).as(err()).isZero();
        // the wire meter's own connection is never opened
        assertThat(InMemoryBinding.CONNECTIONS.get()).isEqualTo(measured - 1);
        assertThat(err()).doesNotContain("bytes on the wire");
        RunRecord record = Records.read(dir.resolve("run.json"));
        assertThat(record.wireBytesNotMeasured()).isEqualTo("skipped (--no-wire-bytes)");
        assertThat(record.cases().get(0).wireBytes()).isNull();
        assertThat(record.passed()).isTrue();
    }

    @Test
    void noWireBytesIsAFlagOfEitherLoop(@TempDir Path dir) throws Exception {
        assertThat(run("--result", dir.resolve("jmh.json").toString(), "--rate", "100", "--warmup-seconds", "0",
                "--measure-seconds", "1", "--concurrency", "2", "--no-wire-bytes", "ping")).as(err()).isZero();
        assertThat(Records.read(dir.resolve("run.json")).wireBytesNotMeasured()).isEqualTo("skipped (--no-wire-bytes)");
        err.reset();
        assertThat(run("--result", dir.resolve("jmh.json").toString(), "--no-wire-bytes=yes")).isEqualTo(2);
        assertThat(err().lines()).containsExactly("rpc-bench client: --no-wire-bytes takes no value (see --help)");
    }

    @Test
    void aConnectionModeThatIsNotOneOrThatAnOpenLoopCannotHaveIsOneLine(@TempDir Path dir) {
        String result = dir.resolve("jmh.json").toString();
        assertThat(run("--result", result, "--connections", "many")).isEqualTo(2);
        assertThat(err().lines()).containsExactly("rpc-bench client: --connections takes shared or per-caller, not 'many' (see --help)");
        err.reset();
        assertThat(run("--result", result, "--rate", "100", "--connections", "per-caller")).isEqualTo(2);
        assertThat(err().lines()).singleElement().asString().startsWith("rpc-bench client: --connections is for the closed loop");
    }
}
