package org.rpcbench.history;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rpcbench.record.Records;

/** The history from the command line, as benchmark.sh uses it: what it prints and how it exits. */
class HistoryMainTest {
    @TempDir
    Path dir;

    final ByteArrayOutputStream out = new ByteArrayOutputStream();
    final ByteArrayOutputStream err = new ByteArrayOutputStream();

    int run(String... args) {
        out.reset();
        err.reset();
        return HistoryMain.run(args, new PrintStream(out, true), new PrintStream(err, true));
    }

    String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void recordsOnceThenListsTheRuns() throws Exception {
        Path first = dir.resolve("a/run.json");
        Path second = dir.resolve("b/run.json");
        Records.write(HistoryStoreContract.run("dubbo-hessian", HistoryStoreContract.T0, 32, 30000, 0), first);
        Records.write(HistoryStoreContract.run("dubbo-hessian", HistoryStoreContract.T0.plusSeconds(60), 32, 31000, 0), second);
        String store = dir.resolve("history.db").toString();
        String storeFile = storeFile(store);

        assertThat(run("record", "--store-file", storeFile, "--suite", "seed-001", first.toString(), second.toString())).isZero();
        assertThat(out()).isEqualTo("history: 2 runs recorded in " + store + "\n");
        assertThat(run("record", "--store-file", storeFile, first.toString())).isZero();
        assertThat(out()).isEqualTo("history: 0 runs recorded in " + store + " (1 already there)\n");

        assertThat(run("show", store, "dubbo-hessian", "getUser")).isZero();
        assertThat(out().lines().toList()).hasSize(4);
        assertThat(out()).contains("server µs").contains("22.5");
        assertThat(out()).contains("2026-11-01T02:17:00.123Z    32  thrpt, 1 fork, 2 x 5 s + 4 x 5 s")
                .contains("30000.0").contains("31000.0");
        assertThat(run("show", store, "dubbo-hessian", "noSuchCase")).isZero();
        assertThat(out()).startsWith("history: no stored run of dubbo-hessian noSuchCase");
    }

    /** A file naming the store, as --store-file takes it: the address, on a line of its own. */
    String storeFile(String store) throws java.io.IOException {
        Path file = dir.resolve("store-" + store.hashCode());
        java.nio.file.Files.writeString(file, "\n" + store + "\n");
        return file.toString();
    }

    @Test
    void theStoreIsNeverTakenFromTheArguments() throws Exception {
        Path record = dir.resolve("run.json");
        Records.write(HistoryStoreContract.run("dubbo-hessian", HistoryStoreContract.T0, 32, 30000, 0), record);
        assertThat(run("record", "jdbc:postgresql://db:5432/bench?user=u&password=secret", record.toString())).isEqualTo(2);
        assertThat(err().lines().toList()).singleElement().asString().isEqualTo("rpc-bench history: record takes the store from"
                + " RPCBENCH_HISTORY or --store-file FILE, never from its arguments, which ps shows to every user (got"
                + " jdbc:postgresql://db:5432/bench?user=u&password=***)");
        assertThat(run("record", "--store-file", dir.resolve("no-such-file").toString(), record.toString())).isEqualTo(2);
        assertThat(err().lines().toList()).singleElement().asString().startsWith("rpc-bench history: cannot read the store file ");
        assertThat(run("record", "--store-file", storeFile("  "), record.toString())).isEqualTo(2);
        assertThat(err().lines().toList()).singleElement().asString().contains("names no store");
        assertThat(run("record", "--store-file")).isEqualTo(2);
        // the history off, in the file: said, and nothing recorded
        assertThat(run("record", "--store-file", storeFile("off"), record.toString())).isZero();
        assertThat(out()).isEqualTo("history: off (RPCBENCH_HISTORY=off): 1 run not recorded\n");
    }

    @Test
    void wrongWordsAndUnreadableRecordsExitTwoWithOneLine() throws Exception {
        String store = dir.resolve("history.db").toString();
        assertThat(run("record", "--store-file", storeFile(store))).isEqualTo(2);
        assertThat(run("forget", store, "x")).isEqualTo(2);
        assertThat(run("show", store, "dubbo-hessian", "getUser", "--limit", "0")).isEqualTo(2);
        assertThat(run("record", "--store-file", storeFile(store), dir.resolve("missing.json").toString())).isEqualTo(2);
        assertThat(err().lines().toList()).hasSize(1).first().asString()
                .startsWith("rpc-bench history: cannot read the run record ").contains("missing.json");
    }

    @Test
    void aCalibrationRunIsRefusedWithOneLine() throws Exception {
        Path record = dir.resolve("run.json");
        var r = HistoryStoreContract.run("dubbo-hessian", HistoryStoreContract.T0, 32, 30000, 0);
        var fw = new java.util.HashMap<>(r.framework());
        fw.put(org.rpcbench.record.RunRecord.CALIBRATION, "1500");
        Records.write(org.rpcbench.report.Runs.withFramework(r, fw), record);
        assertThat(run("record", "--store-file", storeFile(dir.resolve("history.db").toString()), record.toString())).isEqualTo(2);
        assertThat(err().lines().toList()).hasSize(1).first().asString().contains("is a calibration run");
    }

    @Test
    void aStoreThatCannotBeOpenedExitsOneWithOneLine() throws Exception {
        Path record = dir.resolve("run.json");
        Records.write(HistoryStoreContract.run("dubbo-hessian", HistoryStoreContract.T0, 32, 30000, 0), record);
        assertThat(run("record", "--store-file", storeFile("jdbc:mysql://db/bench?password=secret"), record.toString())).isEqualTo(1);
        assertThat(err().lines().toList()).hasSize(1).first().asString()
                .startsWith("rpc-bench history: cannot record in jdbc:mysql://db/bench?password=***").doesNotContain("secret");
    }
}
