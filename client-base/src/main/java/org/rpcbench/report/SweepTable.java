package org.rpcbench.report;

import com.alibaba.fastjson2.JSON;
import com.alibaba.fastjson2.JSONObject;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.rpcbench.report.ReportTable.Figures;

/**
 * One table over the runs of a concurrency sweep, in the shape seeds 002 and 004 report: per case and
 * concurrency, throughput, mean, median, min, max and p99 latency, the share of calls that succeeded
 * (warm-up's failures included) and the failed calls.
 * Read from the runs' run.json files, never from their printed output.
 */
public final class SweepTable {

    private SweepTable() {}

    /**
     * Prints the table of the run records given as arguments; exit 1 when one cannot be read.
     * {@code --suite TITLE OUT_DIR [--history STORE] PAIR=RUN_JSON...} is a suite's form: records of several
     * pairs, a missing file is a pair's run that left no record (said, not skipped), and the table is also
     * written as OUT_DIR/suite.md, and the report as OUT_DIR/suite.html.
     */
    public static void main(String[] args) {
        try {
            if (args.length >= 3 && args[0].equals("--suite")) {
                int first = args.length > 4 && args[3].equals("--history") ? 5 : 3;
                List<JSONObject> records = new ArrayList<>();
                List<String> missing = new ArrayList<>();
                List<String> pairs = new ArrayList<>();
                for (int i = first; i < args.length; i++) {
                    int eq = args[i].indexOf('=');
                    Path file = Path.of(args[i].substring(eq + 1));
                    if (eq > 0 && !pairs.contains(args[i].substring(0, eq))) {
                        pairs.add(args[i].substring(0, eq));
                    }
                    if (Files.isRegularFile(file)) {
                        records.add(read(file));
                    } else {
                        missing.add(file.toString());
                    }
                }
                String notes = missing.stream().map(f -> "no run record (the run failed): " + f + "\n").reduce("", String::concat);
                System.out.print(args[1] + "\n\n" + render(records) + notes);
                Files.writeString(Path.of(args[2]).resolve("suite.md"),
                        "## " + args[1] + "\n\n" + markdown(records) + notes.replace("\n", "\n\n"), StandardCharsets.UTF_8);
                records.forEach(r -> {
                    if (!pairs.contains(r.getString("binding"))) {
                        pairs.add(r.getString("binding"));
                    }
                });
                Path html = SuiteHtml.write(ReportTable.ofSweep(args[1], pairs, records), Path.of(args[2]),
                        first == 5 ? args[4] : null);
                System.out.println("reports: " + Path.of(args[2]).resolve("suite.md") + " (Markdown), " + html + " (HTML)");
                return;
            }
            System.out.print(render(args));
        } catch (IOException | RuntimeException e) {
            System.err.println("rpc-bench sweep: cannot read a run record: " + e.getMessage());
            System.exit(1);
        }
    }

    private static JSONObject read(Path file) throws IOException {
        return JSON.parseObject(Files.readString(file, StandardCharsets.UTF_8));
    }

    static String render(String... runRecords) throws IOException {
        List<JSONObject> records = new ArrayList<>();
        for (String file : runRecords) {
            records.add(read(Path.of(file)));
        }
        return render(records);
    }

    private static final String[] COLUMNS = {"case", "concurrency", "throughput", "mean", "median", "min", "max", "p99", "success", "errors"};

    public static String render(List<JSONObject> records) {
        StringBuilder out = new StringBuilder();
        boolean severalPairs = pairs(records).size() > 1;
        out.append("concurrency sweep of ").append(records.isEmpty() ? "?" : String.join(", ", pairs(records)))
                .append(" (throughput in calls/s answered right, latency in ms")
                .append(records.stream().anyMatch(Figures::openLoop) ? ", open loop: timed from when each call was due" : "")
                .append(")\n");
        String header = (severalPairs ? String.format(Locale.ROOT, "%-16s ", "pair") : "")
                + String.format(Locale.ROOT, "%-11s %11s %12s %9s %9s %9s %9s %9s %9s %7s", (Object[]) COLUMNS);
        out.append(header).append('\n').append("-".repeat(header.length())).append('\n');
        for (Row row : rows(records)) {
            String[] v = row.cells();
            out.append(severalPairs ? String.format(Locale.ROOT, "%-16s ", row.pair()) : "")
                    .append(String.format(Locale.ROOT, "%-11s %11s %12s %9s %9s %9s %9s %9s %9s %7s", (Object[]) v)).append('\n');
        }
        return out.toString();
    }

    /** The same rows as a Markdown table, pair first, for a CI step summary or a report. */
    public static String markdown(List<JSONObject> records) {
        StringBuilder out = new StringBuilder("| pair | " + String.join(" | ", COLUMNS) + " |\n|---|---|" + "---:|".repeat(COLUMNS.length - 2) + "---:|\n");
        for (Row row : rows(records)) {
            out.append("| ").append(row.pair()).append(" | ").append(String.join(" | ", row.cells())).append(" |\n");
        }
        return out.append("\nthroughput in calls/s answered right (failed calls are not counted), latency in ms").append(records.stream().anyMatch(Figures::openLoop)
                ? ", open loop: timed from when each call was due" : "").append('\n').toString();
    }

    private record Row(String pair, String[] cells) {}

    /** Per case, per pair in the order given, per concurrency. */
    private static List<Row> rows(List<JSONObject> records) {
        List<String> names = new ArrayList<>();
        for (JSONObject r : records) {
            for (Object c : r.getJSONArray("cases")) {
                String name = ((JSONObject) c).getString("name");
                if (!names.contains(name)) {
                    names.add(name);
                }
            }
        }
        List<Row> rows = new ArrayList<>();
        for (String name : names) {
            for (String pair : pairs(records)) {
                for (JSONObject r : records) {
                    JSONObject c = Figures.find(r.getJSONArray("cases"), name);
                    if (c == null || !pair.equals(r.getString("binding"))) {
                        continue;
                    }
                    JSONObject ms = c.getJSONObject("latencyMs");
                    long good = c.getLongValue("calls");
                    long bad = Figures.errors(c);
                    rows.add(new Row(pair, new String[] {name, String.valueOf(Figures.threads(r)),
                            String.format(Locale.ROOT, "%.1f", Figures.answeredPerSecond(c, r)),
                            ms(ms, "mean"), ms(ms, "p50"), ms(ms, "min"), ms(ms, "max"), ms(ms, "p99"),
                            percent(good, bad), String.valueOf(bad)}));
                }
            }
        }
        return rows;
    }

    private static List<String> pairs(List<JSONObject> records) {
        return records.stream().map(r -> r.getString("binding")).distinct().toList();
    }

    private static String ms(JSONObject ms, String key) {
        return String.format(Locale.ROOT, "%.3f", number(ms, key));
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

    private static double number(JSONObject ms, String key) {
        Object v = ms.get(key);
        return v instanceof Number n ? n.doubleValue() : Double.NaN;
    }
}
