package org.rpcbench.rig;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.ConnectException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.rpcbench.binding.Connection;
import org.rpcbench.binding.Exchange;
import org.rpcbench.binding.StubBinding;
import org.rpcbench.binding.Target;
import org.rpcbench.cases.Case;

class CallerConnectionsTest {
    static final Target TARGET = new Target("127.0.0.1", 1, 1000);

    /** Counts its connections, the threads that opened them, the most opened at once and the closes. */
    static final class Counting extends StubBinding {
        final AtomicInteger opened = new AtomicInteger();
        final AtomicInteger closed = new AtomicInteger();
        final AtomicInteger inFlight = new AtomicInteger();
        final AtomicInteger mostAtOnce = new AtomicInteger();
        final Set<Thread> openers = ConcurrentHashMap.newKeySet();
        volatile int refuseFrom = Integer.MAX_VALUE;

        Counting() {
            super("counting");
        }

        @Override
        public Connection connect(Target target) throws Exception {
            int now = inFlight.incrementAndGet();
            mostAtOnce.accumulateAndGet(now, Math::max);
            try {
                Thread.sleep(5); // a dial takes a while, so that callers overlap
                if (opened.getAndIncrement() >= refuseFrom) {
                    throw new ConnectException("Connection refused");
                }
                openers.add(Thread.currentThread());
                return new Connection() {
                    @Override
                    public Exchange prepare(Case c, int seq) {
                        return Exchange.of(() -> null, a -> null);
                    }

                    @Override
                    public void close() {
                        closed.incrementAndGet();
                    }
                };
            } finally {
                inFlight.decrementAndGet();
            }
        }
    }

    @Test
    void eachCallerOpensItsOwnOnItsOwnThreadAFewAtATimeAndCloseClosesThemAll() throws Exception {
        Counting binding = new Counting();
        CallerConnections connections = CallerConnections.perCaller(binding, TARGET);
        int callers = 100;
        Connection[] got = new Connection[callers];
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < callers; i++) {
            int caller = i;
            Thread t = new Thread(() -> {
                try {
                    start.await();
                } catch (InterruptedException e) {
                    return;
                }
                got[caller] = connections.of(caller);
            });
            t.start();
            threads.add(t);
        }
        start.countDown();
        for (Thread t : threads) {
            t.join();
        }
        assertThat(Set.of(got)).hasSize(callers);
        assertThat(connections.of(7)).as("asked again, the same").isSameAs(got[7]);
        assertThat(connections.opened()).isEqualTo(callers);
        assertThat(binding.openers).as("opened on the callers' threads").containsExactlyInAnyOrderElementsOf(threads);
        assertThat(binding.mostAtOnce.get()).isBetween(2, CallerConnections.DIALS_AT_ONCE);
        connections.close();
        assertThat(binding.closed.get()).isEqualTo(callers);
    }

    @Test
    void sharedEveryCallerHasTheOneConnection() throws Exception {
        Counting binding = new Counting();
        try (CallerConnections connections = CallerConnections.shared(binding.connect(TARGET))) {
            assertThat(connections.of(0)).isSameAs(connections.of(31));
            assertThat(connections.opened()).isEqualTo(1);
            assertThat(connections.perCaller()).isFalse();
        }
        assertThat(binding.opened.get()).isEqualTo(1);
        assertThat(binding.closed.get()).isEqualTo(1);
    }

    @Test
    void aConnectionThatCannotBeOpenedNamesItsCaller() {
        Counting binding = new Counting();
        binding.refuseFrom = 2;
        CallerConnections connections = CallerConnections.perCaller(binding, TARGET);
        connections.of(0);
        connections.of(1);
        assertThatThrownBy(() -> connections.of(2)).hasMessage("caller 2 could not open its own connection to 127.0.0.1:1:"
                + " ConnectException: Connection refused");
        connections.close();
        assertThat(binding.closed.get()).isEqualTo(2);
    }
}
