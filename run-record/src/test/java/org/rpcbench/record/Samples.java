package org.rpcbench.record;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Run records with the figures a test chooses, built the way writers build them. */
public final class Samples {
    private Samples() {}

    public static Environment environment(String date) {
        return new Environment(null, "17.0.15", "OpenJDK 64-Bit Server VM", "Linux", "Test CPU", 2, "bench-host",
                "0123456789abcdef0123456789abcdef01234567", "none", "java -jar server.jar", date);
    }

    public static LoadSettings jmh(int threads) {
        return new LoadSettings("JMH 1.37", "1.37", "thrpt", threads, 1, 2, "5 s", 4, "5 s", "/usr/bin/java", List.of("-Xmx2g"),
                5000, null, null, null);
    }

    /** A closed-loop case with this answered throughput, p99 and error count; one fork of four steady iterations. */
    public static CaseRecord closedCase(String name, double answered, double p99Ms, long errors) {
        Latency latency = new Latency(p99Ms / 20, p99Ms / 4, p99Ms / 2, p99Ms, p99Ms * 2, p99Ms * 3, p99Ms * 6, p99Ms / 3, 1000);
        List<IterationRecord> iterations = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            iterations.add(new IterationRecord(0, i, 5, answered, 250, errors == 0 ? 0 : 1, 5_000_000L, 4_000_000L, 10_000L, 8_000L,
                    new IterationRecord.Percentiles(p99Ms / 4, p99Ms / 2, p99Ms, p99Ms * 6)));
        }
        PerCall perCall = new PerCall(20, 16, 40, 32);
        return new CaseRecord(name, answered, answered / 50, List.of(List.of(answered, answered, answered, answered)), answered,
                latency, errors == 0 ? null : new Latency(1, 2, 3, 4, 5, 6, p99Ms * 6, 2, errors), 1000, errors, 100, 0, errors == 0 ? List.of() : List.of("wrong answer: x"),
                false, new WireSize(180 + name.length(), 400),
                new CpuAndGc(new ProcessUse(98.25, 3L, 0L, 6.0, 20), new ProcessUse(61.5, 2L, 0L, 4.0, 20)), perCall, iterations,
                new Steady(0, answered, latency, perCall), null, null, null, null, null);
    }

    public static RunRecord run(String pair, String serialization, int threads, List<CaseRecord> cases) {
        return RunRecord.of("seed-java-time", pair + "-client", pair, "127.0.0.1:20880", RunRecord.CLOSED_LOOP,
                Map.of("framework", "Apache Dubbo", "protocol", "dubbo", "serialization", serialization, "frameworkVersion", "3.3.6"),
                jmh(threads), null, environment("2026-11-25T10:00:00Z"), cases, List.of());
    }

    public static RunRecord withEnvironment(RunRecord r, Environment e) {
        return new RunRecord(r.schema(), r.format(), r.dataModel(), r.module(), r.binding(), r.target(), r.loop(), r.jmhResult(),
                r.jfrDir(), r.passed(), r.interrupted(), r.clients(), r.mergedFrom(), r.framework(), r.jmh(), r.openLoop(), e,
                r.settingsHash(), r.cases(), r.missingCases());
    }
}
