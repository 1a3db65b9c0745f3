package org.rpcbench.rig;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rpcbench.binding.Exchange;
import org.rpcbench.record.Histograms;
import org.rpcbench.record.TallyFile;

class ForkTallyTest {
    final AtomicLong now = new AtomicLong();

    /** A thread's iteration: {@code calls} inside the window, {@code outside} around it. */
    Caller callerMaking(int calls, int outside, long nanosEach, String problem) {
        Caller caller = new Caller(new Exchange[] {Exchange.of(() -> {
            now.addAndGet(nanosEach);
            return "answer";
        }, a -> problem)}, now::get);
        for (int i = 0; i < outside; i++) {
            caller.callOnce(false);
        }
        for (int i = 0; i < calls; i++) {
            caller.callOnce(true);
        }
        return caller;
    }

    @Test
    void anIterationClosesWhenEveryThreadHasHandedItIn() {
        ForkTally tally = new ForkTally("getUser");
        tally.handIn(callerMaking(10, 2, 1_000, null), false, 2, null, 1);
        tally.handIn(callerMaking(10, 0, 1_000, null), false, 2, null, 1);
        tally.handIn(callerMaking(20, 3, 2_000, null), true, 2, null, 5);
        assertThat(tally.snapshot().iterations()).as("one thread still to hand in").isEmpty();
        tally.handIn(callerMaking(30, 1, 2_000, "bad"), true, 2, null, 5);
        TallyFile t = tally.snapshot();
        // warm-up iterations and the calls around the measured window are warm-up: counted, not timed
        assertThat(t.warmupCalls()).isEqualTo(10 + 2 + 10 + 3);
        assertThat(t.warmupErrors()).isEqualTo(1);
        assertThat(t.iterations()).hasSize(1);
        TallyFile.Window w = t.iterations().get(0);
        assertThat(w.calls()).isEqualTo(20);
        assertThat(w.errors()).isEqualTo(30);
        assertThat(Histograms.decode(w.latency()).getTotalCount()).isEqualTo(20);
        assertThat(Histograms.decode(w.failedLatency()).getTotalCount()).isEqualTo(30);
        // no window was watched: its length is the iteration's, its costs unknown
        assertThat(w.seconds()).isEqualTo(5);
        assertThat(w.client()).isNull();
        assertThat(t.problems()).containsExactly("wrong answer: bad");
    }

    @Test
    void onlyTheLastThreadToLeaveWritesTheFile(@TempDir Path dir) throws Exception {
        ForkTally tally = new ForkTally("listUser");
        for (int thread = 0; thread < 3; thread++) {
            tally.handIn(callerMaking(5, 0, 1_000, null), true, 3, null, 1);
        }
        assertThat(tally.leave(3, dir)).isFalse();
        assertThat(tally.leave(3, dir)).isFalse();
        assertThat(TallyFile.readAll(dir)).isEmpty();
        assertThat(tally.leave(3, dir)).isTrue();
        TallyFile back = TallyFile.readAll(dir).get(0);
        assertThat(back.caseName()).isEqualTo("listUser");
        assertThat(back.iterations().get(0).calls()).isEqualTo(15);
        assertThat(back).isEqualTo(tally.snapshot());
    }
}
