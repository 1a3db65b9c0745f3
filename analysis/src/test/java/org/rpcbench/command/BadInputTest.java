package org.rpcbench.command;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rpcbench.history.HistoryStoreContract;
import org.rpcbench.record.Records;
import org.rpcbench.runs.StandInGo;

/**
 * Bad input the issue found answered wrongly: each is one line on stderr naming the problem and exit 2, and
 * nothing is run first (the stand-in runner counts the runs started).
 */
class BadInputTest {
    @TempDir
    Path root;

    final Captured cli = new Captured();
    final AtomicInteger runs = new AtomicInteger();

    void standIn(Map<String, String> env) throws Exception {
        StandInGo.checkout(root, "ready");
        cli.root = root;
        cli.env = env;
        cli.runner = s -> {
            runs.incrementAndGet();
            throw new IllegalStateException("no run was meant to start");
        };
    }

    @Test
    void aStoreOfNeitherKindIsRefusedBeforeTheRun() throws Exception {
        standIn(Map.of("RPCBENCH_HISTORY", "mysql://db/history"));
        assertThat(cli.run("-n", "ready")).isEqualTo(2);
        assertThat(cli.errLines()).singleElement().asString().startsWith("benchmark.sh: the history store (RPCBENCH_HISTORY) cannot be"
                + " used: a history store is a SQLite file").endsWith("(or RPCBENCH_HISTORY=off)");
        standIn(Map.of("RPCBENCH_HISTORY", "jdbc:mysql://db/history"));
        BuiltPairs.at(root, SuiteAgainTest.PAIRS);
        assertThat(cli.run("-n", "suite", "seed-001")).as(cli.err()).isEqualTo(2);
        assertThat(cli.errLines()).singleElement().asString().contains("cannot be used");
        assertThat(runs).hasValue(0);
    }

    @Test
    void aPostgresqlStoreThatDoesNotAnswerIsRefusedBeforeTheRun() throws Exception {
        standIn(Map.of("RPCBENCH_HISTORY", "jdbc:postgresql://127.0.0.1:1/history"));
        assertThat(cli.run("-n", "ready")).isEqualTo(2);
        assertThat(cli.errLines()).singleElement().asString().startsWith("benchmark.sh: the history store (RPCBENCH_HISTORY) cannot be used: ");
        assertThat(runs).hasValue(0);
    }

    @Test
    void historyOffWithSpacesIsOff() throws Exception {
        standIn(Map.of("RPCBENCH_HISTORY", " off "));
        assertThat(cli.context().historyStore()).isNull();
        standIn(Map.of("RPCBENCH_HISTORY", " " + root.resolve("h.db") + " "));
        assertThat(cli.context().historyStore()).isEqualTo(root.resolve("h.db").toString());
    }

    @Test
    void aDurationBeyondAWeekIsRefusedNotWrappedAround() throws Exception {
        standIn(Map.of("RPCBENCH_HISTORY", "off"));
        assertThat(cli.run("soak", "-n", "-D", "999999h", "ready")).isEqualTo(2);
        assertThat(cli.errLines()).containsExactly("benchmark.sh: -D needs a duration of at most a week (168h), got '999999h'");
        assertThat(cli.run("soak", "-n", "-D", "169h", "ready")).isEqualTo(2);
        assertThat(runs).hasValue(0);
    }

    @Test
    void anUnknownCommandIsNamedAsOne() throws Exception {
        standIn(Map.of("RPCBENCH_HISTORY", "off"));
        assertThat(cli.run("comapre", "a", "b")).isEqualTo(2);
        assertThat(cli.errLines()).singleElement().asString().startsWith("benchmark.sh: unknown command 'comapre' (did you mean compare?):"
                + " the commands are suite, ab, ");
        assertThat(cli.run("suiet")).isEqualTo(2);
        assertThat(cli.errLines()).singleElement().asString().startsWith("benchmark.sh: unknown command 'suiet' (did you mean suite?)");
        assertThat(cli.run("frobnicate", "x")).isEqualTo(2);
        assertThat(cli.errLines()).singleElement().asString().startsWith("benchmark.sh: unknown command 'frobnicate': the commands are ");
        // a pair and more words is still "one pair"; an unknown word alone, an unknown pair
        assertThat(cli.run("ready", "ready")).isEqualTo(2);
        assertThat(cli.errLines()).containsExactly("benchmark.sh: name one pair, got 2: ready ready");
        assertThat(cli.run("-n", "nosuchpair")).isEqualTo(2);
        assertThat(cli.errLines()).singleElement().asString().startsWith("benchmark.sh: unknown pair 'nosuchpair'");
        assertThat(runs).hasValue(0);
    }

    @Test
    void historyRecordOfARunWhoseDateIsNoTimeIsBadInput() throws Exception {
        Path file = root.resolve("a/run.json");
        Records.write(HistoryStoreContract.run("dubbo-hessian", HistoryStoreContract.T0, 32, 30000, 0), file);
        Files.writeString(file, Files.readString(file).replace(HistoryStoreContract.T0.toString(), "yesterday"));
        cli.env = Map.of("RPCBENCH_HISTORY", root.resolve("history.db").toString());
        assertThat(cli.run("history", "record", file.toString())).isEqualTo(2);
        assertThat(cli.errLines()).containsExactly("rpc-bench history: " + file + ": the run's environment.date, yesterday, is not an"
                + " ISO-8601 time");
    }

    @Test
    void verifyOfANullIterationIsBadInput() throws Exception {
        Path file = root.resolve("a/run.json");
        Records.write(HistoryStoreContract.run("dubbo-hessian", HistoryStoreContract.T0, 32, 30000, 0), file);
        String json = Files.readString(file);
        assertThat(json).containsPattern("\"iterations\" : \\[\\s*\\]");
        Files.writeString(file, json.replaceFirst("\"iterations\" : \\[\\s*\\]", "\"iterations\" : [ null ]"));
        assertThat(cli.run("verify", "--costs", file.toString())).isEqualTo(2);
        assertThat(cli.errLines()).containsExactly("rpc-bench verify: cannot read the run record " + file
                + ": it lacks cases[0].iterations[0] (null where an iteration belongs)");
    }

    @Test
    void mergeOfATruncatedTallyIsOneLine() throws Exception {
        Path a = root.resolve("a");
        Path b = root.resolve("b");
        MergeCommandTest t = new MergeCommandTest();
        t.dir = root;
        t.client("a", "dubbo-hessian", new double[] {1000, 1000}, MergeCommandTest.tally(10, 1, 0));
        t.client("b", "dubbo-hessian", new double[] {1000, 1000}, MergeCommandTest.tally(10, 1, 0));
        try (var tallies = Files.list(b.resolve("tallies"))) {
            Path tally = tallies.findFirst().orElseThrow();
            String whole = Files.readString(tally);
            Files.writeString(tally, whole.substring(0, whole.length() / 3));
        }
        assertThat(cli.run("merge", root.resolve("m").toString(), a.toString(), b.toString())).isEqualTo(2);
        assertThat(cli.errLines()).singleElement().asString().startsWith("rpc-bench merge: ").contains("cannot read the tally ");
    }
}
