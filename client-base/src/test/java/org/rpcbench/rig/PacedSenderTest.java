package org.rpcbench.rig;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongUnaryOperator;
import org.junit.jupiter.api.Test;
import org.rpcbench.binding.Exchange;

class PacedSenderTest {
    static final long MS = 1_000_000L;

    /** A clock that moves only when a call takes time or the sender waits for its next slot. */
    final AtomicLong now = new AtomicLong();
    final PacingClock clock = new PacingClock() {
        @Override
        public long nanoTime() {
            return now.get();
        }

        @Override
        public void waitUntil(long deadline) {
            now.accumulateAndGet(deadline, Math::max);
        }
    };
    final AtomicLong callsMade = new AtomicLong();

    /** Exchanges whose n-th call (counting from 1) takes {@code took.applyAsLong(n)} nanoseconds. */
    Exchange[] taking(LongUnaryOperator took, String problem) {
        Exchange e = Exchange.of(() -> {
            now.addAndGet(took.applyAsLong(callsMade.incrementAndGet()));
            return "answer";
        }, answer -> problem);
        Exchange[] all = new Exchange[4];
        Arrays.fill(all, e);
        return all;
    }

    @Test
    void aStalledCallRaisesTheCorrectedPercentilesButNotTheUncorrectedOnes() {
        // 1000 slots 10 ms apart, calls of 1 ms; call 101 stalls for 500 ms, and the ~50 slots due
        // during the stall go out late
        PacedSender sender = new PacedSender(taking(n -> n == 101 ? 500 * MS : MS, null), clock, 0, 10 * MS, 0, 10_000 * MS);
        sender.run();

        assertThat(sender.calls()).isEqualTo(1000);
        assertThat(sender.unsent()).isZero();
        assertThat(sender.uncorrected().getValueAtPercentile(99)).isBetween(MS - MS / 100, MS + MS / 100);
        assertThat(sender.uncorrected().getMaxValue()).isBetween(499 * MS, 502 * MS);
        // the slot due at 1010 ms went out at 1500 ms: it waited 490 ms before it was sent
        assertThat(sender.corrected().getValueAtPercentile(99)).isGreaterThan(300 * MS);
        // about 50 of the 1000 calls were late: 5 %
        assertThat(sender.corrected().getValueAtPercentile(95)).isGreaterThan(MS + MS / 100);
        assertThat(sender.corrected().getValueAtPercentile(90)).isBetween(MS - MS / 100, MS + MS / 100);
        assertThat(sender.corrected().getMaxValue()).isBetween(499 * MS, 502 * MS);
        // and without the stall, both agree
        callsMade.set(0);
        now.set(0);
        PacedSender steady = new PacedSender(taking(n -> MS, null), clock, 0, 10 * MS, 0, 10_000 * MS);
        steady.run();
        assertThat(steady.corrected().getValueAtPercentile(99.99)).isEqualTo(steady.uncorrected().getValueAtPercentile(99.99));
    }

    @Test
    void keepsTheScheduleWhenCallsAreFast() {
        // 100 slots in a second at 10 ms; the clock only moves by waiting, so every call is sent when due
        PacedSender sender = new PacedSender(taking(n -> 0, null), clock, 5 * MS, 10 * MS, 0, 1_000 * MS + 5 * MS);
        sender.run();
        assertThat(sender.calls()).isEqualTo(100);
        assertThat(sender.corrected().getMaxValue()).isZero();
        assertThat(now.get()).isEqualTo(995 * MS);
    }

    @Test
    void warmUpSlotsAreCountedButNotTimed() {
        PacedSender sender = new PacedSender(taking(n -> MS, null), clock, 0, 10 * MS, 300 * MS, 1_000 * MS);
        sender.run();
        assertThat(sender.warmupCalls()).isEqualTo(30);
        assertThat(sender.calls()).isEqualTo(70);
        assertThat(sender.corrected().getTotalCount()).isEqualTo(70);
    }

    @Test
    void aBacklogLeftFromWarmUpIsDroppedWhenTheWindowOpensNotCarriedIntoIt() {
        // calls of 20 ms on a 10 ms schedule: warm-up (1 s) falls 1 s behind; the window (1 s) must still
        // measure its own slots, from its start, rather than spend itself on warm-up's backlog
        PacedSender sender = new PacedSender(taking(n -> 20 * MS, null), clock, 0, 10 * MS, 1_000 * MS, 2_000 * MS);
        sender.run();
        assertThat(sender.warmupCalls()).isEqualTo(50);
        assertThat(sender.calls()).isEqualTo(50);
        assertThat(sender.unsent()).isEqualTo(50);
        // the first measured slot went out when due; the 50th, due at 1490 ms, was sent at 1980 ms
        assertThat(sender.uncorrected().getMaxValue()).isBetween(19 * MS, 21 * MS);
        assertThat(sender.corrected().getMaxValue()).isBetween(505 * MS, 515 * MS);
    }

    @Test
    void slotsStillOwedWhenTheWindowClosesAreRecordedAtTheirWaitSoFar() {
        // the call of slot 96 (due 950 ms) takes 2 s: slots 96..99 (960..990 ms) are never sent
        PacedSender sender = new PacedSender(taking(n -> n == 96 ? 2_000 * MS : MS, null), clock, 0, 10 * MS, 0, 1_000 * MS);
        sender.run();
        assertThat(sender.calls()).isEqualTo(96);
        assertThat(sender.unsent()).isEqualTo(4);
        assertThat(sender.corrected().getTotalCount()).isEqualTo(100);
        assertThat(sender.uncorrected().getTotalCount()).isEqualTo(96);
        // owed slots are recorded at what they had waited when the window closed: 40, 30, 20 and 10 ms
        assertThat(sender.corrected().getCountBetweenValues(9 * MS, 41 * MS)).isEqualTo(4);
    }

    @Test
    void wrongAnswersAndFailuresAreCountedAndTheScheduleGoesOn() {
        PacedSender wrong = new PacedSender(taking(n -> MS, "user 3: id was 4"), clock, 0, 10 * MS, 100 * MS, 1_000 * MS);
        wrong.run();
        assertThat(wrong.calls()).isZero();
        assertThat(wrong.errors()).isEqualTo(90);
        assertThat(wrong.warmupErrors()).isEqualTo(10);
        assertThat(wrong.problems()).containsExactly("wrong answer: user 3: id was 4");

        Exchange failing = Exchange.of(() -> {
            now.addAndGet(MS);
            throw new IllegalStateException("connection reset");
        }, a -> null);
        PacedSender failed = new PacedSender(new Exchange[] {failing}, clock, now.get(), 10 * MS, 0, now.get() + 1_000 * MS);
        failed.run();
        assertThat(failed.errors()).isEqualTo(100);
        assertThat(failed.uncorrected().getTotalCount()).isZero();
        assertThat(failed.problems()).containsExactly("IllegalStateException: connection reset");
    }

    @Test
    void refusesAScheduleItCannotKeep() {
        assertThatThrownBy(() -> new PacedSender(taking(n -> 0, null), clock, 0, 0, 0, 1)).hasMessageContaining("interval");
        assertThatThrownBy(() -> new PacedSender(new Exchange[3], clock, 0, 1, 0, 1)).hasMessageContaining("power-of-two");
    }
}
