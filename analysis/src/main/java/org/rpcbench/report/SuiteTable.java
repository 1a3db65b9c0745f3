package org.rpcbench.report;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.rpcbench.analysis.Stats;
import org.rpcbench.record.CaseRecord;
import org.rpcbench.record.RunRecord;
import org.rpcbench.report.ReportTable.Cell;
import org.rpcbench.report.ReportTable.Observation;
import org.rpcbench.report.ReportTable.Row;

/**
 * The table of a suite: one row per pair, one column per case, throughput with p99 beside it, as the
 * seeds print theirs, so the two can be set side by side; then the server's CPU per call, and, where the
 * seed published figures, the seed's figure in each cell and the ratios between pairs beside the seed's.
 * Written as text for the terminal, as Markdown (a CI step summary, a pull-request comment) and as CSV
 * with one row per pair, case and run. A pair that produced no record, or failed, says so in its row.
 * Repeated in rounds, a cell is the median over the rounds, with its 95 % interval from three rounds up.
 */
public final class SuiteTable {

    private SuiteTable() {}

    static final String LEGEND = "calls/s answered right (p99 ms)";

    public static String text(ReportTable table, SeedFigures seed) {
        StringBuilder out = new StringBuilder(table.title()).append('\n').append(legend(table, seed)).append('\n');
        out.append(aligned(header(table), throughputRows(table, seed)));
        out.append('\n').append("server CPU µs per call answered right").append('\n');
        out.append(aligned(header(table), costRows(table)));
        if (seed != null) {
            out.append('\n').append(ratioLegend(seed)).append('\n').append(aligned(header(table), ratioRows(table, seed)));
        }
        return out.toString();
    }

    public static String markdown(ReportTable table, SeedFigures seed) {
        StringBuilder out = new StringBuilder("### ").append(table.title()).append("\n\n").append(legend(table, seed)).append("\n\n");
        out.append(markdownTable(header(table), throughputRows(table, seed)));
        out.append("\nserver CPU µs per call answered right\n\n").append(markdownTable(header(table), costRows(table)));
        if (seed != null) {
            out.append('\n').append(ratioLegend(seed)).append("\n\n").append(markdownTable(header(table), ratioRows(table, seed)));
        }
        return out.toString();
    }

    static String legend(ReportTable table) {
        return legend(table, null);
    }

    static String legend(ReportTable table, SeedFigures seed) {
        return LEGEND + (seed == null ? "" : "; seed: " + seed.source() + "'s figure" + (seed.latency() == null ? ""
                : " and " + seed.latency())) + "; " + rounds(table);
    }

    /**
     * What the rounds give: how many, and whether the medians have their intervals, said as it is: an interval
     * takes three runs that passed, so a legend never promises one that no cell shows.
     */
    static String rounds(ReportTable table) {
        int rounds = table.rounds();
        long cells = table.passedCells().count();
        long known = table.passedCells().filter(c -> c.interval(CaseRecord::answered).known()).count();
        if (rounds <= 1) {
            return "each pair one run on this machine, one after another: one run has no interval (a suite run in three"
                    + " rounds or more, -R 3, gives each median its 95 % interval)";
        }
        String median = "median of " + rounds + " rounds, each in a new random order of the pairs";
        if (known == 0) {
            return median + "; " + rounds + " rounds are too few for an interval (it takes three or more, -R 3), so no cell"
                    + " has one";
        }
        return median + ", with its 95 % interval over the rounds (a bootstrap of the median) in brackets"
                + (known < cells ? "; " + (cells - known) + " of " + cells + " cells had fewer than three runs that passed, and"
                + " no interval" : "");
    }

    static String ratioLegend(SeedFigures seed) {
        return "each pair's throughput as a share of " + seed.referenceLabel() + "'s in the same column: ours, then " + seed.source()
                + "'s" + (seed.hasErrors() ? "; " + WITHIN + ": the seed's two figures lie within the errors it printed beside"
                + " them (figure ± error overlap), so the seed did not tell the two apart" : "");
    }

    private static List<String> header(ReportTable table) {
        List<String> header = new ArrayList<>(List.of("pair"));
        header.addAll(table.columns());
        return header;
    }

