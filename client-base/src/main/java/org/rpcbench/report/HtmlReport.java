package org.rpcbench.report;

import com.alibaba.fastjson2.JSON;
import com.alibaba.fastjson2.JSONArray;
import com.alibaba.fastjson2.JSONObject;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import org.rpcbench.history.TrendPoint;
import org.rpcbench.report.ReportTable.Cell;
import org.rpcbench.report.ReportTable.Figures;
import org.rpcbench.report.ReportTable.Row;

/**
 * One HTML file that opens anywhere, offline: the seed-shaped table, charts of throughput, latency
 * percentiles, bytes per call and CPU, the trend of each pair and case over the history store's runs, and
 * every figure in a table. Chart.js is inlined from its webjar and the page's Content-Security-Policy
 * forbids every fetch, so a report that reached for the network would show it as a console error, which
 * the browser test counts.
 */
public final class HtmlReport {

    private HtmlReport() {}

    static final String CHART_JS = "META-INF/resources/webjars/chart.js/4.5.1/dist/chart.umd.min.js";

    /** Colour-blind-safe (Okabe and Ito), one per pair or percentile, in order. */
    static final List<String> PALETTE = List.of("#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7",
            "#56B4E9", "#F0E442", "#000000");

    /** The percentiles drawn, labelled by what they are: p99.9 is the 99.9th percentile, never "p99". */
    static final List<String> PERCENTILES = List.of("p50", "p90", "p99", "p99.9");

    /**
     * The page. {@code trends} maps {@link #trendKey} of a row's pair and a column to its stored runs,
     * oldest first; a pair and case with fewer than two stored runs has no trend to draw.
     */
    public static String render(ReportTable table, Map<String, List<TrendPoint>> trends, Instant generated) {
        List<JSONObject> charts = new ArrayList<>();
        StringBuilder body = new StringBuilder();
        body.append("<h1>").append(esc(table.title())).append("</h1>\n");
        body.append("<p class=\"context\">").append(esc(context(table, generated))).append("</p>\n");

        body.append("<h2>The table</h2>\n").append(seedTable(table));
        body.append("<p class=\"legend\">calls per second answered right, p99 latency in ms in brackets; each pair one"
                + " run on this machine, one after another. A FAILED cell had errors (every error fails a run); the"
                + " figures below leave it out.</p>\n");

        body.append("<h2>Throughput</h2>\n");
        body.append(chart(charts, "throughput", "calls per second answered right", "bar", table.columns(),
                rowSets(table, (c, cell) -> Figures.answeredPerSecond(c, cell.record())), false));

        body.append("<h2>Latency percentiles</h2>\n<p class=\"legend\">from each run's merged histogram of every"
                + " measured call, in ms on a logarithmic scale</p>\n<div class=\"grid\">\n");
        for (String column : table.columns()) {
            List<JSONObject> sets = new ArrayList<>();
            for (int p = 0; p < PERCENTILES.size(); p++) {
                String key = PERCENTILES.get(p);
                List<Double> values = new ArrayList<>();
                for (Row row : table.rows()) {
                    values.add(value(row.cells().get(column), c -> Figures.latencyMs(c, key)));
                }
                sets.add(dataset(key, PALETTE.get(p), values));
            }
            body.append(chart(charts, "latency " + column, column + ": latency (ms)", "bar", pairs(table), sets, true));
        }
        body.append("</div>\n");

        body.append(sideBySide(charts, table, "Bytes per call", "on the wire, framing included, measured through a relay",
                "bytes", List.of("request", "response"), " bytes per call", Figures::wireBytes));
        body.append(sideBySide(charts, table, "CPU", "% of one core over the measured iterations",
                "cpu", List.of("server", "client"), " CPU (% of one core)", Figures::cpuPercent));

        StringBuilder trendCharts = new StringBuilder();
        for (String column : table.columns()) {
            List<JSONObject> sets = new ArrayList<>();
            int colour = 0;
            for (Row row : table.rows()) {
                List<TrendPoint> points = trends.getOrDefault(trendKey(row.pair(), column), List.of());
                JSONArray data = new JSONArray();
                for (TrendPoint p : points) {
                    if (p.errors() == 0 && Double.isFinite(p.opsPerSecond())) {
                        data.add(JSONObject.of("x", p.time().toEpochMilli(), "y", round(p.opsPerSecond()),
                                "version", p.frameworkVersion(), "commit", shortCommit(p.gitCommit())));
                    }
                }
                if (data.size() >= 2) {
                    JSONObject set = JSONObject.of("label", row.pair(), "data", data);
                    set.put("borderColor", PALETTE.get(colour % PALETTE.size()));
                    set.put("backgroundColor", PALETTE.get(colour % PALETTE.size()));
                    sets.add(set);
                }
                colour++;
            }
            if (!sets.isEmpty()) {
                trendCharts.append(chart(charts, "trend " + column, column + ": calls per second answered right,"
                        + " run by run", "line", null, sets, false));
            }
        }
        if (trendCharts.length() > 0) {
            body.append("<h2>Trend</h2>\n<p class=\"legend\">this pair and case in the history store, runs with the"
                    + " same concurrency, JMH settings and host; runs with errors left out</p>\n<div class=\"grid\">\n")
                    .append(trendCharts).append("</div>\n");
        }

        body.append("<h2>Every figure</h2>\n").append(figures(table));
        return page(table.title(), body.toString(), charts);
    }

