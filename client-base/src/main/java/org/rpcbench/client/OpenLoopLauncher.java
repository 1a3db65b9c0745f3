package org.rpcbench.client;

import com.alibaba.fastjson2.JSONObject;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.rpcbench.binding.ClientBinding;
import org.rpcbench.binding.Connection;
import org.rpcbench.binding.Target;
import org.rpcbench.cases.Case;
import org.rpcbench.report.CostsTable;
import org.rpcbench.report.OpenLoopResult;
import org.rpcbench.report.OpenLoopTable;
import org.rpcbench.report.RunRecord;
import org.rpcbench.report.WireSize;

/**
 * An open-loop run, in this JVM: one connection, the cases one after another, each on the plan's
 * schedule; then run.json and the summary. Exit codes as for a closed-loop run. A missed target rate is
 * flagged, in the summary and in run.json, but is a finding about the server, not a failure.
 */
final class OpenLoopLauncher {

    private OpenLoopLauncher() {}

    static int run(ClientBinding binding, Target target, OpenLoopPlan plan, List<Case> cases, Map<Case, WireSize> sizes,
                   long serverPid, Path runRecordFile, PrintStream out, PrintStream err) {
        ProcessMeter clientMeter = ProcessMeter.self();
        ProcessMeter serverMeter = serverPid > 0 ? ProcessMeter.of(serverPid) : null;
        out.printf(Locale.ROOT, "open loop: %d calls/s on %d senders sharing one connection, %d s warm-up and %d s"
                        + " measured per case%n", Math.round(plan.rate()), plan.senders(), plan.warmup().toSeconds(),
                plan.measure().toSeconds());
        List<OpenLoopResult> results = new ArrayList<>();
        try (Connection connection = binding.connect(target)) {
            for (Case c : cases) {
                out.println("open loop: " + c.method() + " ...");
                OpenLoopResult r = OpenLoop.run(connection, c, plan, PacingClock.SYSTEM, target.timeoutMillis(), clientMeter,
                        serverMeter);
                r = r.withCosts(r.costs().withWire(sizes.get(c)));
                out.printf(Locale.ROOT, "open loop: %s achieved %.1f calls/s, p99 %.3f ms (from send: %.3f ms), %d errors%n",
                        c.method(), r.achievedRate(), r.corrected().p99(), r.uncorrected().p99(), r.allErrors());
                results.add(r);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("rpc-bench client: interrupted");
            return 1;
        } catch (Exception e) {
            err.println("rpc-bench client: cannot benchmark " + binding.name() + " at " + target + ": " + Caller.rootCause(e));
            return 3;
        }

        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("targetRate", plan.rate());
        settings.put("senders", plan.senders());
        settings.put("connections", 1);
        settings.put("warmupSeconds", plan.warmup().toSeconds());
        settings.put("measureSeconds", plan.measure().toSeconds());
        settings.put("jvmArgs", ManagementFactory.getRuntimeMXBean().getInputArguments());
        settings.put("callTimeoutMillis", target.timeoutMillis());
        JSONObject record = RunRecord.buildOpenLoop(ClientMain.identity(binding, target, "open-loop"), binding.settings(),
                settings, ClientMain.environment(null), results);
        try {
            RunRecord.write(record, runRecordFile);
        } catch (IOException e) {
            err.println("rpc-bench client: cannot write " + runRecordFile + ": " + e.getMessage());
            return 1;
        }
        out.println();
        out.print(OpenLoopTable.render(ClientMain.title(binding, target) + ", open loop at "
                + Math.round(plan.rate()) + " calls/s, " + plan.senders() + " senders, " + plan.measure().toSeconds()
                + " s measured", results));
        out.println();
        out.print(CostsTable.render(results, OpenLoopResult::name, OpenLoopResult::costs));
        out.println("results: " + runRecordFile + " (run record)");
        for (OpenLoopResult r : results) {
            if (r.missedTarget()) {
                err.printf(Locale.ROOT, "rpc-bench client: %s missed its target: %.1f of %d calls/s (%d calls never sent);"
                        + " its latencies describe a saturated server%n", r.name(), r.achievedRate(),
                        Math.round(r.targetRate()), r.unsent());
            }
        }
        if (!record.getBooleanValue("passed")) {
            long errors = results.stream().mapToLong(OpenLoopResult::allErrors).sum();
            err.println("rpc-bench client: run FAILED: " + errors + " failed or wrong calls");
            return 1;
        }
        return 0;
    }
}
