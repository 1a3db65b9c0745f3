package org.rpcbench.client;

import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.rpcbench.binding.Exchange;

/**
 * One benchmark thread's measuring loop body: send the next prepared request, time it, check the answer.
 *
 * <p>Everything here is owned by one thread: the latency histogram, the counters and the problem notes
 * are plain fields, so threads never contend on the measured path. JMH's own counting of operations
 * gives throughput; this class adds what JMH does not know: how long each call took and whether its
 * answer was right. Two clock reads cost tens of nanoseconds against calls of tens of microseconds.
 */
public final class Caller {
    /** Longer calls are recorded as this: a minute is far beyond any timeout the harness sets. */
    static final long HIGHEST_NANOS = 60_000_000_000L;
    static final int PROBLEMS_KEPT = 3;

    private final Exchange[] exchanges;
    private final int mask;
    private final NanoClock clock;
    private final Histogram latency = new Histogram(HIGHEST_NANOS, 3);
    private final List<String> problems = new ArrayList<>(PROBLEMS_KEPT);
    private int next;
    private long good;
    private long bad;

    /** @param exchanges prepared requests, used in turn; their number must be a power of two */
    public Caller(Exchange[] exchanges, NanoClock clock) {
        if (exchanges.length == 0 || Integer.bitCount(exchanges.length) != 1) {
            throw new IllegalArgumentException("need a power-of-two number of exchanges, got " + exchanges.length);
        }
        this.exchanges = exchanges.clone();
        this.mask = exchanges.length - 1;
        this.clock = clock;
    }

    /** One call. Returns the answer so JMH consumes it; a failed call returns null. */
    public Object callOnce() {
        Exchange exchange = exchanges[next++ & mask];
        long start = clock.nanoTime();
        Object answer;
        try {
            answer = exchange.call();
        } catch (Exception e) {
            note(describe(e));
            return null;
        }
        latency.recordValue(Math.min(clock.nanoTime() - start, HIGHEST_NANOS));
        String problem = exchange.check(answer);
        if (problem == null) {
            good++;
        } else {
            note("wrong answer: " + problem);
        }
        return answer;
    }

    private void note(String problem) {
        bad++;
        if (problems.size() < PROBLEMS_KEPT && !problems.contains(problem)) {
            problems.add(problem);
        }
    }

    /** The answer's class and message, and those of its root cause when different. */
    static String describe(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String first = firstLine(e);
        return root == e ? first : first + " (cause: " + firstLine(root) + ")";
    }

    /** The deepest cause's class and message: what actually went wrong, without framework wrapping. */
    static String rootCause(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return firstLine(root);
    }

    private static String firstLine(Throwable t) {
        String m = t.getMessage();
        if (m == null) {
            return t.getClass().getName();
        }
        int nl = m.indexOf('\n');
        m = nl < 0 ? m : m.substring(0, nl);
        if (m.length() > 300) {
            m = m.substring(0, 300) + "...";
        }
        return t.getClass().getSimpleName() + ": " + m;
    }

    public long goodCalls() {
        return good;
    }

    public long badCalls() {
        return bad;
    }

    public Histogram latency() {
        return latency;
    }

    public List<String> problems() {
        return problems;
    }

    /** Forgets what was counted: called when an iteration starts. */
    public void reset() {
        latency.reset();
        problems.clear();
        good = 0;
        bad = 0;
    }
}
