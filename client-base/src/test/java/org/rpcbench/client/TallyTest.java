package org.rpcbench.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rpcbench.binding.Exchange;

class TallyTest {
    final AtomicLong now = new AtomicLong();

    Caller callerMaking(int calls, long nanosEach, String problem) {
        Caller caller = new Caller(new Exchange[] {Exchange.of(() -> {
            now.addAndGet(nanosEach);
            return "answer";
        }, a -> problem)}, now::get);
        for (int i = 0; i < calls; i++) {
            caller.callOnce();
        }
        return caller;
    }

    @Test
    void warmupCountsOutcomesButNotLatency() {
        Tally tally = new Tally("getUser");
        tally.add(callerMaking(10, 1_000, null), false);
        tally.add(callerMaking(4, 1_000, "bad"), false);
        tally.add(callerMaking(20, 2_000, null), true);
        assertThat(tally.warmupCalls()).isEqualTo(10);
        assertThat(tally.warmupErrors()).isEqualTo(4);
        assertThat(tally.calls()).isEqualTo(20);
        assertThat(tally.errors()).isZero();
        assertThat(tally.latency().getTotalCount()).isEqualTo(20);
        assertThat(tally.problems()).containsExactly("wrong answer: bad");
    }

    @Test
    void survivesTheFileBetweenForkAndLauncher(@TempDir Path dir) throws Exception {
        Tally tally = new Tally("listUser");
        tally.add(callerMaking(1000, 3_000_000, null), true);
        tally.add(callerMaking(3, 1_000, "page 2 held 14 users"), true);
        tally.write(dir.resolve("listUser-1.json"));

        Tally back = Tally.read(dir.resolve("listUser-1.json"));
        assertThat(back.caseName()).isEqualTo("listUser");
        assertThat(back.calls()).isEqualTo(1000);
        assertThat(back.errors()).isEqualTo(3);
        assertThat(back.latency()).isEqualTo(tally.latency());
        assertThat(back.problems()).containsExactly("wrong answer: page 2 held 14 users");
    }

    @Test
    void onlyTheLastThreadToLeaveWritesTheFile(@TempDir Path dir) throws Exception {
        Tally tally = new Tally("getUser");
        Path file = dir.resolve("getUser.json");
        tally.add(callerMaking(5, 1_000, null), true);
        assertThat(tally.leave(3, file)).isFalse();
        tally.add(callerMaking(5, 1_000, null), true);
        assertThat(tally.leave(3, file)).isFalse();
        assertThat(file).doesNotExist();
        tally.add(callerMaking(5, 1_000, null), true);
        assertThat(tally.leave(3, file)).isTrue();
        assertThat(Tally.read(file).calls()).isEqualTo(15);
    }

    @Test
    void mergingForksMergesHistogramsRatherThanAveragingPercentiles() {
        Tally fast = new Tally("getUser");
        fast.add(callerMaking(990, 1_000_000, null), true);
        Tally slow = new Tally("getUser");
        slow.add(callerMaking(10, 100_000_000, null), true);
        Tally merged = new Tally("getUser");
        merged.merge(fast);
        merged.merge(slow);
        assertThat(merged.calls()).isEqualTo(1000);
        // 1% of all calls took 100 ms: p99 sits at the boundary, p99.9 among the slow calls.
        assertThat(merged.latency().getValueAtPercentile(50)).isBetween(999_000L, 1_001_000L);
        assertThat(merged.latency().getValueAtPercentile(99.9)).isGreaterThan(99_000_000L);
    }
}
