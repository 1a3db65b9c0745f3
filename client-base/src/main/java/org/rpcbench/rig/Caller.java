package org.rpcbench.rig;

import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.rpcbench.binding.Exchange;
import org.rpcbench.checks.Problems;
import org.rpcbench.record.Histograms;
import org.rpcbench.record.ProblemTally;

/**
 * One benchmark thread's measuring loop body: send the next prepared request, time it, check the answer.
 *
 * <p>Everything here is owned by one thread: the histograms, the counters and the problem notes are plain
 * fields, so threads never contend on the measured path. JMH counts operations only inside its measured
 * window; the caller is told, call by call, whether the call starts inside it, and counts and times it
 * there, so that calls, latency and the CPU read at the window's edges all cover what JMH's score covers.
 * Calls around the window (JMH keeps every thread busy while the others start and stop) are counted apart.
 * Two clock reads cost tens of nanoseconds against calls of tens of microseconds.
 */
public final class Caller {
    static final int PROBLEMS_KEPT = 3;

    private final Exchange[] exchanges;
    private final int mask;
    private final NanoClock clock;
    private final Histogram latency = Histograms.empty();
    private final Histogram failedLatency = Histograms.empty();
    private final List<String> problems = new ArrayList<>(PROBLEMS_KEPT);
    private final ProblemTally tally = new ProblemTally();
    private int next;
    private long good;
    private long bad;
    private long goodOutside;
    private long badOutside;

    /** @param exchanges prepared requests, used in turn; their number must be a power of two */
    public Caller(Exchange[] exchanges, NanoClock clock) {
        if (exchanges.length == 0 || Integer.bitCount(exchanges.length) != 1) {
            throw new IllegalArgumentException("need a power-of-two number of exchanges, got " + exchanges.length);
        }
        this.exchanges = exchanges.clone();
        this.mask = exchanges.length - 1;
        this.clock = clock;
    }

    /**
     * One call. Returns the answer so JMH consumes it; a failed call returns null.
     *
     * @param inWindow whether the call starts inside JMH's measured window
     */
    public Object callOnce(boolean inWindow) {
        Exchange exchange = exchanges[next++ & mask];
        long start = clock.nanoTime();
        Object answer;
        try {
            answer = exchange.call();
        } catch (Exception e) {
            failed(inWindow, clock.nanoTime() - start, Problems.describe(e));
            return null;
        }
        long took = clock.nanoTime() - start;
        String problem = exchange.check(answer);
        if (problem != null) {
            failed(inWindow, took, "wrong answer: " + problem);
        } else if (inWindow) {
            good++;
            latency.recordValue(Math.min(took, Histograms.HIGHEST_NANOS));
        } else {
            goodOutside++;
        }
        return answer;
    }

    private void failed(boolean inWindow, long took, String problem) {
        if (inWindow) {
            bad++;
            failedLatency.recordValue(Math.min(took, Histograms.HIGHEST_NANOS));
        } else {
            badOutside++;
        }
        tally.add(problem);
        if (problems.size() < PROBLEMS_KEPT && !problems.contains(problem)) {
            problems.add(problem);
        }
    }

    /** Calls answered right inside the window. */
    public long goodCalls() {
        return good;
    }

    /** Calls that failed or were answered wrongly inside the window. */
    public long badCalls() {
        return bad;
    }

    /** Calls answered right before the window opened or after it closed. */
    public long goodOutside() {
        return goodOutside;
    }

    public long badOutside() {
        return badOutside;
    }

    /** How long the calls answered right inside the window took, in ns. */
    public Histogram latency() {
        return latency;
    }

    /** How long the calls that failed inside the window took, in ns: a timeout shows here. */
    public Histogram failedLatency() {
        return failedLatency;
    }

    /** The first few distinct problems, as they were reported. */
    public List<String> problems() {
        return problems;
    }

    /** Every failed call's problem, by kind: they add up to the failed calls, inside the window and out. */
    public ProblemTally problemTally() {
        return tally;
    }

    /** Forgets what was counted: called when an iteration starts. */
    public void reset() {
        latency.reset();
        failedLatency.reset();
        problems.clear();
        tally.clear();
        good = 0;
        bad = 0;
        goodOutside = 0;
        badOutside = 0;
    }
}
