package org.rpcbench.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
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
import org.rpcbench.record.CaseRecord;
import org.rpcbench.record.Json;
import org.rpcbench.record.RunRecord;
import org.rpcbench.report.ReportTable.Cell;
import org.rpcbench.report.ReportTable.Row;

/**
 * One HTML file that opens anywhere, offline: the seed-shaped table (with the seed's own figures beside
 * ours where it published them), charts of throughput, latency percentiles, bytes per call and CPU per
 * call, the trend of each pair and case over the history store's runs with its change points marked, and
 * every figure in a table. Chart.js is inlined from its webjar and the page's Content-Security-Policy
 * forbids every fetch, so a report that reached for the network would show it as a console error, which
 * the browser test counts.
 */
public final class HtmlReport {

    private HtmlReport() {}

    static final String CHART_JS = "META-INF/resources/webjars/chart.js/4.5.1/dist/chart.umd.min.js";
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    /** Colour-blind-safe (Okabe and Ito), one per pair or percentile, in order. */
    static final List<String> PALETTE = List.of("#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7",
            "#56B4E9", "#F0E442", "#000000");

    /** The percentiles drawn, labelled by what they are: p99.9 is the 99.9th percentile, never "p99". */
    static final List<String> PERCENTILES = List.of("p50", "p90", "p99", "p99.9");