    /** A section of two charts of one figure, one per side (request and response, server and client). */
    private static String sideBySide(List<JSONObject> charts, ReportTable table, String heading, String legend, String name,
            List<String> sides, String title, java.util.function.BiFunction<JSONObject, String, Double> figure) {
        StringBuilder out = new StringBuilder("<h2>").append(heading).append("</h2>\n<p class=\"legend\">").append(esc(legend))
                .append("</p>\n<div class=\"grid\">\n");
        for (String side : sides) {
            out.append(chart(charts, name + " " + side, side + title, "bar", table.columns(),
                    rowSets(table, (c, cell) -> figure.apply(c, side)), false));
        }
        return out.append("</div>\n").toString();
    }

    /** How a trend is found for a row and column in the map given to {@link #render}. */
    public static String trendKey(String pair, String column) {
        return pair + " / " + column;
    }

    private static String context(ReportTable table, Instant generated) {
        for (Row row : table.rows()) {
            if (row.record() != null) {
                JSONObject env = row.record().getJSONObject("environment");
                JSONObject jmh = row.record().getJSONObject("jmh");
                String settings = jmh == null ? "open loop"
                        : String.format(Locale.ROOT, "JMH %s, %d fork%s, %d x %s warm-up, %d x %s measurement",
                                jmh.getString("mode"), jmh.getIntValue("forks"), jmh.getIntValue("forks") == 1 ? "" : "s", jmh.getIntValue("warmupIterations"),
                                jmh.getString("warmupTime"), jmh.getIntValue("measurementIterations"),
                                jmh.getString("measurementTime"));
                return String.format(Locale.ROOT, "%s; %s, %d cores, JDK %s, on %s; harness commit %s; report made %s",
                        settings, env.getString("cpuModel"), env.getIntValue("cores"), env.getString("jdk"),
                        env.getString("hostname"), shortCommit(env.getString("gitCommit")),
                        generated.truncatedTo(ChronoUnit.SECONDS));
            }
        }
        return "no pair left a run record; report made " + generated.truncatedTo(ChronoUnit.SECONDS);
    }

    private static String seedTable(ReportTable table) {
        StringBuilder out = new StringBuilder("<table class=\"seed\">\n<thead><tr><th>pair</th><th>what it runs</th>");
        table.columns().forEach(c -> out.append("<th>").append(esc(c)).append("</th>"));
        out.append("</tr></thead>\n<tbody>\n");
        for (Row row : table.rows()) {
            out.append("<tr><th>").append(esc(row.pair())).append("</th><td class=\"detail\">").append(esc(row.detail()))
                    .append("</td>");
            for (String column : table.columns()) {
                Cell cell = row.cells().get(column);
                if (cell == null) {
                    out.append("<td class=\"missing\">no result</td>");
                } else if (cell.failed()) {
                    out.append("<td class=\"failed\">FAILED (").append(Figures.errors(cell.result())).append(" errors)</td>");
                } else {
                    out.append(String.format(Locale.ROOT, "<td>%.0f <span class=\"p99\">(%.2f)</span></td>",
                            Figures.answeredPerSecond(cell.result(), cell.record()), Figures.latencyMs(cell.result(), "p99")));
                }
            }
            out.append("</tr>\n");
        }
        return out.append("</tbody>\n</table>\n").toString();
    }

