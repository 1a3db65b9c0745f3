package org.rpcbench.report;

import java.util.List;
import java.util.Locale;

/** The table printed at the end of a run: one row per case, throughput in ops/s and latency in ms. */
public final class SummaryTable {

    private SummaryTable() {}

    public static String render(String title, List<CaseResult> cases, List<String> missing) {
        StringBuilder out = new StringBuilder();
        out.append(title).append('\n');
        String header = String.format(Locale.ROOT, "%-11s %12s %10s %9s %9s %9s %9s %9s %11s %7s  %s",
                "case", "ops/s", "± error", "p50 ms", "p90 ms", "p99 ms", "p99.9 ms", "max ms", "calls", "errors", "note");
        out.append(header.stripTrailing()).append('\n');
        out.append("-".repeat(header.stripTrailing().length())).append('\n');
        for (CaseResult c : cases) {
            Latency l = c.latency();
            String note = c.allErrors() > 0 ? "FAILED: " + (c.warmupErrors() > 0 ? c.warmupErrors() + " errors in warm-up; " : "")
                    + (c.problems().isEmpty() ? "" : c.problems().get(0))
                    : c.calls() == 0 ? "FAILED: no call completed"
                    : c.stillClimbing() ? "not warmed up: throughput still rising" : "";
            out.append(String.format(Locale.ROOT, "%-11s %12.1f %10s %9.3f %9.3f %9.3f %9.3f %9.3f %11d %7d  %s",
                    c.name(), c.opsPerSecond(), error(c.opsError()), l.p50(), l.p90(), l.p99(), l.p999(), l.max(),
                    c.calls(), c.allErrors(), note).stripTrailing()).append('\n');
        }
        for (String m : missing) {
            out.append(String.format(Locale.ROOT, "%-11s %s", m, "FAILED: no result (the benchmark fork failed; see its output above)"))
                    .append('\n');
        }
        return out.toString();
    }

    private static String error(double e) {
        return Double.isNaN(e) ? "n/a" : String.format(Locale.ROOT, "± %.1f", e);
    }
}