    /**
     * The page. {@code trends} maps {@link #trendKey} of a row's pair and a column to its stored runs,
     * oldest first; a pair and case with fewer than two stored runs has no trend to draw.
     */
    public static String render(ReportTable table, SeedFigures seed, Map<String, List<TrendPoint>> trends, Instant generated) {
        List<ObjectNode> charts = new ArrayList<>();
        StringBuilder body = new StringBuilder();
        body.append("<h1>").append(esc(table.title())).append("</h1>\n");
        body.append("<p class=\"context\">").append(esc(context(table, generated))).append("</p>\n");

        body.append("<h2>The table</h2>\n").append(seedTable(table, seed));
        body.append("<p class=\"legend\">").append(esc(SuiteTable.legend(table))).append(seed == null ? ""
                : esc("; " + seed.source() + "'s published figure beside ours where it measured the cell, and each pair's share of "
                + seed.reference() + "'s throughput, ours then the seed's")).append(". A FAILED cell had errors (every error fails a"
                + " run); the figures below leave it out.</p>\n");

        body.append("<h2>Throughput</h2>\n");
        body.append(chart(charts, "throughput", "calls per second answered right", "bar", table.columns(),
                rowSets(table, CaseRecord::answered), false));

        body.append("<h2>Latency percentiles</h2>\n<p class=\"legend\">from each run's merged histogram of every"
                + " measured call, in ms on a logarithmic scale</p>\n<div class=\"grid\">\n");
        for (String column : table.columns()) {
            List<ObjectNode> sets = new ArrayList<>();
            for (int p = 0; p < PERCENTILES.size(); p++) {
                String key = PERCENTILES.get(p);
                List<Double> values = new ArrayList<>();
                for (Row row : table.rows()) {
                    values.add(value(row.cells().get(column), c -> c.latencyMs().get(key)));
                }
                sets.add(dataset(key, PALETTE.get(p), values));
            }
            body.append(chart(charts, "latency " + column, column + ": latency (ms)", "bar", pairs(table), sets, true));
        }
        body.append("</div>\n");

        body.append(sideBySide(charts, table, "Bytes per call", "on the wire, framing included, measured through a relay",
                "bytes", List.of("request", "response"), " bytes per call",
                side -> c -> c.wireBytes() == null ? Double.NaN
                        : side.equals("request") ? c.wireBytes().requestBytes() : c.wireBytes().responseBytes()));
        body.append(sideBySide(charts, table, "CPU per call", "µs of CPU per call answered right, over the same windows as"
                + " the throughput", "cpu", List.of("server", "client"), " CPU µs per call",
                side -> c -> c.perCall(side + "CpuMicros")));

        StringBuilder trendCharts = new StringBuilder();
        for (String column : table.columns()) {
            List<ObjectNode> sets = new ArrayList<>();
            int colour = 0;
            for (Row row : table.rows()) {
                List<TrendPoint> points = trends.getOrDefault(trendKey(row.pair(), column), List.of());
                ArrayNode data = JSON.arrayNode();
                for (TrendPoint p : points) {
                    if (p.errors() == 0 && Double.isFinite(p.opsPerSecond())) {
                        data.add(JSON.objectNode().put("x", p.time().toEpochMilli()).put("y", round(p.opsPerSecond()))
                                .put("version", p.frameworkVersion()).put("commit", shortCommit(p.gitCommit()))
                                .put("change", p.changePoint()));
                    }
                }
                if (data.size() >= 2) {
                    String c = PALETTE.get(colour % PALETTE.size());
                    ObjectNode set = JSON.objectNode().put("label", row.pair()).put("borderColor", c).put("backgroundColor", c);
                    set.set("data", data);
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
                    + " same concurrency, JMH settings and host; runs with errors left out. A larger point marks a change"
                    + " point: where the series' level shifted (E-divisive means, as Apache Otava finds them)</p>\n"
                    + "<div class=\"grid\">\n").append(trendCharts).append("</div>\n");
        }

        body.append("<h2>Every figure</h2>\n").append(figures(table));
        return page(table.title(), body.toString(), charts);
    }

    /** A section of two charts of one figure, one per side (request and response, server and client). */
    private static String sideBySide(List<ObjectNode> charts, ReportTable table, String heading, String legend, String name,
            List<String> sides, String title, java.util.function.Function<String, ToDoubleFunction<CaseRecord>> figure) {
        StringBuilder out = new StringBuilder("<h2>").append(heading).append("</h2>\n<p class=\"legend\">").append(esc(legend))
                .append("</p>\n<div class=\"grid\">\n");
        for (String side : sides) {
            out.append(chart(charts, name + " " + side, side + title, "bar", table.columns(),
                    rowSets(table, figure.apply(side)), false));
        }
        return out.append("</div>\n").toString();
    }

    /** How a trend is found for a row and column in the map given to {@link #render}. */
    public static String trendKey(String pair, String column) {
        return pair + " / " + column;
    }

    private static String context(ReportTable table, Instant generated) {
        for (Row row : table.rows()) {
            if (!row.records().isEmpty()) {
                RunRecord r = row.records().get(0);
                var env = r.environment();
                var jmh = r.jmh();
                String settings = jmh == null ? "open loop"
                        : String.format(Locale.ROOT, "%s %s, %d fork%s, %s x %s warm-up, %s x %s measurement",
                                jmh.harness() == null ? "JMH" : jmh.harness(), jmh.mode(), jmh.forks(), jmh.forks() == 1 ? "" : "s",
                                jmh.warmupIterations(), jmh.warmupTime(), jmh.measurementIterations(), jmh.measurementTime());
                return String.format(Locale.ROOT, "%s; %s, %d cores, %s, on %s; harness commit %s; data model %s; report made %s",
                        settings, env.cpuModel(), env.cores(), env.runtimeName(), env.hostname(), shortCommit(env.gitCommit()),
                        r.model(), generated.truncatedTo(ChronoUnit.SECONDS));
            }
        }
        return "no pair left a run record; report made " + generated.truncatedTo(ChronoUnit.SECONDS);
    }

    private static String seedTable(ReportTable table, SeedFigures seed) {
        StringBuilder out = new StringBuilder("<table class=\"seed\">\n<thead><tr><th>pair</th><th>what it runs</th>");
        table.columns().forEach(c -> out.append("<th>").append(esc(c)).append("</th>"));
        out.append("</tr></thead>\n<tbody>\n");
        List<List<String>> ratios = seed == null ? List.of() : SuiteTable.ratioRows(table, seed);
        for (int r = 0; r < table.rows().size(); r++) {
            Row row = table.rows().get(r);
            out.append("<tr><th>").append(esc(row.pair())).append("</th><td class=\"detail\">").append(esc(row.detail()))
                    .append("</td>");
            for (int col = 0; col < table.columns().size(); col++) {
                String column = table.columns().get(col);
                Cell cell = row.cells().get(column);
                String css = cell == null ? "missing" : cell.failed() ? "failed" : "";
                out.append("<td").append(css.isEmpty() ? "" : " class=\"" + css + "\"").append(">")
                        .append(esc(SuiteTable.cell(cell)));
                double published = seed == null ? Double.NaN : seed.figure(row.pair(), column.replaceFirst(" @.*", ""));
                if (!Double.isNaN(published)) {
                    out.append("<br><span class=\"seedfig\">seed ").append(Math.round(published)).append("</span>");
                }
                if (seed != null) {
                    out.append("<br><span class=\"ratio\">").append(esc(ratios.get(r).get(col + 1))).append("</span>");
                }
                out.append("</td>");
            }
            out.append("</tr>\n");
        }
        return out.append("</tbody>\n</table>\n").toString();
    }

    private static String figures(ReportTable table) {
        StringBuilder out = new StringBuilder("<div class=\"wide\"><table class=\"figures\">\n<thead><tr><th>pair</th>"
                + "<th>case</th><th>run</th><th>concurrency</th><th>ops/s (± 99.9 %)</th><th>answered/s</th><th>p50 ms</th>"
                + "<th>p90 ms</th><th>p99 ms</th><th>p99.9 ms</th><th>p99.99 ms</th><th>max ms</th><th>calls</th>"
                + "<th>errors</th><th>request B</th><th>response B</th><th>server µs/call</th><th>client µs/call</th>"
                + "<th>server B/call</th><th>client B/call</th></tr></thead>\n<tbody>\n");
        for (Row row : table.rows()) {
            for (String column : table.columns()) {
                Cell cell = row.cells().get(column);
                if (cell == null) {
                    continue;
                }
                for (int run = 0; run < cell.runs().size(); run++) {
                    CaseRecord c = cell.runs().get(run).result();
                    out.append("<tr").append(c.failed() ? " class=\"failed\"" : "").append("><th>").append(esc(row.pair()))
                            .append("</th><td>").append(esc(cell.caseName())).append("</td><td>").append(run + 1)
                            .append("</td><td>").append(cell.threads()).append("</td><td>")
                            .append(c.openLoop() ? "open loop" : String.format(Locale.ROOT, "%.0f ± %.0f", c.opsPerSecond(),
                                    c.opsError()))
                            .append("</td>").append(num(c.answered(), 0));
                    for (String key : List.of("p50", "p90", "p99", "p99.9", "p99.99", "max")) {
                        out.append(num(c.latencyMs().get(key), 3));
                    }
                    out.append("<td>").append(c.calls()).append("</td><td>").append(c.allErrors()).append("</td>")
                            .append(num(c.wireBytes() == null ? Double.NaN : c.wireBytes().requestBytes(), 0))
                            .append(num(c.wireBytes() == null ? Double.NaN : c.wireBytes().responseBytes(), 0))
                            .append(num(c.perCall("serverCpuMicros"), 1)).append(num(c.perCall("clientCpuMicros"), 1))
                            .append(num(c.perCall("serverAllocBytes"), 0)).append(num(c.perCall("clientAllocBytes"), 0))
                            .append("</tr>\n");
                }
            }
        }
        return out.append("</tbody>\n</table></div>\n").toString();
    }

    /** One dataset per pair over the columns: the median over its runs; a failed or missing cell is a gap. */
    private static List<ObjectNode> rowSets(ReportTable table, ToDoubleFunction<CaseRecord> figure) {
        List<ObjectNode> sets = new ArrayList<>();
        int colour = 0;
        for (Row row : table.rows()) {
            List<Double> values = new ArrayList<>();
            for (String column : table.columns()) {
                values.add(value(row.cells().get(column), figure));
            }
            sets.add(dataset(row.pair(), PALETTE.get(colour++ % PALETTE.size()), values));
        }
        return sets;
    }

    private static Double value(Cell cell, ToDoubleFunction<CaseRecord> figure) {
        if (cell == null || cell.failed()) {
            return null;
        }
        double v = cell.median(figure);
        return Double.isFinite(v) ? round(v) : null;
    }

    private static ObjectNode dataset(String label, String colour, List<Double> values) {
        ObjectNode set = JSON.objectNode().put("label", label).put("backgroundColor", colour).put("borderColor", colour);
        ArrayNode data = set.putArray("data");
        values.forEach(v -> {
            if (v == null) {
                data.addNull();
            } else {
                data.add(v);
            }
        });
        return set;
    }

    private static List<String> pairs(ReportTable table) {
        return table.rows().stream().map(Row::pair).toList();
    }

    /** A canvas in the page and its Chart.js configuration in the charts list. */
    private static String chart(List<ObjectNode> charts, String name, String title, String type, List<String> labels,
            List<ObjectNode> datasets, boolean logarithmic) {
        String id = "chart-" + charts.size();
        ObjectNode data = JSON.objectNode();
        data.putArray("datasets").addAll(datasets);
        if (labels != null) {
            ArrayNode l = data.putArray("labels");
            labels.forEach(l::add);
        }
        ObjectNode scales = JSON.objectNode();
        scales.putObject("y").put("type", logarithmic ? "logarithmic" : "linear").put("beginAtZero", !logarithmic);
        boolean time = labels == null;
        if (time) {
            scales.putObject("x").put("type", "linear");
        }
        ObjectNode options = JSON.objectNode().put("animation", false).put("responsive", true).put("maintainAspectRatio", false);
        options.set("scales", scales);
        options.putObject("plugins").putObject("title").put("display", true).put("text", title);
        ObjectNode config = JSON.objectNode().put("type", type);
        config.set("data", data);
        config.set("options", options);
        ObjectNode spec = JSON.objectNode().put("id", id).put("name", name).put("time", time);
        spec.set("config", config);
        charts.add(spec);
        return "<div class=\"chart\"><canvas id=\"" + id + "\" aria-label=\"" + esc(title) + "\" role=\"img\"></canvas></div>\n";
    }

    private static String page(String title, String body, List<ObjectNode> charts) {
        String specs;
        try {
            specs = Json.MAPPER.writer().without(com.fasterxml.jackson.databind.SerializationFeature.INDENT_OUTPUT)
                    .writeValueAsString(charts);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                // nothing may be fetched: everything the page needs is in it
                + "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; script-src 'unsafe-inline';"
                + " style-src 'unsafe-inline'; img-src data:\">\n"
                + "<title>" + esc(title) + "</title>\n<style>\n" + STYLE + "</style>\n</head>\n<body>\n" + body
                + "<script type=\"application/json\" id=\"report-charts\">" + scriptSafe(specs)
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
                    afterLabel: (item) => 'version ' + item.raw.version + ', commit ' + item.raw.commit
                        + (item.raw.change ? ', change point' : '') } };
                  for (const set of spec.config.data.datasets) {
                    set.pointRadius = set.data.map((p) => (p.change ? 7 : 3));
                  }
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
            .seedfig, .ratio { color: #555; font-size: .9em; }
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
