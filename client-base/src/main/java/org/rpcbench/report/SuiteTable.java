package org.rpcbench.report;

import com.alibaba.fastjson2.JSON;
import com.alibaba.fastjson2.JSONObject;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The table of a suite: one row per pair, one column per case, throughput with p99 beside it, as the
 * seeds print theirs, so the two can be set side by side. Written as text for the terminal, as Markdown
 * (for a CI step summary or a pull-request comment) and as CSV with more columns, all from the pairs'
 * run.json files. A pair that produced no record, or failed, says so in its row; it is never left out.
 */
public final class SuiteTable {

    private SuiteTable() {}

    /** One pair of a suite and its run record, or null when the run left none. */
    public record Entry(String pair, JSONObject record) {}

    static final String USAGE = "usage: SuiteTable TITLE OUT_DIR [--history STORE] [--order CASE,...] PAIR=RUN_JSON...";

    /**
     * {@code TITLE OUT_DIR [--history STORE] [--order CASE,...] PAIR=RUN_JSON...}: prints the table, writes
     * suite.md, suite.csv and suite.html (with trends from the history store when one is named) to OUT_DIR,
     * the cases in the order given (the seed's), then any others as they come. A RUN_JSON that does not exist
     * is a pair that produced no record.
     */
    public static void main(String[] args) {
        String history = null;
        List<String> order = List.of();
        int first = 2;
        for (; first + 1 < args.length && args[first].startsWith("--"); first += 2) {
            switch (args[first]) {
                case "--history" -> history = args[first + 1];
                case "--order" -> order = List.of(args[first + 1].split("[ ,]+"));
                default -> {
                    System.err.println("rpc-bench suite: unknown option " + args[first] + "; " + USAGE);
                    System.exit(2);
                }
            }
        }
        if (args.length <= first) {
            System.err.println("rpc-bench suite: " + USAGE);
            System.exit(2);
        }
        try {
            List<Entry> entries = new ArrayList<>();
            List<String> cases = new ArrayList<>();
            for (int i = first; i < args.length; i++) {
                int eq = args[i].indexOf('=');
                Path file = Path.of(args[i].substring(eq + 1));
                JSONObject record = Files.isRegularFile(file)
                        ? JSON.parseObject(Files.readString(file, StandardCharsets.UTF_8)) : null;
                entries.add(new Entry(args[i].substring(0, eq), record));
                if (record != null) {
                    record.getJSONArray("cases").forEach(c -> {
                        String name = ((JSONObject) c).getString("name");
                        if (!cases.contains(name)) {
                            cases.add(name);
                        }
                    });
                }
            }
            ordered(cases, order);
            Path out = Path.of(args[1]);
            Files.createDirectories(out);
            Files.writeString(out.resolve("suite.md"), markdown(args[0], entries, cases), StandardCharsets.UTF_8);
            Files.writeString(out.resolve("suite.csv"), csv(entries), StandardCharsets.UTF_8);
            Path html = SuiteHtml.write(ReportTable.ofSuite(args[0], entries, order), out, history);
            System.out.print(text(args[0], entries, cases));
            System.out.println("reports: " + out.resolve("suite.md") + " (Markdown), " + out.resolve("suite.csv") + " (CSV), "
                    + html + " (HTML)");
        } catch (IOException | RuntimeException e) {
            System.err.println("rpc-bench suite: cannot write the suite's table: " + e.getMessage());
            System.exit(1);
        }
    }

    /** Puts the cases named in {@code order} first, in that order; the rest keep theirs. */
    static void ordered(List<String> cases, List<String> order) {
        List<String> sorted = new ArrayList<>(order.stream().filter(cases::contains).toList());
        cases.stream().filter(c -> !sorted.contains(c)).forEach(sorted::add);
        cases.clear();
        cases.addAll(sorted);
    }

    public static String text(String title, List<Entry> entries, List<String> cases) {
        List<List<String>> rows = rows(entries, cases);
        int[] width = new int[cases.size() + 1];
        List<String> header = new ArrayList<>(List.of("pair"));
        header.addAll(cases);
        for (List<String> row : concat(header, rows)) {
            for (int i = 0; i < row.size(); i++) {
                width[i] = Math.max(width[i], row.get(i).length());
            }
        }
        StringBuilder out = new StringBuilder(title).append('\n').append(LEGEND).append('\n');
        for (List<String> row : concat(header, rows)) {
            for (int i = 0; i < row.size(); i++) {
                out.append(i == 0 ? String.format(Locale.ROOT, "%-" + width[i] + "s", row.get(i))
                        : String.format(Locale.ROOT, "  %" + width[i] + "s", row.get(i)));
            }
            out.append('\n');
        }
        return out.toString();
    }

