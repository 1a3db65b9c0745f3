package org.rpcbench.rig;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.ConnectException;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.rpcbench.binding.Exchange;

class CallerTest {
    /** A clock that moves only when a call takes time. */
    final AtomicLong now = new AtomicLong(1_000);
    final NanoClock clock = now::get;

    Exchange taking(long nanos, Object answer, String problem) {
        return Exchange.of(() -> {
            now.addAndGet(nanos);
            return answer;
        }, a -> problem);
    }

    @Test
    void timesEachCallAndCountsGoodAnswers() {
        Caller caller = new Caller(new Exchange[] {taking(2_000_000, "a", null), taking(4_000_000, "b", null)}, clock);
        assertThat(caller.callOnce(true)).isEqualTo("a");
        assertThat(caller.callOnce(true)).isEqualTo("b");
        assertThat(caller.callOnce(true)).isEqualTo("a");
        assertThat(caller.goodCalls()).isEqualTo(3);
        assertThat(caller.badCalls()).isZero();
        assertThat(caller.latency().getTotalCount()).isEqualTo(3);
        assertThat(caller.latency().getMaxValue()).isBetween(3_990_000L, 4_010_000L);
        assertThat(caller.latency().getMinValue()).isBetween(1_995_000L, 2_005_000L);
    }

    @Test
    void aWrongAnswerIsCountedAndNoted() {
        Caller caller = new Caller(new Exchange[] {taking(1_000, "x", "user 3: name was 'x'")}, clock);
        caller.callOnce(true);
        caller.callOnce(true);
        assertThat(caller.goodCalls()).isZero();
        assertThat(caller.badCalls()).isEqualTo(2);
        assertThat(caller.problems()).containsExactly("wrong answer: user 3: name was 'x'");
    }

    @Test
    void aFailedCallIsCountedAndTimedApartFromTheAnsweredOnes() {
        Exchange failing = Exchange.of(() -> {
            now.addAndGet(5_000_000_000L); // a timeout
            throw new IllegalStateException("remote failed", new ConnectException("Connection refused"));
        }, a -> null);
        Caller caller = new Caller(new Exchange[] {failing}, clock);
        assertThat(caller.callOnce(true)).isNull();
        assertThat(caller.badCalls()).isEqualTo(1);
        assertThat(caller.latency().getTotalCount()).isZero();
        assertThat(caller.failedLatency().getTotalCount()).isEqualTo(1);
        assertThat(caller.failedLatency().getMaxValue()).isBetween(4_990_000_000L, 5_010_000_000L);
        assertThat(caller.problems()).containsExactly(
                "IllegalStateException: remote failed (cause: ConnectException: Connection refused)");
    }

    @Test
    void callsOutsideJmhsWindowAreCountedApartAndNotTimed() {
        Caller caller = new Caller(new Exchange[] {taking(1_000, "a", null), taking(1_000, "b", "bad")}, clock);
        caller.callOnce(false);
        caller.callOnce(false);
        caller.callOnce(true);
        assertThat(caller.goodOutside()).isEqualTo(1);
        assertThat(caller.badOutside()).isEqualTo(1);
        assertThat(caller.goodCalls()).isEqualTo(1);
        assertThat(caller.badCalls()).isZero();
        assertThat(caller.latency().getTotalCount()).isEqualTo(1);
        assertThat(caller.failedLatency().getTotalCount()).isZero();
    }

    @Test
    void keepsOnlyAFewDistinctProblems() {
        Exchange[] exchanges = new Exchange[8];
        for (int i = 0; i < exchanges.length; i++) {
            exchanges[i] = taking(1, "x", "problem " + (i % 5));
        }
        Caller caller = new Caller(exchanges, clock);
        for (int i = 0; i < 16; i++) {
            caller.callOnce(true);
        }
        assertThat(caller.badCalls()).isEqualTo(16);
        assertThat(caller.problems()).hasSize(Caller.PROBLEMS_KEPT).doesNotHaveDuplicates();
        // every one is counted, by kind
        assertThat(caller.problemTally().total()).isEqualTo(16);
        assertThat(caller.problemTally().kinds()).singleElement().satisfies(k -> {
            assertThat(k.kind()).isEqualTo("wrong answer: problem #");
            assertThat(k.count()).isEqualTo(16);
        });
        caller.callOnce(false);
        assertThat(caller.problemTally().total()).as("outside the window too").isEqualTo(17);
    }

    @Test
    void resetForgetsTheIteration() {
        Caller caller = new Caller(new Exchange[] {taking(1_000, "x", "bad")}, clock);
        caller.callOnce(true);
        caller.callOnce(false);
        caller.reset();
        assertThat(caller.goodCalls() + caller.badCalls() + caller.goodOutside() + caller.badOutside()).isZero();
        assertThat(caller.latency().getTotalCount()).isZero();
        assertThat(caller.problems()).isEmpty();
        assertThat(caller.problemTally().total()).isZero();
    }

    @Test
    void needsAPowerOfTwoRequests() {
        assertThatThrownBy(() -> new Caller(new Exchange[3], clock)).hasMessageContaining("power-of-two");
        assertThatThrownBy(() -> new Caller(new Exchange[0], clock)).hasMessageContaining("power-of-two");
    }
}
