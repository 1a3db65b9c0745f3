package org.rpcbench.report;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.rpcbench.record.CaseRecord;
import org.rpcbench.record.CpuAndGc;
import org.rpcbench.record.Environment;
import org.rpcbench.record.Latency;
import org.rpcbench.record.LoadSettings;
import org.rpcbench.record.OpenLoopSettings;
import org.rpcbench.record.PerCall;
import org.rpcbench.record.ProcessUse;
import org.rpcbench.record.RunRecord;
import org.rpcbench.record.Samples;
import org.rpcbench.record.WireSize;

/** Run records with the figures a report's test chooses, built as the launcher builds them. */
public final class Runs {
    private Runs() {}

    /** A closed-loop case: JMH's score {@code ops}, {@code calls} answered right and {@code errors}; p99 {@code p99Ms}. */
    public static CaseRecord closedCase(String name, double ops, long calls, long errors, double p99Ms) {
        Latency latency = new Latency(p99Ms / 20, p99Ms / 4, p99Ms / 2, p99Ms, p99Ms * 2, p99Ms * 3, p99Ms * 6, p99Ms / 3, calls);
        double answered = calls + errors == 0 ? ops : ops * calls / (calls + errors);
        PerCall perCall = new PerCall(22.5, 18.25, 4096, 2048);
        return new CaseRecord(name, ops, ops / 50, List.of(List.of(ops, ops)), answered, latency,
                errors == 0 ? null : new Latency(1, 2, 3, 4, 5, 6, 5000, 2, errors), calls, errors, 100, 0,
                errors == 0 ? List.of() : List.of("wrong answer: x"), false, new WireSize(180 + name.length(), 400),
                new CpuAndGc(new ProcessUse(98.25, 3L, 0L, 6.0, 10), new ProcessUse(61.5, 2L, 0L, 4.0, 10)), perCall, List.of(),
                null, null, null, null, null, null);
    }

    public static CaseRecord closedCase(String name, double answered, double p99Ms) {
        return closedCase(name, answered, 1000, 0, p99Ms);
    }

    public static RunRecord run(String pair, String serialization, int threads, Instant date, List<CaseRecord> cases) {
        return RunRecord.of("seed-java-time", pair + "-client", pair, "127.0.0.1:20880", RunRecord.CLOSED_LOOP,
                Map.of("framework", "Apache Dubbo", "protocol", "dubbo", "serialization", serialization, "frameworkVersion", "3.3.6"),
                Samples.jmh(threads), null, Samples.environment(date.toString()), cases, List.of());
    }

    public static RunRecord run(String pair, String serialization, List<CaseRecord> cases) {
        return run(pair, serialization, 32, Instant.parse("2026-11-25T10:00:00Z"), cases);
    }

    public static RunRecord openLoop(String pair, int senders, CaseRecord c) {
        return RunRecord.of("seed-java-time", pair + "-client", pair, "127.0.0.1:1", RunRecord.OPEN_LOOP, Map.of("protocol", "grpc"),
                (LoadSettings) null, new OpenLoopSettings(1000, senders, 1, 1, 10, List.of(), 5000),
                Samples.environment("2026-11-25T10:00:00Z"), List.of(c), List.of());
    }

    public static CaseRecord openCase(String name, double target, double achieved, long calls) {
        Latency latency = new Latency(0.5, 1, 2, 3, 4, 4.5, 5, 1.5, calls);
        return new CaseRecord(name, Double.NaN, Double.NaN, List.of(), achieved, latency, null, calls, 0, 10, 0, List.of(), false,
                null, CpuAndGc.NONE, PerCall.NONE, List.of(), null, target, achieved, achieved < 0.99 * target, latency, 0L);
    }

    static Environment environment() {
        return Samples.environment("2026-11-25T10:00:00Z");
    }

    /** The same run with other JMH settings. */
    public static RunRecord with(RunRecord r, LoadSettings jmh) {
        return new RunRecord(r.schema(), r.format(), r.dataModel(), r.module(), r.binding(), r.target(), r.loop(), r.jmhResult(),
                r.jfrDir(), r.passed(), r.interrupted(), r.clients(), r.mergedFrom(), r.framework(), jmh, r.openLoop(),
                r.environment(), r.settingsHash(), r.cases(), r.missingCases());
    }

    /** The same run on another host. */
    public static RunRecord onHost(RunRecord r, String host) {
        Environment e = r.environment();
        return new RunRecord(r.schema(), r.format(), r.dataModel(), r.module(), r.binding(), r.target(), r.loop(), r.jmhResult(),
                r.jfrDir(), r.passed(), r.interrupted(), r.clients(), r.mergedFrom(), r.framework(), r.jmh(), r.openLoop(),
                new Environment(e.runtime(), e.jdk(), e.jvm(), e.os(), e.cpuModel(), e.cores(), host, e.gitCommit(), e.cpuPinning(),
                        e.serverCommand(), e.date(), e.serverMeter()), r.settingsHash(), r.cases(), r.missingCases());
    }

    /** The same run, its server's meters read from {@code meter}. */
    public static RunRecord withServerMeter(RunRecord r, org.rpcbench.record.ServerMeter meter) {
        Environment e = r.environment();
        return new RunRecord(r.schema(), r.format(), r.dataModel(), r.module(), r.binding(), r.target(), r.loop(), r.jmhResult(),
                r.jfrDir(), r.passed(), r.interrupted(), r.clients(), r.mergedFrom(), r.framework(), r.jmh(), r.openLoop(),
                new Environment(e.runtime(), e.jdk(), e.jvm(), e.os(), e.cpuModel(), e.cores(), e.hostname(), e.gitCommit(),
                        e.cpuPinning(), e.serverCommand(), e.date(), meter), r.settingsHash(), r.cases(), r.missingCases());
    }

    /** The same run with other framework settings. */
    public static RunRecord withFramework(RunRecord r, Map<String, String> framework) {
        return new RunRecord(r.schema(), r.format(), r.dataModel(), r.module(), r.binding(), r.target(), r.loop(), r.jmhResult(),
                r.jfrDir(), r.passed(), r.interrupted(), r.clients(), r.mergedFrom(), framework, r.jmh(), r.openLoop(),
                r.environment(), r.settingsHash(), r.cases(), r.missingCases());
    }

    /** The same run with other cases. */
    public static RunRecord withCases(RunRecord r, List<CaseRecord> cases) {
        return new RunRecord(r.schema(), r.format(), r.dataModel(), r.module(), r.binding(), r.target(), r.loop(), r.jmhResult(),
                r.jfrDir(), r.passed(), r.interrupted(), r.clients(), r.mergedFrom(), r.framework(), r.jmh(), r.openLoop(),
                r.environment(), r.settingsHash(), cases, r.missingCases());
    }
}
