package org.rpcbench.runs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** git archive and tar, which make an ab's side from a revision, start through the stop: a stop ends them and what follows. */
class SidesStopTest {
    @TempDir
    Path dir;

    final List<List<String>> started = new CopyOnWriteArrayList<>();
    final List<Process> processes = new CopyOnWriteArrayList<>();

    /** Starts a sleep in place of each command, and keeps what it was asked to start. */
    final ProcessStarter standIn = b -> {
        started.add(List.copyOf(b.command()));
        Process p = new ProcessBuilder("sleep", "60").start();
        processes.add(p);
        return p;
    };

    @Test
    void aStopEndsGitArchiveAndNothingStartsAfterIt() throws Exception {
        Stop stop = new Stop(standIn, Duration.ofSeconds(2));
        Thread stopper = new Thread(() -> {
            while (started.isEmpty()) {
                Thread.onSpinWait();
            }
            stop.request(Stop.INTERRUPTED);
        });
        stopper.start();
        assertThatThrownBy(() -> Sides.materialize(dir, new Sides.Side("baseline", "HEAD", null), dir.resolve("checkout"), stop))
                .isInstanceOf(Stopped.class);
        stopper.join();
        assertThat(started).singleElement().satisfies(c -> assertThat(c).startsWith("git", "archive"));
        assertThat(processes).allSatisfy(p -> assertThat(p.isAlive()).isFalse());
    }

    @Test
    void afterAStopNeitherGitNorTarStarts() {
        Stop stop = new Stop(standIn, Duration.ofSeconds(2));
        stop.request(Stop.TERMINATED);
        assertThatThrownBy(() -> Sides.materialize(dir, new Sides.Side("baseline", "HEAD", null), dir.resolve("checkout"), stop))
                .isInstanceOf(Stopped.class);
        assertThat(started).isEmpty();
    }
}
