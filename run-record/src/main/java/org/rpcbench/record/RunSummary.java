package org.rpcbench.record;

import java.util.List;
import java.util.Locale;

/**
 * The tables a run prints at its end, from its record alone: one row per case with throughput and latency
 * (open loop: the rates and both latencies), then what each case cost: bytes on the wire, and CPU and
 * allocation per call on each side, the server's CPU also by its threads' work (service, JIT, GC).
 */
public final class RunSummary {

    private RunSummary() {}

    public static String render(String title, RunRecord record) {
        return (record.isOpenLoop() ? openLoop(title, record.cases()) : closedLoop(title, record.cases(), record.missingCases()))
                + "\n" + costs(record.cases()) + saturation(record);
    }

    /**
     * Per case, which side's CPU was the limit ({@link Saturation}), and, where it was the single client's, how many
     * such clients would saturate the server ({@link #clientsNeeded}).
     */
    static String saturation(RunRecord record) {
        StringBuilder out = new StringBuilder("the limit (a side is saturated at " + Saturation.THRESHOLD_PERCENT
                + " % of its cores; see docs/method.md):\n");
        for (CaseRecord c : record.cases()) {
            Saturation s = record.saturation(c);
            out.append(String.format(Locale.ROOT, "%-11s %s", c.name(), s.describe()));
            int needed = clientsNeeded(c, s);
            if (needed > 0) {
                out.append("; about ").append(needed).append(" such clients, each on cores of its own, would saturate the server");
            }
            out.append('\n');
        }
        return out.toString();
    }

    /**
     * How many clients like this run's one would saturate the server without one of them reaching the threshold:
     * the server's full rate is its cores over its CPU per call, one client's most is its cores (times the
     * threshold) over its CPU per call, so clients ≈ server cores × client µs/call ÷ (threshold × client cores ×
     * server µs/call), rounded up. Only when the single client was the one saturated, on cores of its own, and
     * both sides' cores and CPU per call are known; else 0.
     */
    static int clientsNeeded(CaseRecord c, Saturation s) {
        if (!Saturation.CLIENT.equals(s.limit()) || s.clients().size() != 1 || Boolean.TRUE.equals(s.sharedCores())) {
            return 0;
        }
        Integer serverCores = s.server().cores();
        Integer clientCores = s.clients().get(0).cores();
        double server = c.perCall("serverCpuMicros");
        double client = c.perCall("clientCpuMicros");
        if (serverCores == null || clientCores == null || !(server > 0) || !(client > 0)) {
            return 0;
        }
        return (int) Math.ceil(serverCores * client / (Saturation.THRESHOLD_PERCENT / 100.0 * clientCores * server));
    }

    /** "rpc-bench dubbo-hessian (dubbo + hessian2, Apache Dubbo 3.3.6) against 127.0.0.1:20880". */
    public static String title(RunRecord r) {
        var fw = r.framework();
        return "rpc-bench " + r.binding() + " (" + fw.getOrDefault("protocol", "?") + " + " + fw.getOrDefault("serialization", "?")
                + ", " + fw.getOrDefault("framework", "?") + " " + fw.getOrDefault("frameworkVersion", "") + ") against "
                + r.target();
    }

    static String closedLoop(String title, List<CaseRecord> cases, List<String> missing) {
        StringBuilder out = new StringBuilder(title).append('\n');
        out.append("ops/s: calls answered right per second; latency of the calls answered right, in ms\n");
        String header = String.format(Locale.ROOT, "%-11s %12s %10s %9s %9s %9s %9s %9s %11s %7s  %s",
                "case", "ops/s", "± error", "p50 ms", "p90 ms", "p99 ms", "p99.9 ms", "max ms", "calls", "errors", "note");
        out.append(header.stripTrailing()).append('\n').append("-".repeat(header.stripTrailing().length())).append('\n');
        for (CaseRecord c : cases) {
            Latency l = c.latencyMs();
            out.append(String.format(Locale.ROOT, "%-11s %12.1f %10s %9.3f %9.3f %9.3f %9.3f %9.3f %11d %7d  %s",
                    c.name(), c.answered(), error(c.opsError()), l.p50(), l.p90(), l.p99(), l.p999(), l.max(), c.calls(),
                    c.allErrors(), note(c)).stripTrailing()).append('\n');
        }
        for (String m : missing) {
            out.append(String.format(Locale.ROOT, "%-11s %s%n", m, "FAILED: no result (the benchmark fork failed; see its output above)"));
        }
        return out.toString();
    }

