package org.rpcbench.command;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rpcbench.history.HistoryStoreContract;
import org.rpcbench.record.Records;

/** The history from the command line: the store from RPCBENCH_HISTORY, what it prints and how it exits. */
class HistoryCommandTest {
    @TempDir
    Path dir;

    final Captured cli = new Captured();

    int run(String store, String... args) {
        cli.env = Map.of("RPCBENCH_HISTORY", store);
        String[] all = new String[args.length + 1];
        all[0] = "history";
        System.arraycopy(args, 0, all, 1, args.length);
        return cli.run(all);
    }

    @Test
    void recordsOnceThenListsTheRuns() throws Exception {
        Path first = dir.resolve("a/run.json");
        Path second = dir.resolve("b/run.json");
        Records.write(HistoryStoreContract.run("dubbo-hessian", HistoryStoreContract.T0, 32, 30000, 0), first);
        Records.write(HistoryStoreContract.run("dubbo-hessian", HistoryStoreContract.T0.plusSeconds(60), 32, 31000, 0), second);
        String store = dir.resolve("history.db").toString();

        assertThat(run(store, "record", "--suite", "seed-001", first.toString(), second.toString())).isZero();
        assertThat(cli.out()).isEqualTo("history: 2 runs recorded in " + store + "\n");
        assertThat(run(store, "record", first.toString())).isZero();
        assertThat(cli.out()).isEqualTo("history: 0 runs recorded in " + store + " (1 already there)\n");

        assertThat(run(store, "dubbo-hessian", "getUser")).isZero();
        assertThat(cli.out().lines().toList()).hasSize(4);
        assertThat(cli.out()).contains("server µs").contains("22.5");
        assertThat(cli.out()).contains("2026-11-01T02:17:00.123Z    32  thrpt, 1 fork, 2 x 5 s + 4 x 5 s")
                .contains("30000.0").contains("31000.0");
        assertThat(run(store, "dubbo-hessian", "getUser", "--limit", "1")).isZero();
        assertThat(cli.out().lines().toList()).hasSize(3);
        assertThat(run(store, "dubbo-hessian", "noSuchCase")).isZero();
        assertThat(cli.out()).startsWith("history: no stored run of dubbo-hessian noSuchCase");
    }

    @Test
    void withReleasesTheCaseIsShownOnEveryReleaseASuiteRanItOnAndSummedUpByRelease() throws Exception {
        String store = dir.resolve("history.db").toString();
        try (org.rpcbench.history.HistoryStore s = org.rpcbench.history.HistoryStore.open(store)) {
            for (int i = 0; i < 3; i++) {
                s.record(HistoryStoreContract.run("dubbo-hessian", HistoryStoreContract.T0.plusSeconds(i), 32, 18000 + 100 * i, 0),
                        "seed-000");
                var old = HistoryStoreContract.run("dubbo-hessian", HistoryStoreContract.T0.plusSeconds(10 + i), 32, 11000 + 100 * i, 0);
                var fw = new java.util.HashMap<>(old.framework());
                fw.put("frameworkVersion", "3.0.15");
                s.record(org.rpcbench.report.Runs.withFramework(old, fw), "seed-000", "dubbo-hessian@3.0.15");
            }
            s.record(HistoryStoreContract.run("dubbo-kryo", HistoryStoreContract.T0, 32, 1, 0), "seed-000");
        }
        assertThat(run(store, "dubbo-hessian", "getUser")).isZero();
        assertThat(cli.out()).contains("18200.0").doesNotContain("11000.0").doesNotContain("by release");

        assertThat(run(store, "dubbo-hessian", "getUser", "--across-releases")).isZero();
        List<String> lines = cli.out().lines().toList();
        assertThat(lines.stream().filter(l -> l.matches("^[0-9-]+T[0-9:.]+Z .*"))).hasSize(6);
        int table = lines.indexOf(lines.stream().filter(l -> l.startsWith("by release: 32 in flight")).findFirst().orElseThrow());
        assertThat(lines.get(table + 1)).startsWith("release");
        // the older release first, whatever order the runs were kept in; the kryo pair's run is not the case's
        assertThat(lines.get(table + 2)).startsWith("3.0.15").containsPattern(" 3 +0 +11100\\.0 +\\[11000\\.0, 11200\\.0\\]");
        assertThat(lines.get(table + 3)).startsWith("3.3.6").containsPattern(" 3 +0 +18100\\.0 ");
        assertThat(lines).hasSize(table + 4);
    }

