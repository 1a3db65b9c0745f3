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
import org.rpcbench.analysis.Stats;
import org.rpcbench.history.TrendPoint;
import org.rpcbench.record.CaseRecord;
import org.rpcbench.record.Json;
import org.rpcbench.record.RunRecord;
import org.rpcbench.report.ReportTable.Cell;
import org.rpcbench.report.ReportTable.Row;

/**
 * One HTML file that opens anywhere, offline: the seed-shaped table (with the seed's own figures beside
 * ours where it published them), each pair's share of the seed's reference pair beside the seed's share,
 * charts of throughput, latency percentiles, bytes per call and CPU per call (whiskers: the 95 % interval of
 * each median over the rounds, where there are rounds enough for one), the trend of each pair and case over
 * the history store's runs with its change points marked, and every figure in a table. Chart.js is inlined
 * from its webjar and the page's Content-Security-Policy forbids every fetch, so a report that reached for
 * the network would show it as a console error, which the browser test counts. The whiskers are drawn by a
 * few lines of the page's own script: Chart.js has none, and no plugin may be fetched.
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

    /** The share charts' colours: ours the first pair colour, the seed's a grey, so that the two never read as pairs. */
    static final String SHARE_OURS = PALETTE.get(0);
    static final String SHARE_SEED = "#999999";

    /**
     * The page. {@code trends} maps {@link #trendKey} of a row's pair and a column to its stored runs,
     * oldest first; a pair and case with fewer than two stored runs has no trend to draw.
     */
    public static String render(ReportTable table, SeedFigures seed, Map<String, List<TrendPoint>> trends, Instant generated) {
        return render(table, seed, List.of(), trends, generated);
    }

    /** @param notes lines said under the table: why a row runs on the release it does */
    public static String render(ReportTable table, SeedFigures seed, List<String> notes, Map<String, List<TrendPoint>> trends,
                                Instant generated) {
        List<ObjectNode> charts = new ArrayList<>();
        StringBuilder body = new StringBuilder();
        body.append("<h1>").append(esc(table.title())).append("</h1>\n");
        body.append("<p class=\"context\">").append(esc(context(table, generated))).append("</p>\n");

        body.append("<h2>The table</h2>\n").append(seedTable(table, seed));
        body.append("<p class=\"legend\">").append(esc(SuiteTable.LEGEND + "; " + SuiteTable.rounds(table) + (seed == null ? ""
                : "; " + seed.source() + "'s published figure beside ours where it measured the cell" + (seed.latency() == null
                ? "" : " (its latency figures: " + seed.latency() + ")") + ", then each pair's share of "
                + seed.referenceLabel() + "'s throughput, ours then the seed's"))).append(". A FAILED cell had errors (every error"
                + " fails a run); the figures below leave it out.</p>\n");
        notes.forEach(n -> body.append("<p class=\"legend\">").append(esc(n)).append("</p>\n"));

        List<Shares> shares = Shares.of(table, seed);
        if (!shares.isEmpty()) {
            body.append("<h2>Shares of ").append(esc(seed.referenceLabel())).append(", ours beside the seed's</h2>\n<p class=\"legend\">")
                    .append(esc(shareLegend(table, seed))).append("</p>\n<div class=\"grid\">\n");
            for (Shares s : shares) {
                List<Series> sets = List.of(new Series("ours", SHARE_OURS, s.ours(), s.intervals()),
                        new Series(seedName(seed), SHARE_SEED, s.seed(), null));
                body.append(barChart(charts, "share " + s.column(), s.column() + ": share of " + seed.referenceLabel()
                        + "'s calls per second (" + seed.referenceLabel() + " = 1)", s.labels(), sets, false));
            }
            body.append("</div>\n");
        }

        body.append("<h2>Throughput</h2>\n<p class=\"legend\">").append(esc("the median over the runs of calls per second"
                + " answered right; " + whiskers(table))).append("</p>\n");
        body.append(barChart(charts, "throughput", "calls per second answered right", table.columns(),
                rowSets(table, CaseRecord::answered), false));

        body.append("<h2>Latency percentiles</h2>\n<p class=\"legend\">").append(esc("from each run's merged histogram of"
                + " every measured call, the median over the runs, in ms on a logarithmic scale that starts at most half the"
                + " smallest value shown, so that every bar stands; " + whiskers(table))).append("</p>\n<div class=\"grid\">\n");
        for (String column : table.columns()) {
            List<Series> sets = new ArrayList<>();
            for (int p = 0; p < PERCENTILES.size(); p++) {
                String key = PERCENTILES.get(p);
                List<Double> values = new ArrayList<>();
                List<Stats.Interval> intervals = new ArrayList<>();
                for (Row row : table.rows()) {
                    values.add(value(row.cells().get(column), c -> c.latencyMs().get(key)));
                    intervals.add(interval(row.cells().get(column), c -> c.latencyMs().get(key)));
                }
                sets.add(new Series(key, PALETTE.get(p), values, intervals));
            }
            body.append(barChart(charts, "latency " + column, column + ": latency (ms)", pairs(table), sets, true));
        }
        body.append("</div>\n");

        body.append(sideBySide(charts, table, "Bytes per call", "on the wire, framing included, measured through a relay; "
                + whiskers(table),
                "bytes", List.of("request", "response"), " bytes per call",
                side -> c -> c.wireBytes() == null ? Double.NaN
                        : side.equals("request") ? c.wireBytes().requestBytes() : c.wireBytes().responseBytes()));
        body.append(sideBySide(charts, table, "CPU per call", "µs of CPU per call answered right, over the same windows as"
                + " the throughput; " + whiskers(table), "cpu", List.of("server", "client"), " CPU µs per call",
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
                    ObjectNode set = JSON.objectNode().put("label", table.label(row)).put("borderColor", c).put("backgroundColor", c);
                    set.set("data", data);
                    sets.add(set);
                }
                colour++;
            }
            if (!sets.isEmpty()) {
                ObjectNode y = JSON.objectNode().put("type", "linear").put("beginAtZero", false);
                trendCharts.append(chart(charts, "trend " + column, column + ": calls per second answered right,"
                        + " run by run", "line", null, sets, y));
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
            out.append(barChart(charts, name + " " + side, side + title, table.columns(),
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
            out.append("<tr><th>").append(esc(table.label(row))).append("</th><td class=\"detail\">").append(esc(row.detail()))
                    .append("</td>");
            for (int col = 0; col < table.columns().size(); col++) {
                String column = table.columns().get(col);
                Cell cell = row.cells().get(column);
                String css = cell == null ? "missing" : cell.failed() ? "failed" : "";
                out.append("<td").append(css.isEmpty() ? "" : " class=\"" + css + "\"").append(">")
                        .append(esc(SuiteTable.cell(cell)));
                String published = seed == null ? ""
                        : SuiteTable.seedFigure(seed.find(row.pair(), SuiteTable.seedCase(seed, column)), cell);
                if (!published.isEmpty()) {
                    out.append("<br><span class=\"seedfig\">").append(esc(published)).append("</span>");
                }
                if (seed != null) {
                    out.append("<br><span class=\"ratio\">").append(esc(ratios.get(r).get(col + 1))).append("</span>");
                }
                out.append("</td>");
            }
            out.append("</tr>\n");
        }
        // the seed's rows that no pair here runs: its figures and shares only
        for (int r = table.rows().size(); r < ratios.size(); r++) {
            String name = seed.unpairedRows().get(r - table.rows().size());
            out.append("<tr class=\"seedonly\"><th>").append(esc(name)).append("</th><td class=\"detail\">published by ")
                    .append(esc(seedName(seed))).append("; no pair here runs it</td>");
            for (int col = 0; col < table.columns().size(); col++) {
                String published = SuiteTable.seedFigure(seed.ofRow(name, SuiteTable.seedCase(seed, table.columns().get(col))), null);
                out.append("<td>").append(published.isEmpty() ? "" : "<span class=\"seedfig\">" + esc(published) + "</span><br>")
                        .append("<span class=\"ratio\">").append(esc(ratios.get(r).get(col + 1))).append("</span></td>");
            }
            out.append("</tr>\n");
        }
        return out.append("</tbody>\n</table>\n").toString();
    }

    /** "seed 000": the seed's name without its note on how it measured. */
    private static String seedName(SeedFigures seed) {
        int note = seed.source().indexOf(" (");
        return note < 0 ? seed.source() : seed.source().substring(0, note);
    }

    /** What the whiskers on a chart's bars are, or why there are none. */
    static String whiskers(ReportTable table) {
        boolean any = table.passedCells().anyMatch(c -> c.interval(CaseRecord::answered).known());
        if (any) {
            return "whiskers: the 95 % interval of the median over the rounds (a bar without one had fewer than three runs"
                    + " that passed)";
        }
        return table.rounds() <= 1 ? "no whiskers: each pair ran once, and one run has no interval (-R 3 or more gives one)"
                : "no whiskers: " + table.rounds() + " rounds are too few for an interval (it takes three or more)";
    }

    private static String shareLegend(ReportTable table, SeedFigures seed) {
        String reference = seed.referenceLabel();
        boolean any = table.passedCells().anyMatch(c -> c.interval(CaseRecord::answered).known());
        return "ours: a pair's median calls per second answered right divided by " + reference + "'s in the same column;"
                + " the seed's: its published figure divided by its figure for " + reference + ". 1 is " + reference
                + "'s own level. " + seed.source() + " ran on other hosts, so its absolute figures are not comparable with"
                + " ours; the shares show whether the shape (who leads, and by how much) reproduces. No bar: no figure (a pair"
                + " the seed did not measure, a row the seed published that no pair runs, or a cell that failed here). "
                + (any ? "Whiskers: the pair's 95 % interval of its median over the rounds divided by " + reference
                        + "'s median (" + reference + "'s own whisker shows its spread)" : whiskers(table));
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
                    out.append("<tr").append(c.failed() ? " class=\"failed\"" : "").append("><th>").append(esc(table.label(row)))
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

    /** A chart's dataset: a value per label (null: no bar) and, where the rounds gave one, its interval. */
    private record Series(String label, String colour, List<Double> values, List<Stats.Interval> intervals) {}

    /** One dataset per pair over the columns: the median over its runs; a failed or missing cell is a gap. */
    private static List<Series> rowSets(ReportTable table, ToDoubleFunction<CaseRecord> figure) {
        List<Series> sets = new ArrayList<>();
        int colour = 0;
        for (Row row : table.rows()) {
            List<Double> values = new ArrayList<>();
            List<Stats.Interval> intervals = new ArrayList<>();
            for (String column : table.columns()) {
                values.add(value(row.cells().get(column), figure));
                intervals.add(interval(row.cells().get(column), figure));
            }
            sets.add(new Series(table.label(row), PALETTE.get(colour++ % PALETTE.size()), values, intervals));
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

    /** The table's interval of a cell's median (three runs or more), or null. */
    private static Stats.Interval interval(Cell cell, ToDoubleFunction<CaseRecord> figure) {
        if (cell == null || cell.failed()) {
            return null;
        }
        Stats.Interval i = cell.interval(figure);
        return i.known() ? i : null;
    }

    /** A bar chart of these datasets, its value axis spanning every value and whisker end. */
    private static String barChart(List<ObjectNode> charts, String name, String title, List<String> labels, List<Series> series,
            boolean logarithmic) {
        ArrayNode sets = JSON.arrayNode();
        List<Double> shown = new ArrayList<>();
        double highest = 0;
        for (Series s : series) {
            ObjectNode set = JSON.objectNode().put("label", s.label()).put("backgroundColor", s.colour()).put("borderColor", s.colour());
            ArrayNode data = set.putArray("data");
            ArrayNode intervals = JSON.arrayNode();
            boolean anyInterval = false;
            for (int i = 0; i < s.values().size(); i++) {
                Double v = s.values().get(i);
                Stats.Interval iv = s.intervals() == null ? null : s.intervals().get(i);
                if (v == null) {
                    data.addNull();
                } else {
                    data.add(round(v));
                    shown.add(v);
                    highest = Math.max(highest, v);
                }
                if (v == null || iv == null) {
                    intervals.addNull();
                } else {
                    intervals.addArray().add(round(iv.low())).add(round(iv.high()));
                    shown.add(iv.low());
                    shown.add(iv.high());
                    highest = Math.max(highest, iv.high());
                    anyInterval = true;
                }
            }
            if (anyInterval) {
                set.set("intervals", intervals);
            }
            sets.add(set);
        }
        ObjectNode y = JSON.objectNode();
        if (logarithmic) {
            y.put("type", "logarithmic");
            LogAxis axis = LogAxis.over(shown.stream().mapToDouble(Double::doubleValue).toArray());
            if (axis != null) {
                y.put("min", axis.min()).put("max", axis.max());
            }
        } else {
            // from zero, and high enough for the top of every whisker, which Chart.js does not count as data
            y.put("type", "linear").put("beginAtZero", true);
            if (highest > 0) {
                y.put("suggestedMax", round(highest));
            }
        }
        return chart(charts, name, title, "bar", labels, sets, y);
    }

    private static List<String> pairs(ReportTable table) {
        return table.rows().stream().map(table::label).toList();
    }

    /** A canvas in the page and its Chart.js configuration in the charts list. */
    private static String chart(List<ObjectNode> charts, String name, String title, String type, List<String> labels,
            Iterable<? extends com.fasterxml.jackson.databind.JsonNode> datasets, ObjectNode y) {
        String id = "chart-" + charts.size();
        ObjectNode data = JSON.objectNode();
        ArrayNode sets = data.putArray("datasets");
        datasets.forEach(sets::add);
        if (labels != null) {
            ArrayNode l = data.putArray("labels");
            labels.forEach(l::add);
        }
        ObjectNode scales = JSON.objectNode();
        scales.set("y", y);
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
        return "<div class=\"chart\"><canvas id=\"" + id + "\" data-name=\"" + esc(name) + "\" aria-label=\"" + esc(title)
                + "\" role=\"img\"></canvas></div>\n";
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
     * Draws every chart, then marks the page with what the browser test and .ci/check-report read: how many
     * charts there are, how many canvases hold ink, how many whiskers the charts give and how many were drawn,
     * and how many values or whisker ends lie outside the value axis Chart.js settled on (or at the start of a
     * log axis, where a bar has no height): a value an axis hides. Animation is off, so a chart is drawn when its constructor returns and a
     * screenshot shows it whole. The whiskers are a plugin of a few lines: a dataset's "intervals" hold
     * [low, high] per bar, drawn over the bar from low to high with a cap at each end.
     */
    static final String DRAW = """
            (function () {
              const specs = JSON.parse(document.getElementById('report-charts').textContent);
              const day = (v) => new Date(v).toISOString().slice(0, 16).replace('T', ' ');
              const whiskers = {
                id: 'whiskers',
                afterDatasetsDraw(chart) {
                  const ctx = chart.ctx;
                  const y = chart.scales.y;
                  let n = 0;
                  chart.data.datasets.forEach((set, i) => {
                    if (!set.intervals || !chart.isDatasetVisible(i)) return;
                    chart.getDatasetMeta(i).data.forEach((bar, j) => {
                      const interval = set.intervals[j];
                      if (!interval || set.data[j] === null) return;
                      const top = y.getPixelForValue(interval[1]);
                      const bottom = y.getPixelForValue(interval[0]);
                      const cap = Math.max(2, Math.min(6, bar.width / 4));
                      ctx.save();
                      ctx.strokeStyle = '#222';
                      ctx.lineWidth = 1.5;
                      ctx.beginPath();
                      ctx.moveTo(bar.x, top); ctx.lineTo(bar.x, bottom);
                      ctx.moveTo(bar.x - cap, top); ctx.lineTo(bar.x + cap, top);
                      ctx.moveTo(bar.x - cap, bottom); ctx.lineTo(bar.x + cap, bottom);
                      ctx.stroke();
                      ctx.restore();
                      n++;
                    });
                  });
                  chart.$whiskers = n;
                }
              };
              const charts = [];
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
                } else {
                  spec.config.options.plugins.tooltip = { callbacks: {
                    afterLabel: (item) => {
                      const interval = item.dataset.intervals && item.dataset.intervals[item.dataIndex];
                      return interval ? '95 % interval ' + interval[0] + ' to ' + interval[1] : '';
                    } } };
                }
                spec.config.plugins = [whiskers];
                charts.push(new Chart(document.getElementById(spec.id), spec.config));
              }
              let hidden = 0;
              let whiskersDrawn = 0;
              let whiskersGiven = 0;
              for (const chart of charts) {
                const y = chart.scales.y;
                const log = y.type === 'logarithmic';
                const outside = (v) => v < y.min || v > y.max || (log && v <= y.min);
                chart.data.datasets.forEach((set) => {
                  set.data.forEach((d, j) => {
                    const v = d !== null && typeof d === 'object' ? d.y : d;
                    if (v === null || v === undefined) return;
                    if (outside(v)) hidden++;
                    const interval = set.intervals && set.intervals[j];
                    if (interval) whiskersGiven++;
                    if (interval && (outside(interval[0]) || outside(interval[1]))) hidden++;
                  });
                });
                whiskersDrawn += chart.$whiskers || 0;
              }
              let drawn = 0;
              for (const canvas of document.querySelectorAll('canvas')) {
                const pixels = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
                for (let i = 3; i < pixels.length; i += 4) {
                  if (pixels[i] !== 0) { drawn++; break; }
                }
              }
              const marks = document.documentElement.dataset;
              marks.valuesHidden = String(hidden);
              marks.whiskers = String(whiskersDrawn);
              marks.whiskersGiven = String(whiskersGiven);
              marks.charts = String(specs.length);
              marks.chartsDrawn = String(drawn);
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
            tr.seedonly th, tr.seedonly td { color: #555; font-style: italic; }
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