    static String note(CaseRecord c) {
        if (c.allErrors() > 0) {
            String failedCalls = c.failedLatencyMs() == null || c.failedLatencyMs().samples() == 0 ? ""
                    : String.format(Locale.ROOT, "%d failed calls took up to %.1f ms; ", c.failedLatencyMs().samples(),
                    c.failedLatencyMs().max());
            return "FAILED: " + (c.warmupErrors() > 0 ? c.warmupErrors() + " errors in warm-up; " : "") + failedCalls
                    + (c.problems().isEmpty() ? "" : c.problems().get(0)) + otherKinds(c) + meterLost(c, "; ");
        }
        if (c.calls() == 0) {
            return "FAILED: no call completed" + meterLost(c, "; ");
        }
        if (c.serverMeterLost() != null) {
            return "FAILED: " + meterLost(c, "");
        }
        String note = c.stillClimbing() ? "not warmed up: throughput still rising" : "";
        long loud = c.jitWarmups().stream().filter(w -> !w.quiet()).count();
        if (loud > 0) {
            note += (note.isEmpty() ? "" : "; ") + "JIT still compiling when the warm-up bound ("
                    + Math.round(c.jitWarmups().get(0).seconds()) + " s) ended it";
        } else if (!c.jitWarmups().isEmpty()) {
            note += (note.isEmpty() ? "" : "; ") + String.format(Locale.ROOT, "JITs quiet after %.0f s",
                    c.jitWarmups().stream().mapToDouble(JitWarmup::seconds).max().orElse(0));
        }
        if (c.steady() != null && c.steady().excludedIterations() > 0) {
            note += (note.isEmpty() ? "" : "; ") + c.steady().excludedIterations() + " leading iteration"
                    + (c.steady().excludedIterations() == 1 ? "" : "s") + " below steady state";
        }
        return note;
    }

    /** That the server's meter was lost, where and why, after {@code lead}; "" when it was not. */
    private static String meterLost(CaseRecord c, String lead) {
        return c.serverMeterLost() == null ? "" : lead + "server figures not known " + c.serverMeterLost();
    }

    /** The kinds of problem beyond the first, said so that one kind shown never hides the others. */
    private static String otherKinds(CaseRecord c) {
        int others = c.problemKinds() == null ? 0 : c.problemKinds().size() - 1;
        return others <= 0 ? "" : " (and " + others + " other kind" + (others == 1 ? "" : "s")
                + " of problem: run.json's problemKinds)";
    }

    static String openLoop(String title, List<CaseRecord> cases) {
        StringBuilder out = new StringBuilder(title).append('\n');
        out.append("latency in ms, timed from when each call was due; \"sent\" columns from when it was sent\n");
        String header = String.format(Locale.ROOT, "%-11s %10s %10s %9s %9s %9s %9s %10s %9s %11s %11s %10s %7s  %s",
                "case", "target/s", "achieved/s", "p50", "p90", "p99", "p99.9", "p99.99", "max", "p99 (sent)",
                "max (sent)", "calls", "errors", "note");
        out.append(header.stripTrailing()).append('\n').append("-".repeat(header.stripTrailing().length())).append('\n');
        for (CaseRecord c : cases) {
            Latency l = c.latencyMs();
            Latency u = c.uncorrectedLatencyMs() == null ? Latency.NONE : c.uncorrectedLatencyMs();
            String note = c.allErrors() > 0 ? "FAILED: " + (c.problems().isEmpty() ? "" : c.problems().get(0)) + otherKinds(c)
                    + meterLost(c, "; ")
                    : c.calls() == 0 ? "FAILED: no call completed" + meterLost(c, "; ")
                    : c.serverMeterLost() != null ? "FAILED: " + meterLost(c, "")
                    : Boolean.TRUE.equals(c.missedTarget()) ? "MISSED TARGET: " + c.unsent() + " calls never sent" : "";
            out.append(String.format(Locale.ROOT, "%-11s %10.0f %10.1f %9.3f %9.3f %9.3f %9.3f %10.3f %9.3f %11.3f %11.3f %10d %7d  %s",
                    c.name(), c.targetRate(), c.achievedRate(), l.p50(), l.p90(), l.p99(), l.p999(), l.p9999(), l.max(),
                    u.p99(), u.max(), c.calls(), c.allErrors(), note).stripTrailing()).append('\n');
        }
        return out.toString();
    }

