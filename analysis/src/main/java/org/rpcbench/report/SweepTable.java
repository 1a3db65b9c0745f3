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
            if (!seed.latencyKeys().isEmpty()) {
                out.append('\n').append(besideLegend(seed)).append('\n').append(SuiteTable.aligned(BESIDE, beside(table, seed)));
            }
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
            if (!seed.latencyKeys().isEmpty()) {
                out.append('\n').append(besideLegend(seed)).append("\n\n").append(SuiteTable.markdownTable(BESIDE, beside(table, seed)));
            }
        }
        out.append("\nthroughput in calls/s answered right (failed calls are not counted), latency in ms")
                .append(openLoop(table) ? ", open loop: timed from when each call was due" : "")
                .append(table.rounds() > 1 ? "; medians of " + table.rounds() + " rounds" : "").append('\n');
        for (Row row : table.rows()) {
            if (row.records().isEmpty()) {
                out.append("\n").append(table.label(row)).append(": no run record (the run failed)\n");
            }
        }
        return out.toString();
    }

    /** The columns of a seed's own figures set beside ours: each of ours, then the seed's of the same kind. */
    static final List<String> BESIDE = List.of("pair", "clients", "TPS", "TPS wall", "seed TPS", "mean", "seed mean",
            "median", "seed median", "max", "seed max", "min", "seed min", "p99.9", "seed p99.9");

    static String besideLegend(SeedFigures seed) {
        return "beside " + seed.source() + ", its figures as it computed them (" + seed.latency() + "): TPS, calls"
                + " answered right over our measured window; TPS wall, over the opening of every caller's connection and the"
                + " calls, as its clock ran (its 5 warm-up calls a client aside); latency in ms";
    }

    /** Per pair and concurrency where either side has a figure: ours and the seed's, kind by kind. */
    static List<List<String>> beside(ReportTable table, SeedFigures seed) {
        List<List<String>> rows = new ArrayList<>();
        for (Row row : table.rows()) {
            for (String column : table.columns()) {
                Cell cell = row.cells().get(column);
                SeedFigures.Figure f = seed.find(row.pair(), column);
                if (cell == null && f == null) {
                    continue;
                }
                List<String> cells = new ArrayList<>(List.of(table.label(row), column.substring(column.indexOf(" @") + 2)));
                cells.add(cell == null ? "no result" : String.format(Locale.ROOT, "%.0f", all(cell, CaseRecord::answered)));
                double wall = cell == null ? Double.NaN : all(cell, SweepTable::wallRate);
                cells.add(Double.isNaN(wall) ? "n/a" : String.format(Locale.ROOT, "%.0f", wall));
                cells.add(published(f, SeedFigures.OPS));
                for (String key : List.of("mean", "p50", "max", "min", "p99.9")) {
                    cells.add(cell == null ? "" : ms(cell, key));
                    cells.add(published(f, key));
                }
                rows.add(cells);
            }
        }
        return rows;
    }

    /** Calls answered right over the connections' opening and the fixed-calls window; NaN when the opening was not timed. */
    static double wallRate(CaseRecord c) {
        if (c.connectSeconds() == null || !(c.answered() > 0)) {
            return Double.NaN;
        }
        return c.calls() / (c.calls() / c.answered() + c.connectSeconds());
    }

    private static String published(SeedFigures.Figure f, String key) {
        return f == null || !f.values().containsKey(key) ? "" : f.values().get(key).toPlainString();
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
                    rows.add(new String[] {table.label(row), name, String.valueOf(cell.threads()),
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
