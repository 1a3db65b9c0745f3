package org.rpcbench.rig;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.rpcbench.binding.Connection;
import org.rpcbench.binding.Exchange;
import org.rpcbench.binding.InMemoryBinding;
import org.rpcbench.binding.Target;
import org.rpcbench.cases.Case;
import org.rpcbench.record.JitWarmup;

class SteadyWarmupTest {
    static final long WINDOW = TimeUnit.MILLISECONDS.toNanos(20);

    /** A compiler that works a whole window at each of its first {@code busyReadings} readings after the first, then stops. */
    static LongSupplier compiler(int busyReadings) {
        AtomicInteger readings = new AtomicInteger();
        return () -> Math.min(readings.getAndIncrement(), busyReadings) * WINDOW;
    }

    @AfterEach
    void honest() {
        InMemoryBinding.lying = false;
    }

    JitWarmup warm(LongSupplier client, LongSupplier server, long maxNanos, List<Caller> callers) throws Exception {
        try (Connection c = new InMemoryBinding().connect(new Target("127.0.0.1", 1, 1000))) {
            return new SteadyWarmup(CallerConnections.shared(c), Case.GET_USER, 4, client, server, WINDOW, NanoClock.SYSTEM).run(maxNanos, callers);
        }
    }

    @Test
    void callsUntilBothCompilersHaveBeenQuietForTwoWindows() throws Exception {
        List<Caller> callers = new ArrayList<>();
        JitWarmup w = warm(compiler(3), compiler(5), TimeUnit.SECONDS.toNanos(30), callers);
        assertThat(w.quiet()).isTrue();
        // the server compiles through its 5th window; the 6th and 7th are quiet
        assertThat(w.serverJitSeconds()).isEqualTo(5 * WINDOW / 1e9);
        assertThat(w.seconds()).isLessThan(5);
        assertThat(callers).hasSize(4);
        assertThat(callers.stream().mapToLong(Caller::goodOutside).sum()).isPositive();
        assertThat(callers.stream().mapToLong(Caller::badOutside).sum()).isZero();
        assertThat(callers.stream().mapToLong(Caller::goodCalls).sum()).as("warm-up calls are not measured").isZero();
    }

    @Test
    void stopsAtTheBoundAndSaysTheCompilersWereNotQuiet() throws Exception {
        LongSupplier forever = new AtomicInteger()::getAndIncrement;
        JitWarmup w = warm(() -> forever.getAsLong() * WINDOW, () -> -1, TimeUnit.MILLISECONDS.toNanos(200), new ArrayList<>());
        assertThat(w.quiet()).isFalse();
        assertThat(w.seconds()).isGreaterThanOrEqualTo(0.2);
        assertThat(w.serverJitSeconds()).as("a server that cannot be read").isEqualTo(-1);
    }

    @Test
    void eachCallerCallsOnTheThreadThatPreparedItsExchanges() throws Exception {
        List<Caller> callers = new ArrayList<>();
        try (Connection inMemory = new InMemoryBinding().connect(new Target("127.0.0.1", 1, 1000))) {
            // a connection per preparing thread, as thrift's: an exchange called on another thread fails
            Connection threadBound = new Connection() {
                @Override
                public Exchange prepare(Case c, int seq) {
                    Exchange e = inMemory.prepare(c, seq);
                    Thread owner = Thread.currentThread();
                    return Exchange.of(() -> {
                        if (Thread.currentThread() != owner) {
                            throw new IllegalStateException("called on " + Thread.currentThread().getName()
                                    + ", prepared on " + owner.getName());
                        }
                        return e.call();
                    }, e::check);
                }

                @Override
                public void close() {}
            };
            new SteadyWarmup(CallerConnections.shared(threadBound), Case.GET_USER, 4, compiler(2), compiler(2), WINDOW, NanoClock.SYSTEM)
                    .run(TimeUnit.SECONDS.toNanos(30), callers);
        }
        assertThat(callers).hasSize(4);
        assertThat(callers.stream().mapToLong(Caller::badOutside).sum()).isZero();
        assertThat(callers.stream().mapToLong(Caller::goodOutside).sum()).isPositive();
    }