    private static String figures(ReportTable table) {
        StringBuilder out = new StringBuilder("<div class=\"wide\"><table class=\"figures\">\n<thead><tr><th>pair</th><th>case</th>"
                + "<th>concurrency</th><th>ops/s (± 99.9 %)</th><th>answered/s</th><th>p50 ms</th><th>p90 ms</th>"
                + "<th>p99 ms</th><th>p99.9 ms</th><th>p99.99 ms</th><th>max ms</th><th>calls</th><th>errors</th>"
                + "<th>request B</th><th>response B</th><th>server CPU %</th><th>client CPU %</th></tr></thead>\n<tbody>\n");
        for (Row row : table.rows()) {
            for (String column : table.columns()) {
                Cell cell = row.cells().get(column);
                if (cell == null) {
                    continue;
                }
                JSONObject c = cell.result();
                out.append("<tr").append(cell.failed() ? " class=\"failed\"" : "").append("><th>").append(esc(row.pair()))
                        .append("</th><td>").append(esc(cell.caseName())).append("</td><td>").append(cell.threads())
                        .append("</td><td>").append(Figures.openLoop(cell.record()) ? "open loop"
                                : String.format(Locale.ROOT, "%.0f ± %.0f", c.getDoubleValue("opsPerSecond"),
                                        c.getDoubleValue("opsError")))
                        .append("</td>").append(num(Figures.answeredPerSecond(c, cell.record()), 0));
                for (String key : List.of("p50", "p90", "p99", "p99.9", "p99.99", "max")) {
                    out.append(num(Figures.latencyMs(c, key), 3));
                }
                out.append("<td>").append(c.getLongValue("calls")).append("</td><td>").append(Figures.errors(c)).append("</td>")
                        .append(num(Figures.wireBytes(c, "request"), 0)).append(num(Figures.wireBytes(c, "response"), 0))
                        .append(num(Figures.cpuPercent(c, "server"), 0)).append(num(Figures.cpuPercent(c, "client"), 0))
                        .append("</tr>\n");
            }
        }
        return out.append("</tbody>\n</table></div>\n").toString();
    }

    private interface CellFigure {
        double of(JSONObject result, Cell cell);
    }

    /** One dataset per pair over the columns; a failed or missing cell is a gap, not a zero. */
    private static List<JSONObject> rowSets(ReportTable table, CellFigure figure) {
        List<JSONObject> sets = new ArrayList<>();
        int colour = 0;
        for (Row row : table.rows()) {
            List<Double> values = new ArrayList<>();
            for (String column : table.columns()) {
                Cell cell = row.cells().get(column);
                values.add(value(cell, c -> figure.of(c, cell)));
            }
            sets.add(dataset(row.pair(), PALETTE.get(colour++ % PALETTE.size()), values));
        }
        return sets;
    }

    private static Double value(Cell cell, ToDoubleFunction<JSONObject> figure) {
        if (cell == null || cell.failed()) {
            return null;
        }
        double v = figure.applyAsDouble(cell.result());
        return Double.isFinite(v) ? round(v) : null;
    }

    private static JSONObject dataset(String label, String colour, List<Double> values) {
        JSONObject set = JSONObject.of("label", label, "backgroundColor", colour, "borderColor", colour);
        JSONArray data = new JSONArray();
        data.addAll(values);
        set.put("data", data);
        return set;
    }

    private static List<String> pairs(ReportTable table) {
        return table.rows().stream().map(Row::pair).toList();
    }

    /** A canvas in the page and its Chart.js configuration in the charts list. */
    private static String chart(List<JSONObject> charts, String name, String title, String type, List<String> labels,
            List<JSONObject> datasets, boolean logarithmic) {
        String id = "chart-" + charts.size();
        JSONObject data = JSONObject.of("datasets", datasets);
        if (labels != null) {
            data.put("labels", labels);
        }
        JSONObject y = JSONObject.of("type", logarithmic ? "logarithmic" : "linear", "beginAtZero", !logarithmic);
        JSONObject scales = JSONObject.of("y", y);
        boolean time = labels == null;
        if (time) {
            scales.put("x", JSONObject.of("type", "linear"));
        }
        JSONObject options = JSONObject.of("animation", false, "responsive", true, "maintainAspectRatio", false,
                "scales", scales, "plugins", JSONObject.of("title", JSONObject.of("display", true, "text", title)));
        charts.add(JSONObject.of("id", id, "name", name, "time", time,
                "config", JSONObject.of("type", type, "data", data, "options", options)));
        return "<div class=\"chart\"><canvas id=\"" + id + "\" aria-label=\"" + esc(title) + "\" role=\"img\"></canvas></div>\n";
    }

