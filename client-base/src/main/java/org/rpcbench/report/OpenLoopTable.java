package org.rpcbench.report;

import java.util.List;
import java.util.Locale;

/**
 * The summary of an open-loop run: per case the rate asked for and achieved, then latency percentiles
 * timed from each call's due moment, with the same from its send beside p99 and max for contrast.
 */
public final class OpenLoopTable {

    private OpenLoopTable() {}

    public static String render(String title, List<OpenLoopResult> cases) {
        StringBuilder out = new StringBuilder();
        out.append(title).append('\n');
        out.append("latency in ms, timed from when each call was due; \"sent\" columns from when it was sent\n");
        String header = String.format(Locale.ROOT, "%-11s %10s %10s %9s %9s %9s %9s %10s %9s %11s %11s %10s %7s  %s",
                "case", "target/s", "achieved/s", "p50", "p90", "p99", "p99.9", "p99.99", "max", "p99 (sent)",
                "max (sent)", "calls", "errors", "note");
        out.append(header.stripTrailing()).append('\n');
        out.append("-".repeat(header.stripTrailing().length())).append('\n');
        for (OpenLoopResult c : cases) {
            Latency l = c.corrected();
            Latency u = c.uncorrected();
            String note = c.allErrors() > 0 ? "FAILED: " + (c.problems().isEmpty() ? "" : c.problems().get(0))
                    : c.calls() == 0 ? "FAILED: no call completed"
                    : c.missedTarget() ? "MISSED TARGET: " + c.unsent() + " calls never sent" : "";
            out.append(String.format(Locale.ROOT, "%-11s %10.0f %10.1f %9.3f %9.3f %9.3f %9.3f %10.3f %9.3f %11.3f %11.3f %10d %7d  %s",
                    c.name(), c.targetRate(), c.achievedRate(), l.p50(), l.p90(), l.p99(), l.p999(), l.p9999(), l.max(),
                    u.p99(), u.max(), c.calls(), c.allErrors(), note).stripTrailing()).append('\n');
        }
        return out.toString();
    }
}
