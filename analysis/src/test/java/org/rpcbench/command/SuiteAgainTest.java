package org.rpcbench.command;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rpcbench.record.Records;
import org.rpcbench.record.RunRecord;
import org.rpcbench.report.Runs;
import org.rpcbench.runs.PairRun;
import org.rpcbench.runs.PairRunner;
import org.rpcbench.runs.SuitePlan;

/**
 * {@code suite --again DIR}: only the runs of an earlier suite that did not pass are made again, with its settings,
 * into its directory; each earlier attempt is kept beside, and the table is made from every run.
 */
class SuiteAgainTest {
    static final List<String> PAIRS = List.of("dubbo-kryo", "dubbo-fst", "dubbo-hessian", "dubbo-fastjson", "triple-protobuf");

    @TempDir
    Path root;

    /** Runs made, by pair; the pairs whose next run fails. */
    final Map<String, AtomicInteger> runs = new ConcurrentHashMap<>();
    final java.util.Set<String> failing = ConcurrentHashMap.newKeySet();
    /** The client options each run was given, last run last. */
    final List<List<String>> clientArgs = java.util.Collections.synchronizedList(new java.util.ArrayList<>());

    /** A stand-in for a pair run: its record names its attempt; a failing pair's run fails (exit 1) after writing it. */
    final PairRunner runner = s -> {
        int attempt = runs.computeIfAbsent(s.pair().name(), p -> new AtomicInteger()).incrementAndGet();
        clientArgs.add(s.clientArgs());
        Path record = Records.besideResult(s.resultFile());
        Files.createDirectories(record.getParent());
        RunRecord r = Runs.run(s.pair().name(), "attempt-" + attempt,
                List.of(Runs.closedCase("ping", 1000, 2), Runs.closedCase("getUser", 900, 2), Runs.closedCase("listUser", 800, 2)));
        Records.write(r, record);
        return new PairRun.Result(failing.contains(s.pair().name()) ? 1 : 0, List.of(record), false);
    };

    @BeforeEach
    void checkout() throws Exception {
        BuiltPairs.at(root, PAIRS);
    }

    Captured cli() {
        Captured cli = new Captured();
        cli.root = root;
        cli.env = Map.of("RPCBENCH_HISTORY", "off");
        cli.runner = runner;
        return cli;
    }

    Path suiteDir() throws Exception {
        try (var dirs = Files.list(root.resolve("results"))) {
            return dirs.filter(d -> d.getFileName().toString().startsWith("suite-seed-001-")).findFirst().orElseThrow();
        }
    }

    @Test
    void onlyTheFailedRunIsMadeAgainWithTheSameSettingsAndTheFailedAttemptIsKept() throws Exception {
        failing.add("dubbo-fst");
        Captured first = cli();
        assertThat(first.run("-n", "-a", "-f 0 -i 1", "-t", "8", "suite", "seed-001")).isEqualTo(1);
        assertThat(first.errLines()).contains("benchmark.sh: suite seed-001 FAILED for: dubbo-fst");
        Path dir = suiteDir();
        SuitePlan plan = SuitePlan.read(dir);
        assertThat(plan.rowsToRunAgain()).containsExactly("dubbo-fst");
        List<String> firstArgs = clientArgs.get(0);

        failing.clear();
        Captured again = cli();
        assertThat(again.run("suite", "--again", dir.toString(), "-n")).as(again.err()).isZero();
        assertThat(again.err()).isEmpty();
        // the others passed and were not run again; dubbo-fst was, with the first run's settings
        assertThat(runs.get("dubbo-fst").get()).isEqualTo(2);
        PAIRS.stream().filter(p -> !p.equals("dubbo-fst")).forEach(p -> assertThat(runs.get(p).get()).as(p).isEqualTo(1));
        assertThat(clientArgs.get(clientArgs.size() - 1)).isEqualTo(firstArgs);
        // the failed attempt beside the new one, nothing lost
        assertThat(Records.read(dir.resolve("dubbo-fst.failed-1/run.json")).framework().get("serialization")).isEqualTo("attempt-1");
        assertThat(Records.read(dir.resolve("dubbo-fst/run.json")).framework().get("serialization")).isEqualTo("attempt-2");
        assertThat(again.out()).contains("dubbo-fst: the earlier attempt is kept in " + dir.resolve("dubbo-fst.failed-1"));
        // the table from every run: each pair's row, dubbo-fst's from its new run
        String md = Files.readString(dir.resolve("suite.md"));
        PAIRS.forEach(p -> assertThat(md).contains("| " + p + " "));
        assertThat(SuitePlan.read(dir).rowsToRunAgain()).isEmpty();

        Captured nothing = cli();
        assertThat(nothing.run("-n", "suite", "--again", dir.toString())).isZero();
        assertThat(nothing.out()).contains("every run in " + dir + " passed; nothing to run again");
        assertThat(runs.get("dubbo-fst").get()).isEqualTo(2);
    }