    public static String markdown(String title, List<Entry> entries, List<String> cases) {
        StringBuilder out = new StringBuilder("### ").append(title).append("\n\n").append(LEGEND).append("\n\n");
        out.append("| pair |");
        cases.forEach(c -> out.append(' ').append(c).append(" |"));
        out.append("\n|---|");
        cases.forEach(c -> out.append("---:|"));
        out.append('\n');
        for (List<String> row : rows(entries, cases)) {
            out.append('|');
            row.forEach(cell -> out.append(' ').append(cell.replace("|", "\\|")).append(" |"));
            out.append('\n');
        }
        return out.toString();
    }

    public static String csv(List<Entry> entries) {
        StringBuilder out = new StringBuilder("pair,protocol,serialization,framework_version,case,ops_per_second,ops_error,"
                + "p50_ms,p99_ms,p999_ms,calls,errors,request_bytes,response_bytes,server_cpu_percent,client_cpu_percent,"
                + "passed\n");
        for (Entry e : entries) {
            if (e.record() == null) {
                out.append(e.pair()).append(",,,,,,,,,,,,,,,,false\n");
                continue;
            }
            JSONObject fw = e.record().getJSONObject("framework");
            for (Object o : e.record().getJSONArray("cases")) {
                JSONObject c = (JSONObject) o;
                JSONObject ms = c.getJSONObject("latencyMs");
                JSONObject wire = c.getJSONObject("wireBytes");
                JSONObject use = c.getJSONObject("cpuAndGc");
                List<Object> cells = List.of(e.pair(), fw.getString("protocol"), fw.getString("serialization"),
                        fw.getString("frameworkVersion"), c.getString("name"), value(c, "opsPerSecond"),
                        value(c, "opsError"), value(ms, "p50"), value(ms, "p99"), value(ms, "p99.9"), value(c, "calls"),
                        c.getLongValue("errors") + c.getLongValue("warmupErrors"), value(wire, "request"),
                        value(wire, "response"), value(side(use, "server"), "cpuPercentOfCore"),
                        value(side(use, "client"), "cpuPercentOfCore"), e.record().getBooleanValue("passed"));
                List<String> text = new ArrayList<>();
                cells.forEach(cell -> text.add(csvCell(String.valueOf(cell))));
                out.append(String.join(",", text)).append('\n');
            }
        }
        return out.toString();
    }

    static final String LEGEND = "ops/s (p99 ms) per case; each pair one run on loopback, one after another";

    private static List<List<String>> rows(List<Entry> entries, List<String> cases) {
        List<List<String>> rows = new ArrayList<>();
        for (Entry e : entries) {
            List<String> row = new ArrayList<>();
            if (e.record() == null) {
                row.add(e.pair());
                cases.forEach(c -> row.add("no result"));
                rows.add(row);
                continue;
            }
            JSONObject fw = e.record().getJSONObject("framework");
            row.add(e.pair() + " (" + fw.getString("protocol") + " + " + fw.getString("serialization").split("[ ,(]")[0]
                    + ", " + fw.getString("frameworkVersion") + ")");
            Map<String, JSONObject> byName = new LinkedHashMap<>();
            e.record().getJSONArray("cases").forEach(o -> byName.put(((JSONObject) o).getString("name"), (JSONObject) o));
            for (String name : cases) {
                row.add(cell(byName.get(name)));
            }
            rows.add(row);
        }
        return rows;
    }

    private static String cell(JSONObject c) {
        if (c == null) {
            return "no result";
        }
        long errors = c.getLongValue("errors") + c.getLongValue("warmupErrors");
        if (errors > 0 || c.getLongValue("calls") == 0) {
            return "FAILED (" + errors + " errors)";
        }
        return String.format(Locale.ROOT, "%.0f (%.2f)", c.getDoubleValue("opsPerSecond"),
                c.getJSONObject("latencyMs").getDoubleValue("p99"));
    }

    private static JSONObject side(JSONObject use, String name) {
        return use == null ? null : use.getJSONObject(name);
    }

    private static Object value(JSONObject o, String key) {
        return o == null || o.get(key) == null ? "" : o.get(key);
    }

    private static String csvCell(String s) {
        return s.contains(",") || s.contains("\"") ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
    }

    private static List<List<String>> concat(List<String> first, List<List<String>> rest) {
        List<List<String>> all = new ArrayList<>();
        all.add(first);
        all.addAll(rest);
        return all;
    }
}