    private static String page(String title, String body, List<JSONObject> charts) {
        return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                // nothing may be fetched: everything the page needs is in it
                + "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; script-src 'unsafe-inline';"
                + " style-src 'unsafe-inline'; img-src data:\">\n"
                + "<title>" + esc(title) + "</title>\n<style>\n" + STYLE + "</style>\n</head>\n<body>\n" + body
                + "<script type=\"application/json\" id=\"report-charts\">" + scriptSafe(JSON.toJSONString(charts))
                + "</script>\n<script>\n/* Chart.js 4.5.1 (MIT licence), from the org.webjars.npm:chart.js webjar */\n"
                + scriptSafe(chartJs()) + "\n</script>\n<script>\n" + DRAW + "</script>\n</body>\n</html>\n";
    }

    /**
     * Draws every chart, then marks the page with how many canvases hold ink, which the browser test reads.
     * Animation is off, so a chart is drawn when its constructor returns and a screenshot shows it whole.
     */
    static final String DRAW = """
            (function () {
              const specs = JSON.parse(document.getElementById('report-charts').textContent);
              const day = (v) => new Date(v).toISOString().slice(0, 16).replace('T', ' ');
              for (const spec of specs) {
                if (spec.time) {
                  spec.config.options.scales.x.ticks = { callback: day, maxRotation: 0, autoSkip: true };
                  spec.config.options.plugins.tooltip = { callbacks: {
                    title: (items) => day(items[0].parsed.x),
                    afterLabel: (item) => 'version ' + item.raw.version + ', commit ' + item.raw.commit } };
                }
                new Chart(document.getElementById(spec.id), spec.config);
              }
              let drawn = 0;
              for (const canvas of document.querySelectorAll('canvas')) {
                const pixels = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
                for (let i = 3; i < pixels.length; i += 4) {
                  if (pixels[i] !== 0) { drawn++; break; }
                }
              }
              document.documentElement.dataset.charts = String(specs.length);
              document.documentElement.dataset.chartsDrawn = String(drawn);
            })();
            """;

    static final String STYLE = """
            body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5em auto; max-width: 1400px; padding: 0 1em; color: #222; }
            h1 { font-size: 1.4em; } h2 { font-size: 1.15em; margin-top: 1.6em; }
            .context, .legend { color: #555; }
            table { border-collapse: collapse; margin: .5em 0; }
            th, td { border: 1px solid #ccc; padding: .25em .5em; text-align: right; white-space: nowrap; }
            thead th, tbody th, td.detail { text-align: left; }
            td.failed, tr.failed td { color: #b00020; font-weight: 600; }
            td.missing { color: #888; }
            .p99 { color: #666; }
            .grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(560px, 1fr)); gap: 1em; }
            .chart { position: relative; height: 320px; }
            .wide { overflow-x: auto; }
            """;

    private static String chartJs() {
        try (InputStream in = HtmlReport.class.getClassLoader().getResourceAsStream(CHART_JS)) {
            if (in == null) {
                throw new IllegalStateException("Chart.js is not on the class path (" + CHART_JS + ")");
            }
            // no source map: there is nothing beside the report to load it from
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).replaceAll("(?m)^//# sourceMappingURL=.*$", "");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Text inside a script element must not close it. */
    static String scriptSafe(String text) {
        return text.replace("</", "<\\/");
    }

    static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    private static String num(double v, int decimals) {
        return "<td>" + (Double.isFinite(v) ? String.format(Locale.ROOT, "%." + decimals + "f", v) : "") + "</td>";
    }

    private static double round(double v) {
        return Math.round(v * 1000) / 1000.0;
    }

    private static String shortCommit(String commit) {
        if (commit == null) {
            return "unknown";
        }
        return commit.length() > 12 && commit.matches("[0-9a-f]{40}.*") ? commit.substring(0, 12) + commit.substring(40) : commit;
    }
}
