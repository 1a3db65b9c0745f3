package org.rpcbench.rig;

import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.rpcbench.binding.Connection;
import org.rpcbench.binding.Exchange;
import org.rpcbench.cases.Case;
import org.rpcbench.meter.Meter;
import org.rpcbench.meter.ProcessReading;
import org.rpcbench.record.CaseRecord;
import org.rpcbench.record.CpuAndGc;
import org.rpcbench.record.Histograms;
import org.rpcbench.record.Latency;
import org.rpcbench.record.PerCall;
import org.rpcbench.record.ProblemTally;
import org.rpcbench.record.ProcessDelta;
import org.rpcbench.record.ProcessUse;
import org.rpcbench.record.TallyFile;

/**
 * Runs one case on a fixed schedule ({@link PacedSender}s on one shared connection) and merges what the
 * senders saw. Not JMH: JMH's loop is closed by design, each call waits for the previous one.
 */
public final class OpenLoop {
    /** Time for the senders' threads to start before the first slot is due. */
    static final long START_DELAY_NANOS = 50_000_000L;
    /** Achieving less than this share of the target rate marks the run as having missed it. */
    public static final double ACHIEVED_SHARE = 0.99;

    private OpenLoop() {}

    /**
     * @param timeoutMillis the binding's call limit: senders get that long past the window to finish
     * @param clientMeter this process; {@code serverMeter} the server when it can be read, else null:
     *     both read as the window opens and closes
     */
    public static CaseRecord run(Connection connection, Case c, OpenLoopPlan plan, PacingClock clock, long timeoutMillis,
                                 Meter clientMeter, Meter serverMeter) throws InterruptedException {
        double slotGap = 1e9 / plan.rate();
        long start = clock.nanoTime() + START_DELAY_NANOS;
        long measureFrom = start + plan.warmup().toNanos();
        long end = measureFrom + plan.measure().toNanos();
        List<PacedSender> senders = new ArrayList<>();
        List<Thread> threads = new ArrayList<>();
        for (int s = 0; s < plan.senders(); s++) {
            Exchange[] exchanges = PreparedRequests.forSeat(connection, c, s);
            // sender s owns slots s, s + n, s + 2n, ... of the whole schedule
            PacedSender sender = new PacedSender(exchanges, clock, start + (long) (s * slotGap), plan.senderIntervalNanos(),
                    measureFrom, end);
            senders.add(sender);
            Thread t = new Thread(sender, "rpc-bench-sender-" + s);
            t.setDaemon(true);
            threads.add(t);
        }
        threads.forEach(Thread::start);
        clock.waitUntil(measureFrom);
        ProcessReading clientAtStart = clientMeter.read();
        ProcessReading serverAtStart = serverMeter == null ? null : serverMeter.read();
        clock.waitUntil(end);
        ProcessDelta client = Deltas.between(clientAtStart, clientMeter.read());
        ServerUse server = ServerUse.between(serverMeter, serverAtStart, serverMeter == null ? null : serverMeter.read());
        List<String> problems = new ArrayList<>();
        long waitUntil = System.currentTimeMillis() + (end - clock.nanoTime()) / 1_000_000 + 2 * timeoutMillis + 5_000;
        try {
            for (Thread t : threads) {
                t.join(Math.max(1, waitUntil - System.currentTimeMillis()));
                if (t.isAlive()) {
                    problems.add(t.getName() + " was still in a call " + (2 * timeoutMillis + 5_000) / 1000
                            + " s after the window closed");
                }
            }
        } finally {
            threads.forEach(Thread::interrupt);
        }
        CaseRecord merged = merge(c, plan, senders, problems, client, server.delta());
        return server.lost() == null ? merged : merged.withServerMeterLost("in the measured window: " + server.lost());
    }

    static CaseRecord merge(Case c, OpenLoopPlan plan, List<PacedSender> senders, List<String> stuck, ProcessDelta client,
                            ProcessDelta server) {
        Histogram corrected = Histograms.empty();
        Histogram uncorrected = Histograms.empty();
        Histogram failed = Histograms.empty();
        List<String> problems = new ArrayList<>(stuck);
        ProblemTally tally = new ProblemTally();
        stuck.forEach(tally::add);
        long calls = 0;
        long errors = stuck.size();
        long warmupCalls = 0;
        long warmupErrors = 0;
        long unsent = 0;
        for (PacedSender s : senders) {
            corrected.add(s.corrected());
            uncorrected.add(s.uncorrected());
            failed.add(s.failed());
            calls += s.calls();
            errors += s.errors();
            warmupCalls += s.warmupCalls();
            warmupErrors += s.warmupErrors();
            unsent += s.unsent();
            tally.addAll(s.problemTally().kinds());
            s.problems().stream().filter(p -> !problems.contains(p))
                    .limit(Math.max(0, TallyFile.PROBLEMS_KEPT - problems.size())).forEach(problems::add);
        }
        double seconds = plan.measure().toNanos() / 1e9;
        double achieved = (calls + errors) / seconds;
        return new CaseRecord(c.method(), Double.NaN, Double.NaN, List.of(), calls / seconds, Latency.of(corrected),
                failed.getTotalCount() == 0 ? null : Latency.of(failed), calls, errors, warmupCalls, warmupErrors, problems,
                false, null, new CpuAndGc(ProcessUse.of(listOf(client)), ProcessUse.of(listOf(server))),
                PerCall.of(calls, server, client), List.of(), null, plan.rate(), achieved,
                achieved < ACHIEVED_SHARE * plan.rate(), Latency.of(uncorrected), unsent, null, tally.kinds(), null);
    }

    private static List<ProcessDelta> listOf(ProcessDelta d) {
        return d == null ? List.of() : List.of(d);
    }
}