    @Test
    void firstAnswersSlowerThanAWindowAreAwaited() throws Exception {
        List<Caller> callers = new ArrayList<>();
        long firstAnswerAt = System.nanoTime() + 4 * WINDOW;
        JitWarmup w;
        try (Connection inMemory = new InMemoryBinding().connect(new Target("127.0.0.1", 1, 1000))) {
            // no answer at all for the first four windows, as hundreds of connections' first calls here
            Connection slowStart = new Connection() {
                @Override
                public Exchange prepare(Case c, int seq) {
                    Exchange e = inMemory.prepare(c, seq);
                    return Exchange.of(() -> {
                        long wait = firstAnswerAt - System.nanoTime();
                        if (wait > 0) {
                            LockSupport.parkNanos(wait);
                        }
                        return e.call();
                    }, e::check);
                }

                @Override
                public void close() {}
            };
            w = new SteadyWarmup(CallerConnections.shared(slowStart), Case.GET_USER, 4, compiler(2), compiler(2), WINDOW, NanoClock.SYSTEM)
                    .run(TimeUnit.SECONDS.toNanos(30), callers);
        }
        assertThat(w.quiet()).as("the warm-up waited for the first answers, then for the compilers").isTrue();
        assertThat(w.seconds()).isGreaterThanOrEqualTo(4 * WINDOW / 1e9);
        assertThat(callers.stream().mapToLong(Caller::goodOutside).sum()).isPositive();
        assertThat(callers.stream().mapToLong(Caller::badOutside).sum()).isZero();
    }

    @Test
    void aServerThatStopsAnsweringEndsTheWarmUpAtOnce() throws Exception {
        List<Caller> callers = new ArrayList<>();
        LongSupplier busy = new AtomicInteger()::getAndIncrement;
        JitWarmup w;
        try (Connection inMemory = new InMemoryBinding().connect(new Target("127.0.0.1", 1, 1000))) {
            // answers for three windows, then none for 2 s, a hundred windows: the server has stopped answering
            long silentFrom = System.nanoTime() + 3 * WINDOW;
            Connection falls = new Connection() {
                @Override
                public Exchange prepare(Case c, int seq) {
                    Exchange e = inMemory.prepare(c, seq);
                    return Exchange.of(() -> {
                        if (System.nanoTime() > silentFrom) {
                            LockSupport.parkNanos(TimeUnit.SECONDS.toNanos(2));
                        }
                        return e.call();
                    }, e::check);
                }

                @Override
                public void close() {}
            };
            w = new SteadyWarmup(CallerConnections.shared(falls), Case.GET_USER, 4, () -> busy.getAsLong() * WINDOW, () -> -1, WINDOW,
                    NanoClock.SYSTEM).run(TimeUnit.SECONDS.toNanos(30), callers);
        }
        assertThat(w.quiet()).isFalse();
        assertThat(w.seconds()).as("not the 30 s bound: the server stopped answering").isLessThan(10);
    }

    @Test
    void wrongAnswersInWarmUpAreCountedAndNotedAndEndItAtOnce() throws Exception {
        InMemoryBinding.lying = true;
        List<Caller> callers = new ArrayList<>();
        LongSupplier busy = new AtomicInteger()::getAndIncrement;
        JitWarmup w = warm(() -> busy.getAsLong() * WINDOW, () -> -1, TimeUnit.SECONDS.toNanos(30), callers);
        assertThat(w.quiet()).isFalse();
        assertThat(w.seconds()).as("not the 30 s bound: no call was answered right").isLessThan(10);
        assertThat(callers.stream().mapToLong(Caller::badOutside).sum()).isPositive();
        assertThat(callers.get(0).problems()).anySatisfy(p -> assertThat(p).startsWith("wrong answer"));
    }
}
