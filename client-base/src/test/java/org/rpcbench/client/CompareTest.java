package org.rpcbench.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rpcbench.binding.InMemoryBinding;
import org.rpcbench.report.Compare;

/**
 * The regression verdict end to end: real runs of the launcher (JMH in this JVM) against a binding whose
 * calls take 2 ms, then 20 % longer. The slower build must be flagged; a second run of the same one not.
 */
class CompareTest {
    static final long CALL_NANOS = 2_000_000;

    @BeforeAll
    static void shareTheJmhLock() {
        System.setProperty("jmh.ignoreLock", "true");
    }

    @AfterEach
    void fast() {
        InMemoryBinding.delayNanos = 0;
    }

    final ByteArrayOutputStream out = new ByteArrayOutputStream();
    final ByteArrayOutputStream err = new ByteArrayOutputStream();

    Path run(Path dir, String name, long delayNanos, int threads) {
        InMemoryBinding.delayNanos = delayNanos;
        Path result = dir.resolve(name).resolve("jmh.json");
        int exit = ClientMain.run(new InMemoryBinding(), new String[] {"--result", result.toString(), "-f", "0",
                "-wi", "1", "-w", "300ms", "-i", "6", "-r", "300ms", "-t", String.valueOf(threads), "getUser"},
                new PrintStream(new ByteArrayOutputStream(), true), new PrintStream(err, true));
        assertThat(exit).as(err.toString(StandardCharsets.UTF_8)).isZero();
        return result.resolveSibling("run.json");
    }

    int compare(String... args) {
        out.reset();
        err.reset();
        return Compare.run(args, new PrintStream(out, true), new PrintStream(err, true));
    }

    @Test
    void aTwentyPercentSlowerServerIsFlaggedAndTheSameBuildTwiceIsNot(@TempDir Path dir) {
        Path baseline = run(dir, "baseline", CALL_NANOS, 4);
        Path again = run(dir, "again", CALL_NANOS, 4);
        Path slower = run(dir, "slower", CALL_NANOS * 12 / 10, 4);

        assertThat(compare(baseline.toString(), slower.toString())).as(err.toString(StandardCharsets.UTF_8)).isEqualTo(1);
        assertThat(out.toString(StandardCharsets.UTF_8)).containsPattern("in-memory +getUser .* SLOWER");
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("1 of 1 pair/case results got slower beyond 5 %");

        assertThat(compare(baseline.toString(), again.toString())).as(out.toString(StandardCharsets.UTF_8)).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).containsPattern("in-memory +getUser .* no change");

        // the other way round it is faster, and directories are searched for their run records
        assertThat(compare(slower.getParent().toString(), baseline.getParent().toString())).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).containsPattern("getUser .* faster");
    }

    @Test
    void runsWithOtherSettingsAreNotComparedUnlessToldTo(@TempDir Path dir) {
        Path four = run(dir, "four", CALL_NANOS, 4);
        Path eight = run(dir, "eight", CALL_NANOS, 8);
        assertThat(compare(four.toString(), eight.toString())).isEqualTo(3);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("settings differ: in-memory: jmh.threads 4 vs 8")
                .contains("not compared");
        assertThat(compare("--allow-different-settings", four.toString(), eight.toString())).isIn(0, 1);
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("getUser");
    }

    @Test
    void badInputIsOneLine(@TempDir Path dir) {
        assertThat(compare(dir.resolve("nothing").toString(), dir.toString())).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8).lines()).containsExactly(
                "rpc-bench compare: no run record at " + dir.resolve("nothing"));
        assertThat(compare("only-one")).isEqualTo(2);
        assertThat(compare("--threshold", "-1", "a", "b")).isEqualTo(2);
    }
}
