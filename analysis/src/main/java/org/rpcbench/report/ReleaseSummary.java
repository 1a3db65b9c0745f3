package org.rpcbench.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import org.rpcbench.analysis.Stats;
import org.rpcbench.history.TrendPoint;

/**
 * One case's stored runs gathered by the framework release that ran them, oldest release first: where a line
 * got faster or slower. Each release gets its runs' median and the 95 % interval of that median, as a suite's
 * cell does ({@link Stats#medianInterval}); a run with errors is counted, not summarised, as in every figure
 * here. Runs of other settings or hosts are not comparable: the caller gives one series.
 */
public final class ReleaseSummary {
    private ReleaseSummary() {}

    /** A release's runs: how many, how many failed, and the medians of the others with their intervals. */
    public record Row(String release, int runs, int withErrors, double opsPerSecond, Stats.Interval opsInterval,
                      double serverMicrosPerCall, Stats.Interval serverInterval) {}

    public static List<Row> of(List<TrendPoint> points) {
        Map<String, List<TrendPoint>> byRelease = new LinkedHashMap<>();
        points.forEach(p -> byRelease.computeIfAbsent(p.frameworkVersion() == null ? "unknown" : p.frameworkVersion(),
                k -> new ArrayList<>()).add(p));
        List<Row> rows = new ArrayList<>();
        byRelease.forEach((release, runs) -> {
            List<TrendPoint> clean = runs.stream().filter(p -> p.errors() == 0).toList();
            double[] ops = values(clean, TrendPoint::opsPerSecond);
            double[] server = values(clean, TrendPoint::serverMicrosPerCall);
            rows.add(new Row(release, runs.size(), runs.size() - clean.size(), Stats.median(ops), Stats.medianInterval(ops),
                    Stats.median(server), Stats.medianInterval(server)));
        });
        rows.sort(Comparator.comparing(Row::release, ReleaseSummary::compareReleases));
        return rows;
    }

    /**
     * Release numbers part by part, numbers as numbers: 2.7.23 before 3.0.15 before 3.3.6 before 3.3.7-SNAPSHOT
     * before 3.3.7 before 3.3.10.
     */
    static int compareReleases(String a, String b) {
        String[] x = a.split("[.-]");
        String[] y = b.split("[.-]");
        for (int i = 0; i < Math.min(x.length, y.length); i++) {
            boolean nx = x[i].matches("\\d{1,9}");
            boolean ny = y[i].matches("\\d{1,9}");
            int c = nx && ny ? Integer.compare(Integer.parseInt(x[i]), Integer.parseInt(y[i]))
                    : nx != ny ? (nx ? -1 : 1) : x[i].compareTo(y[i]);
            if (c != 0) {
                return c;
            }
        }
        if (x.length == y.length) {
            return 0;
        }
        // 3.3 before 3.3.1, but a qualifier before its release: 3.3.7-SNAPSHOT before 3.3.7 (Maven's order)
        String[] longer = x.length > y.length ? x : y;
        int sign = longer[Math.min(x.length, y.length)].matches("\\d{1,9}") ? 1 : -1;
        return x.length > y.length ? sign : -sign;
    }

    /** The table as the history command prints it. */
    public static List<String> lines(List<Row> rows) {
        List<String> out = new ArrayList<>();
        String format = "%-16s %5s %7s %12s %-21s %10s %-17s";
        out.add(String.format(Locale.ROOT, format, "release", "runs", "errors", "ops/s", "[95 % of median]", "server µs",
                "[95 % of median]").stripTrailing());
        for (Row r : rows) {
            out.add(String.format(Locale.ROOT, format, r.release(), r.runs(), r.withErrors(), number(r.opsPerSecond()),
                    interval(r.opsInterval()), number(r.serverMicrosPerCall()), interval(r.serverInterval())).stripTrailing());
        }
        return out;
    }

    private static double[] values(List<TrendPoint> points, ToDoubleFunction<TrendPoint> figure) {
        return points.stream().mapToDouble(figure).filter(v -> !Double.isNaN(v)).toArray();
    }

    private static String number(double v) {
        return Double.isNaN(v) ? "n/a" : String.format(Locale.ROOT, "%.1f", v);
    }

    private static String interval(Stats.Interval i) {
        return i.known() ? String.format(Locale.ROOT, "[%.1f, %.1f]", i.low(), i.high()) : "(3 runs needed)";
    }
}
