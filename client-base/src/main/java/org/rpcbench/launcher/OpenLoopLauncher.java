package org.rpcbench.launcher;

import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.rpcbench.binding.ClientBinding;
import org.rpcbench.binding.Connection;
import org.rpcbench.cases.Case;
import org.rpcbench.checks.Problems;
import org.rpcbench.meter.Meter;
import org.rpcbench.meter.ProcessMeter;
import org.rpcbench.record.CaseOrder;
import org.rpcbench.record.CaseRecord;
import org.rpcbench.record.RunRecord;
import org.rpcbench.record.RunSummary;
import org.rpcbench.rig.ForkSettings;
import org.rpcbench.rig.OpenLoop;
import org.rpcbench.rig.OpenLoopPlan;
import org.rpcbench.rig.PacingClock;

/**
 * An open-loop run, in this JVM: one connection, the cases one after another, each on the plan's
 * schedule; then run.json and the summary. Exit codes as for a closed-loop run. A missed target rate is
 * flagged, in the summary and in run.json, but is a finding about the server, not a failure.
 */
final class OpenLoopLauncher {

    private OpenLoopLauncher() {}

    static int run(ClientBinding binding, ClientOptions given, PrintStream out, PrintStream err) {
        OpenLoopPlan plan = new OpenLoopPlan(given.rate(), given.concurrency(), Duration.ofSeconds(given.warmupSeconds()),
                Duration.ofSeconds(given.measureSeconds()));
        List<Case> named = given.rest().isEmpty() ? Case.DEFAULT : given.rest().stream().map(Case::named).distinct().toList();
        // in the order given unless a seed draws one
        List<Case> cases = given.caseOrderSeed() == null ? named
                : RunOrder.of(named.stream().map(Case::method).toList(), given.caseOrderSeed()).stream().map(Case::named).toList();
        List<String> ran = new ArrayList<>();
        String uncarried = Carried.refusal(binding, cases);
        if (uncarried != null) {
            err.println("rpc-bench client: " + uncarried);
            return 2;
        }
        ServerMeterCheck.Outcome meterCheck = ServerMeterCheck.check(given, err);
        if (meterCheck.meter() == null) {
            return meterCheck.exitCode();
        }
        int preflight = ServerCheck.exitCode(binding, given, cases, err);
        if (preflight != 0) {
            return preflight;
        }
        WireBytes sizes = WireBytes.measure(binding, given, cases, err);
        ProcessMeter clientMeter = ProcessMeter.self();
        Meter serverMeter = new ForkSettings(given.target(), given.tallyDir(), given.serverPid(), given.serverMeter(), 0, false)
                .serverMeter(err);
        out.printf(Locale.ROOT, "open loop: %d calls/s on %d senders sharing one connection, %d s warm-up and %d s"
                        + " measured per case%n", Math.round(plan.rate()), plan.senders(), plan.warmup().toSeconds(),
                plan.measure().toSeconds());
        Instant started = Instant.now();
        List<CaseRecord> results = new ArrayList<>();
        try (Connection connection = binding.connect(given.target())) {
            for (Case c : cases) {
                out.println("open loop: " + c.method() + " ...");
                ran.add(c.method());
                CaseRecord r = OpenLoop.run(connection, c, plan, PacingClock.SYSTEM, given.target().timeoutMillis(), clientMeter,
                        serverMeter).withWire(sizes.of(c));
                out.printf(Locale.ROOT, "open loop: %s achieved %.1f calls/s, p99 %.3f ms (from send: %.3f ms), %d errors%n",
                        c.method(), r.achievedRate(), r.latencyMs().p99(), r.uncorrectedLatencyMs().p99(), r.allErrors());
                results.add(r);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("rpc-bench client: interrupted");
            return 1;
        } catch (Exception e) {
            err.println("rpc-bench client: cannot benchmark " + binding.name() + " at " + given.target() + ": " + Problems.rootCause(e));
            return 3;
        }
        RunRecord record = RecordAssembly.openLoop(binding, given, ManagementFactory.getRuntimeMXBean().getInputArguments(),
                results, started, meterCheck.meter()).withWireBytesNotMeasured(sizes.notMeasured())
                .withCaseOrder(new CaseOrder(given.caseOrderSeed(), cases.stream().map(Case::method).toList(), ran));
        int exit = Conclusion.write(record, given, RunSummary.title(record) + ", open loop at " + Math.round(plan.rate())
                + " calls/s, " + plan.senders() + " senders, " + plan.measure().toSeconds() + " s measured",
                given.runRecordFile() + " (run record)", out, err);
        for (CaseRecord r : results) {
            if (Boolean.TRUE.equals(r.missedTarget())) {
                err.printf(Locale.ROOT, "rpc-bench client: %s missed its target: %.1f of %d calls/s (%d calls never sent);"
                        + " its latencies describe a saturated server%n", r.name(), r.achievedRate(),
                        Math.round(r.targetRate()), r.unsent());
            }
        }
        return exit;
    }
}