    static List<List<String>> throughputRows(ReportTable table, SeedFigures seed) {
        List<List<String>> rows = new ArrayList<>();
        for (Row row : table.rows()) {
            List<String> cells = new ArrayList<>(List.of(table.label(row) + " (" + row.detail() + ")"));
            for (String column : table.columns()) {
                Cell cell = row.cells().get(column);
                String published = seed == null ? "" : seedFigure(seed.find(row.pair(), seedCase(seed, column)), cell);
                cells.add(published.isEmpty() ? cell(cell) : cell(cell) + " · " + published);
            }
            rows.add(cells);
        }
        if (seed != null) {
            for (String seedRow : seed.unpairedRows()) {
                List<String> cells = new ArrayList<>(List.of(SEED_ONLY + seedRow));
                for (String column : table.columns()) {
                    cells.add(seedFigure(seed.ofRow(seedRow, seedCase(seed, column)), null));
                }
                rows.add(cells);
            }
        }
        return rows;
    }

    /** How a seed's share is marked when the seed's own errors do not tell the pair from the reference. */
    static final String WITHIN = "within the seed's ±";

    /** How a row the seed published and no pair here can run is named in the tables. */
    static final String SEED_ONLY = "seed's only: ";

    /**
     * "seed 30333 (p99 2.5)": the seed's throughput, rounded, with the error it printed beside it ("seed 20913 ± 3948"),
     * and its latency figure as it printed it. A seed's
     * latency that is not our p99 (seed 003's mean) comes with ours of the same kind, so that like is set
     * beside like. Empty when the seed has no figure there.
     */
    static String seedFigure(SeedFigures.Figure f, Cell ours) {
        if (f == null) {
            return "";
        }
        StringBuilder out = new StringBuilder("seed ").append(Math.round(f.get(SeedFigures.OPS)));
        if (f.values().containsKey(SeedFigures.ERROR)) {
            out.append(" ± ").append(Math.round(f.get(SeedFigures.ERROR)));
        }
        List<String> latency = new ArrayList<>();
        for (String key : List.of("mean", "p50", "p99", "p99.9")) {
            BigDecimal v = f.values().get(key);
            if (v == null) {
                continue;
            }
            String label = key.equals("p50") ? "median" : key;
            double mine = ours == null || ours.failed() || key.equals("p99") ? Double.NaN : ours.median(c -> c.latencyMs().get(key));
            latency.add(label + " " + v.toPlainString() + (Double.isNaN(mine) ? "" : String.format(Locale.ROOT, ", ours %.2f", mine)));
        }
        if (!latency.isEmpty()) {
            out.append(" (").append(String.join("; ", latency)).append(')');
        }
        return out.toString();
    }

    static List<List<String>> costRows(ReportTable table) {
        List<List<String>> rows = new ArrayList<>();
        for (Row row : table.rows()) {
            List<String> cells = new ArrayList<>(List.of(table.label(row)));
            for (String column : table.columns()) {
                Cell cell = row.cells().get(column);
                double v = cell == null ? Double.NaN : cell.median(c -> c.perCall("serverCpuMicros"));
                cells.add(Double.isNaN(v) ? "n/a" : String.format(Locale.ROOT, "%.1f", v));
            }
            rows.add(cells);
        }
        return rows;
    }

    static List<List<String>> ratioRows(ReportTable table, SeedFigures seed) {
        Row reference = table.rows().stream().filter(r -> r.pair().equals(seed.reference())).findFirst().orElse(null);
        List<List<String>> rows = new ArrayList<>();
        for (Row row : table.rows()) {
            List<String> cells = new ArrayList<>(List.of(table.label(row)));
            for (String column : table.columns()) {
                double ours = share(row.cells().get(column), reference == null ? null : reference.cells().get(column));
                double theirs = seed.ratio(row.pair(), seedCase(seed, column));
                cells.add(ratio(ours) + " · seed " + ratio(theirs)
                        + (seed.withinError(row.pair(), seedCase(seed, column)) ? " (" + WITHIN + ")" : ""));
            }
            rows.add(cells);
        }
        for (String seedRow : seed.unpairedRows()) {
            List<String> cells = new ArrayList<>(List.of(SEED_ONLY + seedRow));
            for (String column : table.columns()) {
                SeedFigures.Figure f = seed.ofRow(seedRow, seedCase(seed, column));
                cells.add(f == null ? "" : "seed " + ratio(f.get(SeedFigures.OPS) / seed.figure(seed.reference(), seedCase(seed, column))));
            }
            rows.add(cells);
        }
        return rows;
    }