    /** A file naming the store, as --store-file takes it: the address, on a line of its own. */
    String storeFile(String store) throws java.io.IOException {
        Path file = dir.resolve("store-" + store.hashCode());
        java.nio.file.Files.writeString(file, "\n" + store + "\n");
        return file.toString();
    }

    @Test
    void theStoreIsNeverTakenFromTheArgumentsButMayComeFromAFile() throws Exception {
        Path record = dir.resolve("run.json");
        Records.write(HistoryStoreContract.run("dubbo-hessian", HistoryStoreContract.T0, 32, 30000, 0), record);
        String env = dir.resolve("env.db").toString();
        assertThat(run(env, "record", "jdbc:postgresql://db:5432/bench?user=u&password=secret", record.toString())).isEqualTo(2);
        assertThat(cli.errLines()).singleElement().asString().isEqualTo("benchmark.sh: history record takes the store from"
                + " RPCBENCH_HISTORY or --store-file FILE, never from its arguments, which ps shows to every user (got"
                + " jdbc:postgresql://db:5432/bench?user=u&password=***)");
        String store = dir.resolve("history.db").toString();
        assertThat(run(env, "record", "--store-file", storeFile(store), record.toString())).isZero();
        assertThat(cli.out()).isEqualTo("history: 1 run recorded in " + store + "\n");
        assertThat(run(env, "record", "--store-file", dir.resolve("no-such-file").toString(), record.toString())).isEqualTo(2);
        assertThat(cli.errLines()).singleElement().asString().contains("the store file ");
        assertThat(run(env, "record", "--store-file", storeFile("  "), record.toString())).isEqualTo(2);
        assertThat(cli.errLines()).singleElement().asString().contains("names no store");
        // the history off, in the file: said, and nothing recorded
        assertThat(run(env, "record", "--store-file", storeFile("off"), record.toString())).isZero();
        assertThat(cli.out()).isEqualTo("history: off (RPCBENCH_HISTORY=off): 1 run not recorded\n");
    }

    @Test
    void wrongWordsAndUnreadableRecordsExitTwoWithOneLine() {
        String store = dir.resolve("history.db").toString();
        String[][] bad = {{"record"}, {"forget", "x", "y"}, {"dubbo-hessian"}, {"dubbo-hessian", "getUser", "--limit", "0"},
            {"record", dir.resolve("missing.json").toString()}, {"show", store, "dubbo-hessian", "getUser"}};
        for (String[] args : bad) {
            assertThat(run(store, args)).as(String.join(" ", args)).isEqualTo(2);
            assertThat(cli.errLines()).as(String.join(" ", args)).hasSize(1);
        }
        assertThat(cli.err()).startsWith("benchmark.sh: history needs PAIR CASE");
        run(store, "record", dir.resolve("missing.json").toString());
        assertThat(cli.errLines()).hasSize(1).first().asString()
                .startsWith("rpc-bench history: cannot read the run record ").contains("missing.json");
        assertThat(run("off", "dubbo-hessian", "getUser")).isEqualTo(2);
        assertThat(cli.err()).contains("RPCBENCH_HISTORY=off");
    }

    @Test
    void aCalibrationRunIsRefusedWithOneLine() throws Exception {
        Path record = dir.resolve("run.json");
        var r = HistoryStoreContract.run("dubbo-hessian", HistoryStoreContract.T0, 32, 30000, 0);
        var fw = new java.util.HashMap<>(r.framework());
        fw.put(org.rpcbench.record.RunRecord.CALIBRATION, "1500");
        Records.write(org.rpcbench.report.Runs.withFramework(r, fw), record);
        assertThat(run(dir.resolve("history.db").toString(), "record", record.toString())).isEqualTo(2);
        assertThat(cli.errLines()).hasSize(1).first().asString().contains("is a calibration run");
    }

    @Test
    void aStoreThatCannotBeOpenedExitsOneWithOneLineAndNoPassword() throws Exception {
        Path record = dir.resolve("run.json");
        Records.write(HistoryStoreContract.run("dubbo-hessian", HistoryStoreContract.T0, 32, 30000, 0), record);
        assertThat(run("jdbc:mysql://db/bench?password=secret", "record", record.toString())).isEqualTo(1);
        assertThat(cli.errLines()).hasSize(1).first().asString()
                .startsWith("rpc-bench history: cannot record in jdbc:mysql://db/bench?password=***").doesNotContain("secret");
        assertThat(run("jdbc:mysql://db/bench?password=secret", "dubbo-hessian", "getUser")).isEqualTo(1);
        assertThat(cli.err()).doesNotContain("secret");
    }
}
