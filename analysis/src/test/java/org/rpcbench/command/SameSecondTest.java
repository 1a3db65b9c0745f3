package org.rpcbench.command;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rpcbench.record.Records;
import org.rpcbench.record.RunRecord;
import org.rpcbench.report.Runs;
import org.rpcbench.runs.PairRun;
import org.rpcbench.runs.PairRunner;
import org.rpcbench.runs.StandInGo;

/**
 * Two runs, and two suites, started in the same second: each gets a directory of its own, and every record in
 * each is whole and its own.
 */
class SameSecondTest {
    @TempDir
    Path root;

    final Clock second = Clock.fixed(Instant.parse("2026-11-26T10:15:30Z"), ZoneOffset.UTC);

    /** Runs these command lines at once, each in a CLI of its own over the same checkout and clock: their exit codes. */
    List<Integer> together(PairRunner runner, String[]... lines) throws Exception {
        CountDownLatch go = new CountDownLatch(1);
        List<CompletableFuture<Integer>> running = new ArrayList<>();
        for (String[] line : lines) {
            Captured cli = new Captured();
            cli.root = root;
            cli.clock = second;
            cli.env = Map.of("RPCBENCH_HISTORY", "off");
            cli.runner = runner;
            running.add(CompletableFuture.supplyAsync(() -> {
                try {
                    go.await();
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
                int exit = cli.run(line);
                assertThat(cli.err()).as(String.join(" ", line)).isEmpty();
                return exit;
            }));
        }
        go.countDown();
        List<Integer> exits = new ArrayList<>();
        for (CompletableFuture<Integer> r : running) {
            exits.add(r.get());
        }
        return exits;
    }

    @Test
    void twoPairRunsInOneSecondEachWriteTheirOwnDirectory() throws Exception {
        StandInGo.checkout(root, "ready");
        Path first = root.resolve("first.json");
        Path second = root.resolve("second.json");
        Records.write(Runs.run("ready", "first", List.of(Runs.closedCase("getUser", 1000, 2))), first);
        Records.write(Runs.run("ready", "second", List.of(Runs.closedCase("listUser", 2000, 3))), second);
        assertThat(together(null, new String[] {"-n", "-a", "record=" + first, "ready"}, new String[] {"ready", "-n", "-a", "record=" + second}))
                .containsExactly(0, 0);
        Path a = root.resolve("results/ready-20261126-101530");
        Path b = root.resolve("results/ready-20261126-101530-2");
        List<String> serializations = new ArrayList<>();
        for (Path d : List.of(a, b)) {
            RunRecord r = Records.read(d.resolve("run.json"));
            serializations.add(r.framework().get("serialization"));
            assertThat(r.cases()).hasSize(1);
            assertThat(Files.readString(d.resolve("server.log")).split("server ready", -1)).as(d + ": one server").hasSize(2);
        }
        assertThat(serializations).containsExactlyInAnyOrder("first", "second");
        assertThat(StandInGo.alive(root)).isEmpty();
    }

    @Test
    void twoSuitesInOneSecondEachKeepTheirOwnRecords() throws Exception {
        List<String> pairs = List.of("dubbo-kryo", "dubbo-fst", "dubbo-hessian", "dubbo-fastjson", "triple-protobuf");
        BuiltPairs.at(root, pairs);
        // a stand-in for a pair run: the record names the directory it was written into
        PairRunner runner = s -> {
            Path record = Records.besideResult(s.resultFile());
            Files.createDirectories(record.getParent());
            RunRecord r = Runs.run(s.pair().name(), record.getParent().getParent().getFileName().toString(),
                    List.of(Runs.closedCase("ping", 1000, 2), Runs.closedCase("getUser", 900, 2), Runs.closedCase("listUser", 800, 2)));
            Records.write(r, record);
            return new PairRun.Result(0, List.of(record), false);
        };
        assertThat(together(runner, new String[] {"-n", "suite", "seed-001"}, new String[] {"suite", "seed-001", "-n"})).containsExactly(0, 0);
        for (String dir : List.of("suite-seed-001-20261126-101530", "suite-seed-001-20261126-101530-2")) {
            Path d = root.resolve("results").resolve(dir);
            for (String pair : pairs) {
                RunRecord r = Records.read(d.resolve(pair).resolve("run.json"));
                assertThat(r.binding()).isEqualTo(pair);
                assertThat(r.framework().get("serialization")).as("written into " + dir).isEqualTo(dir);
            }
            assertThat(d.resolve("suite.md")).exists();
        }
    }
}
