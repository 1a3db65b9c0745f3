package org.rpcbench.command;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rpcbench.runs.Stop;

/**
 * Ctrl-C or SIGTERM ends compare and history, which keep nothing and start no process, at once (exit 130 or
 * 143); a command with runs to keep stops them and says what it has, as before.
 */
class StopAtOnceTest {
    @TempDir
    Path dir;

    @Test
    void compareAndHistoryEndAtOnceOnAStop() {
        for (String[] line : List.of(new String[] {"compare", "a", "b"}, new String[] {"history", "dubbo-hessian", "getUser"},
                new String[] {"history", "record", dir.resolve("none.json").toString()})) {
            Captured cli = new Captured();
            cli.env = Map.of("RPCBENCH_HISTORY", dir.resolve("history.db").toString());
            cli.run(line);
            List<Integer> exits = new ArrayList<>();
            Signals.stopping(Stop.INTERRUPTED, cli.stop, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                    exits::add);
            assertThat(exits).as(String.join(" ", line)).containsExactly(Stop.INTERRUPTED);
        }
    }

    @Test
    void aCommandWithRunsToKeepIsNotEndedAtOnce() {
        Stop stop = Stop.system();
        List<Integer> exits = new ArrayList<>();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Signals.stopping(Stop.TERMINATED, stop, new PrintStream(err, true, StandardCharsets.UTF_8), exits::add);
        assertThat(exits).isEmpty();
        assertThat(stop.requested()).isTrue();
        assertThat(err.toString(StandardCharsets.UTF_8)).isEqualTo("benchmark.sh: terminated; stopping\n");
    }
}
