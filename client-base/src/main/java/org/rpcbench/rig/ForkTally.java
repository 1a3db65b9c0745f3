package org.rpcbench.rig;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.rpcbench.record.Histograms;
import org.rpcbench.record.JitWarmup;
import org.rpcbench.record.ProblemTally;
import org.rpcbench.record.TallyFile;

/**
 * What one fork measured of its case, gathered from its benchmark threads as each hands in an iteration,
 * and written to a file for the launcher when the last thread leaves. An iteration is complete when every
 * thread has handed it in; its counts and histograms then join the window's meter readings. Done here,
 * not in JMH's benchmark-level teardown, because JMH may run that before every thread has handed in.
 */
public final class ForkTally {
    private final String caseName;
    private final boolean metered;
    private final long startedAtMillis = System.currentTimeMillis();
    private final List<String> problems = new ArrayList<>();
    private final ProblemTally tally = new ProblemTally();
    private final List<TallyFile.Window> windows = new ArrayList<>();
    private final Histogram latency = Histograms.empty();
    private final Histogram failedLatency = Histograms.empty();
    private long warmupCalls;
    private long warmupErrors;
    private long calls;
    private long errors;
    private int handedIn;
    private int seatsLeft;
    private JitWarmup warmup;
    /** Why the server's meter was not read in a measured window, the first time it was not: the case fails. */
    private String serverMeterLost;

    public ForkTally(String caseName) {
        this(caseName, true);
    }

    /**
     * @param metered false for a case called at the same time as others (a {@link org.rpcbench.cases.CaseGroup}'s): its windows keep
     *     their length, but not the processes' use in them, which was all the cases' together
     */
    public ForkTally(String caseName, boolean metered) {
        this.caseName = caseName;
        this.metered = metered;
    }

    /**
     * One thread's iteration. Calls outside JMH's measured window, and every call of a warm-up iteration,
     * count as warm-up: not timed, but an error there still fails the run.
     *
     * @param window the iteration's window, read when the last of {@code threads} hands in (null in warm-up)
     * @param nominalSeconds the iteration's length, for a window whose edges were not read
     */
    public synchronized void handIn(Caller caller, boolean measurement, int threads, MeasurementWindow window,
                                    double nominalSeconds) {
        keep(caller);
        warmupCalls += caller.goodOutside();
        warmupErrors += caller.badOutside();
        if (measurement) {
            calls += caller.goodCalls();
            errors += caller.badCalls();
            latency.add(caller.latency());
            failedLatency.add(caller.failedLatency());
        } else {
            warmupCalls += caller.goodCalls();
            warmupErrors += caller.badCalls();
        }
        if (++handedIn < threads) {
            return;
        }
        handedIn = 0;
        if (measurement) {
            MeasurementWindow.Use use = window == null ? MeasurementWindow.Use.UNKNOWN : window.close();
            double seconds = Double.isNaN(use.seconds()) ? nominalSeconds : use.seconds();
            if (use.serverLost() != null && serverMeterLost == null) {
                serverMeterLost = "in measured iteration " + (windows.size() + 1) + ": " + use.serverLost();
            }
            windows.add(new TallyFile.Window(windows.size(), seconds, calls, errors, metered ? use.client() : null,
                    metered ? use.server() : null,
                    Histograms.encode(latency), failedLatency.getTotalCount() == 0 ? null : Histograms.encode(failedLatency)));
        }
        calls = 0;
        errors = 0;
        latency.reset();
        failedLatency.reset();
    }

    /** The warm-up before JMH's: its calls count as warm-up calls. */
    public synchronized void warmedUp(JitWarmup outcome, List<Caller> callers) {
        warmup = outcome;
        for (Caller c : callers) {
            keep(c);
            warmupCalls += c.goodOutside();
            warmupErrors += c.badOutside();
        }
    }

    private void keep(Caller caller) {
        tally.addAll(caller.problemTally().kinds());
        for (String p : caller.problems()) {
            if (problems.size() < TallyFile.PROBLEMS_KEPT && !problems.contains(p)) {
                problems.add(p);
            }
        }
    }

    /**
     * Called by each benchmark thread after its last iteration; the last of {@code threads} to leave writes
     * the tally into {@code dir}.
     *
     * @return true for the thread that wrote it
     */
    public synchronized boolean leave(int threads, Path dir) {
        if (seatsLeft == 0) {
            seatsLeft = threads;
        }
        if (--seatsLeft > 0) {
            return false;
        }
        try {
            snapshot().write(dir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the tally of " + caseName + " into " + dir, e);
        }
        return true;
    }

    /** What has been gathered so far, as the file holds it. */
    public synchronized TallyFile snapshot() {
        return new TallyFile(caseName, startedAtMillis, ProcessHandle.current().pid(), warmupCalls, warmupErrors,
                List.copyOf(problems), List.copyOf(windows), warmup, tally.kinds(), serverMeterLost);
    }
}