    static String costs(List<CaseRecord> cases) {
        StringBuilder out = new StringBuilder();
        String header = String.format(Locale.ROOT, "%-11s %8s %8s %12s %20s %12s %11s %11s %11s %11s %15s %15s", "case", "req B",
                "resp B", "server µs/c", "svc/jit/gc µs/c", "client µs/c", "server B/c", "client B/c", "server CPU%", "client CPU%",
                "server GC n/ms", "client GC n/ms");
        out.append(header).append('\n').append("-".repeat(header.length())).append('\n');
        for (CaseRecord c : cases) {
            WireSize w = c.wireBytes();
            out.append(String.format(Locale.ROOT, "%-11s %8s %8s %12s %20s %12s %11s %11s %11s %11s %15s %15s", c.name(),
                    w == null ? "n/a" : fmt(w.requestBytes(), "%.0f"), w == null ? "n/a" : fmt(w.responseBytes(), "%.0f"),
                    fmt(c.perCall("serverCpuMicros"), "%.1f"), threads(c), fmt(c.perCall("clientCpuMicros"), "%.1f"),
                    fmt(c.perCall("serverAllocBytes"), "%.0f"), fmt(c.perCall("clientAllocBytes"), "%.0f"),
                    cpu(c.cpuAndGc().server()), cpu(c.cpuAndGc().client()), gc(c.cpuAndGc().server()), gc(c.cpuAndGc().client())))
                    .append('\n');
        }
        out.append("µs/c and B/c: CPU time and bytes allocated per call answered right, over the same windows as ops/s;\n"
                + "server µs/c: the whole process, in 10 ms ticks; svc/jit/gc: its service's, JIT compilers' and GC's threads, to the ns;\n"
                + "CPU% is of one core (200 = two cores busy); n/a: not measured here (see docs/method.md)\n");
        return out.toString();
    }

    /** The server's service, JIT and GC threads' CPU per call, "21.40/0.31/0.05"; n/a when its threads were not read. */
    private static String threads(CaseRecord c) {
        double service = c.perCall("serverServiceCpuMicros");
        return Double.isNaN(service) ? "n/a" : fmt(service, "%.2f") + "/" + fmt(c.perCall("serverJitCpuMicros"), "%.2f") + "/"
                + fmt(c.perCall("serverGcCpuMicros"), "%.2f");
    }

    private static String fmt(double v, String format) {
        return Double.isNaN(v) ? "n/a" : String.format(Locale.ROOT, format, v);
    }

    private static String error(double e) {
        return Double.isNaN(e) ? "n/a" : String.format(Locale.ROOT, "± %.1f", e);
    }

    private static String cpu(ProcessUse use) {
        return use == null ? "n/a" : fmt(use.cpuPercentOfCore(), "%.0f");
    }

    private static String gc(ProcessUse use) {
        return use == null || use.gcCount() == null || Double.isNaN(use.gcPauseMs()) ? "n/a"
                : String.format(Locale.ROOT, "%d / %.1f", use.gcCount(), use.gcPauseMs());
    }
}
