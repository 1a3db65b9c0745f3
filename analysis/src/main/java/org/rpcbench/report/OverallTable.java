package org.rpcbench.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.rpcbench.record.Histograms;
import org.rpcbench.record.Latency;
import org.rpcbench.record.TallyFile;

/**
 * Seed 003's high-pressure scene: one server through payloads of every size in turn, judged as a whole as
 * well as size by size. The whole is every case's measured windows together: the calls answered right
 * over the windows' time, and the latency of all of them from the windows' histograms merged (never from
 * averaged percentiles), read from the run's tallies.
 */
public final class OverallTable {

    /** A run's figures over all its cases, which ran in {@code order}. */
    public record Overall(List<String> order, long calls, long errors, double seconds, Latency latency) {
        double perSecond() {
            return seconds > 0 ? calls / seconds : Double.NaN;
        }
    }

    private OverallTable() {}

    /** Every case's windows of the run whose tallies are in {@code tallyDir}, together. */
    public static Overall of(Path tallyDir) throws IOException {
        Histogram all = Histograms.empty();
        long calls = 0;
        long errors = 0;
        double seconds = 0;
        List<String> order = new java.util.ArrayList<>();
        for (TallyFile t : TallyFile.readAll(tallyDir)) {
            if (!order.contains(t.caseName())) {
                order.add(t.caseName());
            }
            for (TallyFile.Window w : t.iterations()) {
                all.add(Histograms.decode(w.latency()));
                calls += w.calls();
                errors += w.errors();
                seconds += w.seconds();
            }
        }
        return new Overall(order, calls, errors, seconds, Latency.of(all));
    }

    public static String text(Map<String, Overall> byPair) {
        StringBuilder out = new StringBuilder("all sizes together (" + byPair.values().stream().findFirst().map(o -> String.join(", ",
                o.order())).orElse("") + ", in that order against one server): calls answered right per second over all measured"
                + " windows, latency in ms of every call\n");
        String header = String.format(Locale.ROOT, "%-16s %12s %9s %9s %9s %9s %11s %7s", "pair", "calls/s", "p50", "p90", "p99",
                "max", "calls", "errors");
        out.append(header).append('\n').append("-".repeat(header.length())).append('\n');
        byPair.forEach((pair, o) -> out.append(String.format(Locale.ROOT, "%-16s %12.1f %9.3f %9.3f %9.3f %9.3f %11d %7d%n", pair,
                o.perSecond(), o.latency().p50(), o.latency().p90(), o.latency().p99(), o.latency().max(), o.calls(), o.errors())));
        return out.toString();
    }
}