    /** A pair's share of the reference's throughput in one cell: the ratio of their medians; NaN when either failed or is missing. */
    static double share(Cell mine, Cell reference) {
        return mine == null || reference == null || mine.failed() || reference.failed() ? Double.NaN
                : mine.median(CaseRecord::answered) / reference.median(CaseRecord::answered);
    }

    /**
     * The seed's name for a column's case: the column itself where the seed published figures under it (a sweep's
     * "say @100"), else the case without its concurrency (a seed that printed one table for its one concurrency).
     */
    static String seedCase(SeedFigures seed, String column) {
        return seed.figures().stream().anyMatch(f -> f.caseName().equals(column)) ? column : baseCase(column);
    }

    private static String ratio(double r) {
        return Double.isNaN(r) ? "n/a" : String.format(Locale.ROOT, "×%.2f", r);
    }

    private static String baseCase(String column) {
        int at = column.indexOf(" @");
        return at < 0 ? column : column.substring(0, at);
    }

    /** "33942 (1.56)"; over rounds "33942 [31000–35000] (1.56)"; "FAILED (3 errors)"; "no result". */
    static String cell(Cell cell) {
        if (cell == null) {
            return "no result";
        }
        if (cell.failed()) {
            return "FAILED (" + cell.errors() + " errors" + (cell.rounds() > 1 ? " in " + cell.failedRuns() + " of " + cell.rounds()
                    + " runs" : "") + ")";
        }
        double answered = cell.median(CaseRecord::answered);
        Stats.Interval spread = cell.interval(CaseRecord::answered);
        String interval = spread.known() ? String.format(Locale.ROOT, " [%.0f–%.0f]", spread.low(), spread.high()) : "";
        return String.format(Locale.ROOT, "%.0f%s (%.2f)", answered, interval, cell.median(c -> c.latencyMs().p99()));
    }

    static String aligned(List<String> header, List<List<String>> rows) {
        List<List<String>> all = new ArrayList<>();
        all.add(header);
        all.addAll(rows);
        int[] width = new int[header.size()];
        for (List<String> row : all) {
            for (int i = 0; i < row.size(); i++) {
                width[i] = Math.max(width[i], row.get(i).length());
            }
        }
        StringBuilder out = new StringBuilder();
        for (List<String> row : all) {
            for (int i = 0; i < row.size(); i++) {
                out.append(i == 0 ? String.format(Locale.ROOT, "%-" + width[i] + "s", row.get(i))
                        : String.format(Locale.ROOT, "  %" + width[i] + "s", row.get(i)));
            }
            out.append('\n');
        }
        return out.toString();
    }

    static String markdownTable(List<String> header, List<List<String>> rows) {
        StringBuilder out = new StringBuilder("|");
        header.forEach(h -> out.append(' ').append(h).append(" |"));
        out.append("\n|---|");
        header.stream().skip(1).forEach(h -> out.append("---:|"));
        out.append('\n');
        for (List<String> row : rows) {
            out.append('|');
            row.forEach(cell -> out.append(' ').append(cell.replace("|", "\\|")).append(" |"));
            out.append('\n');
        }
        return out.toString();
    }

