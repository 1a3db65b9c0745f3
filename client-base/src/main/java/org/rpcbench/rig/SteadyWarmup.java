package org.rpcbench.rig;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntFunction;
import java.util.function.LongSupplier;
import org.rpcbench.cases.Case;
import org.rpcbench.record.JitQuiet;
import org.rpcbench.record.JitWarmup;

/**
 * Warms a fork and its server before JMH's warm-up: as many threads as JMH will run call the case, on the
 * fork's connection or each on its own ({@link CallerConnections}), until both JIT compilers have gone
 * quiet ({@link JitQuiet}) or the bound is reached.
 * JMH's fixed warm-up then only settles its own loop. Without this, a fresh server and client here spend
 * their first ten to twenty seconds compiling at a third of their final rate, and how long that lasts
 * varies from run to run: the largest source of spread between runs there was.
 *
 * <p>Calls are checked as in measurement and count as warm-up: untimed, but an error still fails the run.
 * A window in which no call was answered right ends the warm-up at once, once a call has been answered or
 * has failed; until then the first answers are awaited, within the bound.
 */
public final class SteadyWarmup {
    private final CallerConnections connections;
    private final IntFunction<Case> caseOfSeat;
    private final int threads;
    private final LongSupplier clientJit;
    private final LongSupplier serverJit;
    private final long windowNanos;
    private final NanoClock clock;
    private volatile boolean stop;

    /**
     * @param clientJit, serverJit compile time so far in ns, negative when a side cannot be read
     * @param windowNanos how often the compilers are looked at
     */
    public SteadyWarmup(CallerConnections connections, Case measured, int threads, LongSupplier clientJit, LongSupplier serverJit,
                        long windowNanos, NanoClock clock) {
        this(connections, seat -> measured, threads, clientJit, serverJit, windowNanos, clock);
    }

    /** The same for callers of several cases at once (a {@link org.rpcbench.cases.CaseGroup}): {@code caseOfSeat} gives each caller's. */
    public SteadyWarmup(CallerConnections connections, IntFunction<Case> caseOfSeat, int threads, LongSupplier clientJit,
                        LongSupplier serverJit, long windowNanos, NanoClock clock) {
        this.connections = connections;
        this.caseOfSeat = caseOfSeat;
        this.threads = threads;
        this.clientJit = clientJit;
        this.serverJit = serverJit;
        this.windowNanos = windowNanos;
        this.clock = clock;
    }

    /** Calls until both compilers are quiet or {@code maxNanos} have passed; the callers' counts stay in {@code callers}. */
    public JitWarmup run(long maxNanos, List<Caller> callers) throws InterruptedException {
        List<Thread> workers = new ArrayList<>();
        Caller[] made = new Caller[threads];
        RuntimeException[] failed = new RuntimeException[1];
        CountDownLatch prepared = new CountDownLatch(threads);
        for (int t = 0; t < threads; t++) {
            int seat = t;
            Thread worker = new Thread(() -> {
                // prepared on the thread that calls, as a benchmark thread's are: a binding that gives each
                // thread a connection of its own (thrift's) must not see 32 callers on the preparing thread's
                try {
                    made[seat] = new Caller(PreparedRequests.forSeat(connections.of(seat), caseOfSeat.apply(seat), seat), clock);
                } catch (RuntimeException e) {
                    synchronized (failed) {
                        failed[0] = e;
                    }
                    return;
                } finally {
                    prepared.countDown();
                }
                // no call before every warmer is ready: calls would starve the connections still being opened
                try {
                    prepared.await();
                } catch (InterruptedException e) {
                    return;
                }
                while (!stop) {
                    made[seat].callOnce(false);
                }
            }, "rpc-bench-warmup-" + t);
            worker.setDaemon(true);
            workers.add(worker);
        }
        workers.forEach(Thread::start);
        prepared.await();
        synchronized (failed) {
            if (failed[0] != null) {
                stop = true;
                throw failed[0];
            }
        }
        callers.addAll(List.of(made));
        JitQuiet rule = new JitQuiet();
        long start = clock.nanoTime();
        long clientStart = clientJit.getAsLong();
        long serverStart = serverJit.getAsLong();
        long clientBefore = clientStart;
        long serverBefore = serverStart;
        long callsBefore = 0;
        double lastRate = 0;
        boolean quiet = false;
        try {
            long windowStart = start;
            while (!quiet && clock.nanoTime() - start < maxNanos) {
                LockSupport.parkNanos(windowNanos);
                if (Thread.interrupted()) {
                    throw new InterruptedException("warm-up stopped");
                }
                long now = clock.nanoTime();
                long clientNow = clientJit.getAsLong();
                long serverNow = serverJit.getAsLong();
                long calls = callers.stream().mapToLong(Caller::goodOutside).sum();
                long badCalls = callers.stream().mapToLong(Caller::badOutside).sum();
                lastRate = (calls - callsBefore) * 1e9 / Math.max(1, now - windowStart);
                if (calls == callsBefore) {
                    if (calls > 0 || badCalls > 0) {
                        // a window without an answer after answers came (the server stopped answering), or after a
                        // call failed: nothing is warming, and the run has failed
                        break;
                    }
                    // before the first answer, with no call failed, the first calls are still on their way: hundreds of
                    // connections' first answers can take longer than a window (seed 002/004's 500 callers of Dubbo
                    // here). The bound ends the wait; compilers with nothing to run are not judged quiet
                } else {
                    quiet = rule.window(now - windowStart, delta(clientBefore, clientNow), delta(serverBefore, serverNow));
                }
                clientBefore = clientNow;
                serverBefore = serverNow;
                callsBefore = calls;
                windowStart = now;
            }
        } finally {
            stop = true;
            for (Thread w : workers) {
                w.join(TimeUnit.SECONDS.toMillis(30));
            }
        }
        return new JitWarmup((clock.nanoTime() - start) / 1e9, quiet, seconds(clientStart, clientBefore),
                seconds(serverStart, serverBefore), lastRate);
    }

    private static long delta(long before, long now) {
        return before < 0 || now < 0 ? -1 : now - before;
    }

    private static double seconds(long before, long now) {
        return before < 0 || now < 0 ? -1 : (now - before) / 1e9;
    }
}
