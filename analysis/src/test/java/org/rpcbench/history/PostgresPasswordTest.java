package org.rpcbench.history;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rpcbench.record.Records;

/**
 * A run recorded into a team's PostgreSQL that needs a password, as the nightly job and benchmark.sh record
 * one: the recording command in a process of its own, the store named by the environment or by a file.
 * While it records, no process's command line (what ps shows every user) holds the password.
 */
class PostgresPasswordTest {
    @TempDir
    Path dir;

    @Test
    void whileARunIsRecordedNoCommandLineShowsThePassword() throws Exception {
        Path bin = LocalPostgres.binariesOrSkip();
        String password = "pw" + Long.toHexString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE);
        try (LocalPostgres pg = LocalPostgres.start(bin, password)) {
            String url = "jdbc:postgresql://127.0.0.1:" + pg.port() + "/postgres?user=rpcbench&password=" + password;
            Path first = dir.resolve("a/run.json");
            Path second = dir.resolve("b/run.json");
            Records.write(HistoryStoreContract.run("dubbo-hessian", HistoryStoreContract.T0, 32, 30000, 0), first);
            Records.write(HistoryStoreContract.run("dubbo-hessian", HistoryStoreContract.T0.plusSeconds(60), 32, 31000, 0), second);

            // the watch can fail: a command line that holds the password is seen
            Process shown = new ProcessBuilder("sh", "-c", "sleep 1; true", url).start();
            assertThat(ProcessList.watch(shown, password).showing()).as("a password on a command line").isNotEmpty();

            // the store named by the environment
            Recording byEnvironment = record(password, Map.of(StoreAddress.VARIABLE, url), "--suite", "nightly", first.toString());
            assertThat(byEnvironment.exit()).as(byEnvironment.output()).isZero();
            assertThat(byEnvironment.output()).contains("history: 1 run recorded in jdbc:postgresql://127.0.0.1:" + pg.port()
                    + "/postgres?user=rpcbench&password=***").doesNotContain(password);
            assertThat(byEnvironment.watch().sawProcess()).as("the recording was watched while it ran").isPositive();
            assertThat(byEnvironment.watch().showing()).as("command lines holding the password").isEmpty();

            // the store named by a file
            Path storeFile = dir.resolve("store");
            Files.writeString(storeFile, url + "\n");
            Recording byFile = record(password, Map.of(), "--store-file", storeFile.toString(), second.toString());
            assertThat(byFile.exit()).as(byFile.output()).isZero();
            assertThat(byFile.watch().sawProcess()).isPositive();
            assertThat(byFile.watch().showing()).isEmpty();

            // the password was needed: without it the store refuses
            Recording without = record(password, Map.of(StoreAddress.VARIABLE, url.replace(password, "wrong")), first.toString());
            assertThat(without.exit()).as(without.output()).isEqualTo(1);
            assertThat(without.output()).contains("password authentication failed");

            try (HistoryStore store = HistoryStore.open(url)) {
                assertThat(store.list("dubbo-hessian", "getUser", 10)).extracting(HistoryStore.Stored::time)
                        .containsExactly(millis(HistoryStoreContract.T0), millis(HistoryStoreContract.T0.plusSeconds(60)));
            }
        }
    }

    private static Instant millis(Instant t) {
        return t.truncatedTo(java.time.temporal.ChronoUnit.MILLIS);
    }

    record Recording(int exit, String output, ProcessList.Watch watch) {}

    /** {@code history record ARGS} in a JVM of its own (the CLI's, named: this package may not import the commands), with {@code env} added to a copy of this one's environment. */
    private Recording record(String password, Map<String, String> env, String... args) throws Exception {
        // the flags benchmark.sh starts the CLI with
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"), "org.rpcbench.command.Main", "history", "record"));
        command.addAll(List.of(args));
        Path log = Files.createTempFile(dir, "record", ".log");
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().remove(StoreAddress.VARIABLE);
        builder.environment().remove("RPCBENCH_HISTORY_PASSWORD");
        builder.environment().putAll(env);
        Process p = builder.start();
        ProcessList.Watch watch = ProcessList.watch(p, password);
        p.waitFor();
        return new Recording(p.exitValue(), Files.readString(log), watch);
    }
}