    /** One row per pair, case and run, with every figure a run record holds for it. */
    public static String csv(List<ReportTable.Entry> entries) {
        StringBuilder out = new StringBuilder("pair,run,protocol,serialization,framework_version,case,threads,ops_per_second,"
                + "ops_error,answered_per_second,p50_ms,p99_ms,p999_ms,calls,errors,request_bytes,response_bytes,"
                + "server_cpu_us_per_call,client_cpu_us_per_call,server_alloc_bytes_per_call,client_alloc_bytes_per_call,"
                + "server_cpu_percent,client_cpu_percent,unsteady_iterations,passed\n");
        for (ReportTable.Entry e : entries) {
            if (e.records().isEmpty()) {
                out.append(e.pair()).append(",,,,,,,,,,,,,,,,,,,,,,,,false\n");
                continue;
            }
            for (int run = 0; run < e.records().size(); run++) {
                RunRecord r = e.records().get(run);
                for (CaseRecord c : r.cases()) {
                    List<Object> cells = List.of(e.pair(), run + 1, r.framework().getOrDefault("protocol", ""),
                            r.framework().getOrDefault("serialization", ""), r.framework().getOrDefault("frameworkVersion", ""),
                            c.name(), r.threads(), num(c.opsPerSecond()), num(c.opsError()), num(c.answered()),
                            num(c.latencyMs().p50()), num(c.latencyMs().p99()), num(c.latencyMs().p999()), c.calls(),
                            c.allErrors(), c.wireBytes() == null ? "" : num(c.wireBytes().requestBytes()),
                            c.wireBytes() == null ? "" : num(c.wireBytes().responseBytes()), num(c.perCall("serverCpuMicros")),
                            num(c.perCall("clientCpuMicros")), num(c.perCall("serverAllocBytes")), num(c.perCall("clientAllocBytes")),
                            c.cpuAndGc().server() == null ? "" : num(c.cpuAndGc().server().cpuPercentOfCore()),
                            c.cpuAndGc().client() == null ? "" : num(c.cpuAndGc().client().cpuPercentOfCore()),
                            c.steady() == null ? "" : c.steady().excludedIterations(), !c.failed());
                    out.append(String.join(",", cells.stream().map(v -> csvText(String.valueOf(v))).toList())).append('\n');
                }
            }
        }
        return out.toString();
    }

    private static String num(double v) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%.3f", v) : "";
    }

    private static String csvText(String v) {
        return v.contains(",") || v.contains("\"") ? "\"" + v.replace("\"", "\"\"") + "\"" : v;
    }

    /**
     * The suite's notes on its rows, as the table names the rows: "triple-protobuf 3.1.11: the seed's 3.0 ...".
     * A note for a row the table lacks is left out.
     */
    public static List<String> notes(ReportTable table, java.util.Map<String, String> notes) {
        List<String> out = new ArrayList<>();
        for (Row row : table.rows()) {
            String note = notes.get(row.pair());
            if (note != null) {
                out.add(table.label(row) + ": " + note);
            }
        }
        return out;
    }

    /**
     * The seed's expected performance indicators beside ours, a line each: "seed 003's expected indicator, 1k data (line
     * 27), Response time: expected 0.9 ms, the seed's actual 0.79 ms (yes); ours, dubbo27-hessian echoPojo: 0.52 ms". Ours
     * is the median over the rounds of the cell of the pair and case the indicator names, or "no result".
     */
    public static List<String> indicators(ReportTable table, SeedFigures seed) {
        List<String> out = new ArrayList<>();
        if (seed == null) {
            return out;
        }
        String source = seed.source().contains(" (") ? seed.source().substring(0, seed.source().indexOf(" (")) : seed.source();
        for (SeedFigures.Indicator i : seed.indicators()) {
            boolean ops = i.metric().equals(SeedFigures.OPS);
            String unit = ops ? " calls/s" : " ms";
            Row row = table.rows().stream().filter(r -> r.pair().equals(i.pair())).findFirst().orElse(null);
            Cell cell = row == null ? null : row.cells().get(i.caseName());
            String ours = cell == null || cell.failed() ? "no result"
                    : ops ? String.format(Locale.ROOT, "%.0f%s", cell.median(CaseRecord::answered), unit)
                    : String.format(Locale.ROOT, "%.2f%s", cell.median(c -> c.latencyMs().get(i.metric())), unit);
            out.add(source + "'s expected indicator, " + i.scene() + " (line " + i.line() + "), " + i.index() + ": expected "
                    + i.expected().toPlainString() + unit + ", the seed's actual " + i.actual().toPlainString() + unit + "; ours, "
                    + (row == null ? i.pair() : table.label(row)) + " " + i.caseName() + ": " + ours);
        }
        return out;
    }

    /** Every observation of a table, for reports that list them. */
    static List<Observation> observations(ReportTable table) {
        return table.rows().stream().flatMap(r -> r.cells().values().stream()).flatMap(c -> c.runs().stream()).toList();
    }
}
