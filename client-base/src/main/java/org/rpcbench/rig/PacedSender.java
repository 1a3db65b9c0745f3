package org.rpcbench.rig;

import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.rpcbench.binding.Exchange;
import org.rpcbench.checks.Problems;
import org.rpcbench.record.Histograms;
import org.rpcbench.record.ProblemTally;

/**
 * One open-loop sender: it sends on a fixed schedule, whether or not the previous answer was slow.
 *
 * <p>Each call is timed twice: from the moment it was due (its slot in the schedule) and from the moment
 * it was actually sent. When one call stalls, the calls due behind it go out late. Timing from the due
 * moment charges them the wait, as users arriving on schedule would feel it: this is the correction for
 * coordinated omission. Timing from the send does not, and is what a closed-loop benchmark reports.
 *
 * <p>Slots still owed when the window closes (the sender was stuck behind a stalled call) are recorded
 * in the corrected histogram at the time they had waited by then: a lower bound, never nothing.
 *
 * <p>Everything here belongs to one thread; the launcher merges senders after they have finished.
 */
public final class PacedSender implements Runnable {
    private final Exchange[] exchanges;
    private final int mask;
    private final PacingClock clock;
    private final long firstDue;
    private final double interval;
    private final long measureFrom;
    private final long end;

    private final Histogram corrected = Histograms.empty();
    private final Histogram uncorrected = Histograms.empty();
    private final Histogram failed = Histograms.empty();
    private final List<String> problems = new ArrayList<>(Caller.PROBLEMS_KEPT);
    private final ProblemTally tally = new ProblemTally();
    private long calls;
    private long errors;
    private long warmupCalls;
    private long warmupErrors;
    private long unsent;

    /**
     * @param exchanges prepared requests, used in turn; a power of two of them
     * @param firstDue when the first call is due
     * @param intervalNanos time between this sender's slots
     * @param measureFrom slots due before this are warm-up: counted, not timed
     * @param end no slot is due at or after this; nothing is sent after it
     */
    public PacedSender(Exchange[] exchanges, PacingClock clock, long firstDue, double intervalNanos, long measureFrom, long end) {
        if (exchanges.length == 0 || Integer.bitCount(exchanges.length) != 1) {
            throw new IllegalArgumentException("need a power-of-two number of exchanges, got " + exchanges.length);
        }
        if (!(intervalNanos > 0)) {
            throw new IllegalArgumentException("the interval must be positive, got " + intervalNanos);
        }
        this.exchanges = exchanges.clone();
        this.mask = exchanges.length - 1;
        this.clock = clock;
        this.firstDue = firstDue;
        this.interval = intervalNanos;
        this.measureFrom = measureFrom;
        this.end = end;
    }

    @Override
    public void run() {
        long firstMeasured = firstSlotFrom(measureFrom);
        for (long slot = 0; ; slot++) {
            long due = due(slot);
            if (due >= end) {
                return;
            }
            long now = clock.nanoTime();
            if (slot < firstMeasured && now >= measureFrom) {
                // still behind on warm-up when the window opens: its backlog is dropped, not carried into
                // the window, where it would crowd out the slots that are measured
                slot = firstMeasured - 1;
                continue;
            }
            if (now >= end || Thread.currentThread().isInterrupted()) {
                owe(slot);
                return;
            }
            if (now < due) {
                clock.waitUntil(due);
            }
            send(exchanges[(int) (slot & mask)], due, due >= measureFrom);
        }
    }

    /** The first slot due at or after {@code moment}. */
    private long firstSlotFrom(long moment) {
        long slot = Math.max(0, (long) Math.ceil((moment - firstDue) / interval));
        while (slot > 0 && due(slot - 1) >= moment) {
            slot--;
        }
        while (due(slot) < moment) {
            slot++;
        }
        return slot;
    }

    private long due(long slot) {
        return firstDue + (long) (slot * interval);
    }

    private void send(Exchange exchange, long due, boolean measured) {
        long sent = clock.nanoTime();
        Object answer;
        try {
            answer = exchange.call();
        } catch (Exception e) {
            failed(measured, clock.nanoTime() - sent, Problems.describe(e));
            return;
        }
        long done = clock.nanoTime();
        String problem = exchange.check(answer);
        if (problem != null) {
            failed(measured, done - sent, "wrong answer: " + problem);
            return;
        }
        if (measured) {
            calls++;
            corrected.recordValue(Math.min(done - due, Histograms.HIGHEST_NANOS));
            uncorrected.recordValue(Math.min(done - sent, Histograms.HIGHEST_NANOS));
        } else {
            warmupCalls++;
        }
    }

    private void failed(boolean measured, long took, String problem) {
        if (measured) {
            errors++;
            failed.recordValue(Math.min(took, Histograms.HIGHEST_NANOS));
        } else {
            warmupErrors++;
        }
        tally.add(problem);
        if (problems.size() < Caller.PROBLEMS_KEPT && !problems.contains(problem)) {
            problems.add(problem);
        }
    }

    /** The measured slots from {@code slot} on that were due but never sent. */
    private void owe(long slot) {
        for (long due = due(slot); due < end; due = due(++slot)) {
            if (due >= measureFrom) {
                unsent++;
                corrected.recordValue(Math.min(Math.max(end - due, 0), Histograms.HIGHEST_NANOS));
            }
        }
    }

    /** Latency from the due moment: what a user arriving on schedule waits. */
    public Histogram corrected() { return corrected; }
    /** Latency from the actual send: what the caller alone saw. */
    public Histogram uncorrected() { return uncorrected; }
    /** How long the measured calls that failed took, from their send: a timeout shows here. */
    public Histogram failed() { return failed; }
    public long calls() { return calls; }
    public long errors() { return errors; }
    public long warmupCalls() { return warmupCalls; }
    public long warmupErrors() { return warmupErrors; }
    /** Measured slots the sender never reached before the window closed. */
    public long unsent() { return unsent; }
    public List<String> problems() { return problems; }
    /** Every failed call's problem, by kind. */
    public ProblemTally problemTally() { return tally; }
}