    @Test
    void aRunFailingAgainIsKeptTooAndTheSuiteStillFails() throws Exception {
        failing.add("dubbo-kryo");
        assertThat(cli().run("-n", "suite", "seed-001")).isEqualTo(1);
        Path dir = suiteDir();
        Captured again = cli();
        assertThat(again.run("-n", "suite", "--again", dir.toString())).isEqualTo(1);
        assertThat(again.errLines()).contains("benchmark.sh: suite seed-001 FAILED for: dubbo-kryo");
        assertThat(dir.resolve("dubbo-kryo.failed-1/run.json")).exists();
        assertThat(dir.resolve("dubbo-kryo/run.json")).exists();
        assertThat(SuitePlan.read(dir).rowsToRunAgain()).containsExactly("dubbo-kryo");
        assertThat(cli().run("-n", "suite", "--again", dir.toString())).isEqualTo(1);
        assertThat(dir.resolve("dubbo-kryo.failed-2/run.json")).exists();
    }

    /** A run a stop left unfinished has no outcome in the plan: it is made again, and its attempt kept as stopped, not failed. */
    @Test
    void aRunAStopLeftUnfinishedIsKeptAsStopped() throws Exception {
        assertThat(cli().run("-n", "suite", "seed-001")).isZero();
        Path dir = suiteDir();
        SuitePlan p = SuitePlan.read(dir);
        new SuitePlan(p.suite(), p.releases(), p.title(), p.rows(), p.rounds(), p.shape(), p.switches(),
                p.outcomes().stream().filter(o -> !o.key().equals("dubbo-kryo")).toList()).write(dir);
        assertThat(cli().run("-n", "suite", "--again", dir.toString())).isZero();
        assertThat(runs.get("dubbo-kryo").get()).isEqualTo(2);
        assertThat(dir.resolve("dubbo-kryo.stopped-1/run.json")).exists();
        assertThat(dir.resolve("dubbo-kryo.failed-1")).doesNotExist();
        assertThat(SuitePlan.read(dir).rowsToRunAgain()).isEmpty();
    }

    @Test
    void badInputIsOneLineAndExitTwo() throws Exception {
        assertThat(cli().run("-n", "suite", "seed-001")).isZero();
        Path dir = suiteDir();
        for (String[] line : List.of(
                new String[] {"-n", "suite", "--again", dir.toString(), "-a", "-f 0"},
                new String[] {"-n", "-t", "4", "suite", "--again", dir.toString()},
                new String[] {"-n", "suite", "--again", dir.toString(), "seed-003"},
                new String[] {"-n", "suite", "--again", root.resolve("no-such").toString()},
                new String[] {"-n", "suite", "--again", root.toString()})) {
            Captured c = cli();
            assertThat(c.run(line)).as(String.join(" ", line)).isEqualTo(2);
            assertThat(c.errLines()).as(String.join(" ", line)).singleElement().asString().startsWith("benchmark.sh: ");
        }
        Files.writeString(dir.resolve(SuitePlan.FILE), Files.readString(dir.resolve(SuitePlan.FILE)).replace("\"schema\" : 1", "\"schema\" : 9"));
        Captured newer = cli();
        assertThat(newer.run("-n", "suite", "--again", dir.toString())).isEqualTo(2);
        assertThat(newer.errLines()).singleElement().asString().contains("is of schema 9; this harness reads schema 1");
    }

    @Test
    void aPlanIsDataItsJvmOptionsAndValuesAreCheckedBeforeAnythingRuns() throws Exception {
        failing.add("dubbo-fst");
        assertThat(cli().run("-n", "-a", "-f 0 -i 1", "-t", "8", "suite", "seed-001")).isEqualTo(1);
        Path dir = suiteDir();
        Path file = dir.resolve(SuitePlan.FILE);
        String stored = Files.readString(file);
        int made = runs.values().stream().mapToInt(AtomicInteger::get).sum();
        for (String[] edit : new String[][] {
            {"\"serverJvm\" : [", "\"serverJvm\" : [ \"-javaagent:/tmp/evil.jar\","},
            {"\"clientJvm\" : [", "\"clientJvm\" : [ \"-XX:OnError=sh -c id\","},
            {"\"clientArgs\" : \"", "\"clientArgs\" : \"-jvmArgsAppend -agentpath:/tmp/x.so "},
            {"\"clientArgs\" : \"", "\"clientArgs\" : \"-jvm /tmp/java "}}) {
            assertThat(stored).contains(edit[0]);
            Files.writeString(file, stored.replace(edit[0], edit[1]));
            Captured again = cli();
            assertThat(again.run("-n", "suite", "--again", dir.toString())).as(again.err()).isEqualTo(2);
            assertThat(again.errLines()).singleElement().asString().startsWith("benchmark.sh: --again: " + file + " asks for ")
                    .endsWith("which this harness never gives a JVM: a plan is data, not run as it stands (run the suite anew)");
        }
        Files.writeString(file, stored.replaceFirst("\"concurrency\" : \\[ 8 \\]", "\"concurrency\" : [ 99999999 ]"));
        Captured again = cli();
        assertThat(again.run("-n", "suite", "--again", dir.toString())).as(again.err()).isEqualTo(2);
        assertThat(again.errLines()).singleElement().asString().startsWith("benchmark.sh: --again: " + file
                + " holds what the command line would refuse: ");
        assertThat(runs.values().stream().mapToInt(AtomicInteger::get).sum()).as("nothing ran").isEqualTo(made);
    }
}
