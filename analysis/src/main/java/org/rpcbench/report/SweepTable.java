package org.rpcbench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.rpcbench.record.CaseRecord;
import org.rpcbench.report.ReportTable.Cell;
import org.rpcbench.report.ReportTable.Row;

/**
 * One table over the runs of a concurrency sweep, in the shape seeds 002 and 004 report: per case, pair
 * and concurrency, throughput, mean, median, min, max and p99 latency, the share of calls that succeeded
 * (warm-up's failures included) and the failed calls. Over several rounds each figure is the median of
 * the rounds and the counts are summed. Where the seed published a throughput for the pair, case and
 * concurrency, it stands in a last column. Read from the runs' records, never from their printed output.
 */
public final class SweepTable {

    private SweepTable() {}

    private static final String[] COLUMNS = {"case", "concurrency", "throughput", "mean", "median", "min", "max", "p99",
        "success", "errors"};

    public static String text(ReportTable table, SeedFigures seed) {
        boolean severalPairs = table.rows().size() > 1;
        StringBuilder out = new StringBuilder("concurrency sweep of ")
                .append(String.join(", ", table.rows().stream().map(Row::pair).toList()))
                .append(" (throughput in calls/s answered right, latency in ms")
                .append(openLoop(table) ? ", open loop: timed from when each call was due" : "")
                .append(table.rounds() > 1 ? "; medians of " + table.rounds() + " rounds" : "").append(")\n");
        String header = (severalPairs ? String.format(Locale.ROOT, "%-16s ", "pair") : "")
                + String.format(Locale.ROOT, "%-11s %11s %12s %9s %9s %9s %9s %9s %9s %7s", (Object[]) COLUMNS)
                + (seed == null ? "" : String.format(Locale.ROOT, " %12s", "seed"));
        out.append(header).append('\n').append("-".repeat(header.length())).append('\n');
        for (String[] row : rows(table, seed)) {
            out.append(severalPairs ? String.format(Locale.ROOT, "%-16s ", row[0]) : "").append(String.format(Locale.ROOT,
                    "%-11s %11s %12s %9s %9s %9s %9s %9s %9s %7s", (Object[]) java.util.Arrays.copyOfRange(row, 1, 11)))
                    .append(seed == null ? "" : String.format(Locale.ROOT, " %12s", row[11])).append('\n');
        }
        if (seed != null) {
            out.append("seed: the throughput ").append(seed.source()).append(" published for that pair and concurrency\n");
        }
        return out.toString();
    }

    /** The same rows as a Markdown table, pair first, for a CI step summary or a report. */
    public static String markdown(ReportTable table, SeedFigures seed) {
        StringBuilder out = new StringBuilder("| pair | " + String.join(" | ", COLUMNS) + (seed == null ? "" : " | seed") + " |\n|---|---|"
                + "---:|".repeat(COLUMNS.length - 2) + "---:|" + (seed == null ? "" : "---:|") + "\n");
        for (String[] row : rows(table, seed)) {
            out.append("| ").append(String.join(" | ", seed == null ? java.util.Arrays.copyOf(row, 11) : row)).append(" |\n");
        }
        if (seed != null) {
            out.append("\nseed: the throughput ").append(seed.source()).append(" published for that pair and concurrency\n");
        }
        out.append("\nthroughput in calls/s answered right (failed calls are not counted), latency in ms")
                .append(openLoop(table) ? ", open loop: timed from when each call was due" : "")
                .append(table.rounds() > 1 ? "; medians of " + table.rounds() + " rounds" : "").append('\n');
        for (Row row : table.rows()) {
            if (row.records().isEmpty()) {
                out.append("\n").append(row.pair()).append(": no run record (the run failed)\n");
            }
        }
        return out.toString();
    }

    private static boolean openLoop(ReportTable table) {
        return table.rows().stream().flatMap(r -> r.records().stream()).anyMatch(r -> r.isOpenLoop());
    }

    /** Per case, per pair in the table's order, per concurrency: pair first, then the columns. */
    private static List<String[]> rows(ReportTable table, SeedFigures seed) {
        List<String> names = new ArrayList<>();
        for (String column : table.columns()) {
            String name = column.substring(0, column.indexOf(" @"));
            if (!names.contains(name)) {
                names.add(name);
            }
        }
        List<String[]> rows = new ArrayList<>();
        for (String name : names) {
            for (Row row : table.rows()) {
                for (String column : table.columns()) {
                    Cell cell = row.cells().get(column);
                    if (cell == null || !column.startsWith(name + " @")) {
                        continue;
                    }
                    long good = cell.runs().stream().mapToLong(o -> o.result().calls()).sum();
                    long bad = cell.runs().stream().mapToLong(o -> o.result().allErrors()).sum();
                    double published = seed == null ? Double.NaN : seed.figure(row.pair(), name + " @" + cell.threads());
                    rows.add(new String[] {row.pair(), name, String.valueOf(cell.threads()),
                        String.format(Locale.ROOT, "%.1f", all(cell, CaseRecord::answered)), ms(cell, "mean"), ms(cell, "p50"),
                        ms(cell, "min"), ms(cell, "max"), ms(cell, "p99"), percent(good, bad), String.valueOf(bad),
                        Double.isNaN(published) ? "" : String.valueOf(Math.round(published))});
                }
            }
        }
        return rows;
    }

    /** A sweep shows every run's figures, failed or not: the failures are its point at high concurrency. */
    private static double all(Cell cell, java.util.function.ToDoubleFunction<CaseRecord> figure) {
        return org.rpcbench.analysis.Stats.median(cell.runs().stream().mapToDouble(o -> figure.applyAsDouble(o.result()))
                .filter(Double::isFinite).toArray());
    }

    private static String ms(Cell cell, String label) {
        return String.format(Locale.ROOT, "%.3f", all(cell, c -> c.latencyMs().get(label)));
    }

    /** The share of calls that succeeded, never rounded up to 100 % while one failed. */
    static String percent(long good, long bad) {
        if (good + bad == 0) {
            return "n/a";
        }
        if (bad == 0) {
            return "100%";
        }
        double share = 100.0 * good / (good + bad);
        for (int decimals = 2; decimals < 9; decimals++) {
            String text = String.format(Locale.ROOT, "%." + decimals + "f", share);
            if (Double.parseDouble(text) < 100.0) {
                return text + "%";
            }
        }
        return "<100%";
    }
}
