package org.rpcbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.rpcbench.analysis.Stats;
import org.rpcbench.history.TrendPoint;
import org.rpcbench.record.CaseRecord;
import org.rpcbench.record.Json;
import org.rpcbench.record.RunRecord;
import org.rpcbench.runs.Suite;

/** The report's content, read from the page as text: what the browser test cannot see by looking. */
class HtmlReportTest {
    static final Instant T0 = Instant.parse("2026-11-20T02:17:00Z");

    static ReportTable suite() {
        return ReportTable.ofSuite("seed 001 <quick>", List.of(
                new ReportTable.Entry("dubbo-kryo", List.of(Runs.run("dubbo-kryo", "kryo", 32, T0, List.of(
                        Runs.closedCase("getUser", 36000, 1.5), Runs.closedCase("listUser", 9000, 4.0))))),
                new ReportTable.Entry("dubbo-fst", List.of(Runs.run("dubbo-fst", "fst", 32, T0.plusSeconds(150), List.of(
                        Runs.closedCase("getUser", 34000, 1.7), Runs.closedCase("listUser", 8000, 1000, 3, 4.5))))),
                new ReportTable.Entry("dubbo-hessian", List.of())), List.of());
    }

    /**
     * seed 001's kryo and hessian over {@code rounds} rounds, each round a little faster and slower (the
     * ops and the p99s given per round), with seed figures for both and for a row no pair runs.
     */
    static ReportTable rounds(double[] kryo, double[] hessian) {
        List<RunRecord> k = new ArrayList<>();
        List<RunRecord> h = new ArrayList<>();
        for (int r = 0; r < kryo.length; r++) {
            k.add(Runs.run("dubbo-kryo", "kryo", 32, T0.plusSeconds(300L * r), List.of(Runs.closedCase("getUser", kryo[r], 1.5 + r),
                    Runs.closedCase("listUser", kryo[r] / 4, 4.0 + r))));
            h.add(Runs.run("dubbo-hessian", "hessian2", 32, T0.plusSeconds(300L * r + 150), List.of(
                    Runs.closedCase("getUser", hessian[r], 2.0 + r), Runs.closedCase("listUser", hessian[r] / 4, 6.0 + r))));
        }
        return ReportTable.ofSuite("seed 001", List.of(new ReportTable.Entry("dubbo-kryo", k),
                new ReportTable.Entry("dubbo-hessian", h)), List.of("getUser", "listUser"));
    }

    static SeedFigures seed001() {
        List<SeedFigures.Figure> figures = new ArrayList<>(SeedFigures.ofThroughput("seed 001", "dubbo-hessian", Map.of(
                "dubbo-kryo", Map.of("getUser", 29707.0, "listUser", 17235.0),
                "dubbo-hessian", Map.of("getUser", 20680.0, "listUser", 3590.0))).figures());
        figures.add(new SeedFigures.Figure(null, "Dubbo 1", "getUser",
                Map.of(SeedFigures.OPS, java.math.BigDecimal.valueOf(10340))));
        return new SeedFigures("seed 001 (two hosts)", "dubbo-hessian", null, null, List.of(), figures);
    }

    static TrendPoint point(Instant t, double ops, long errors, String version, char commit) {
        return new TrendPoint(t, ops, 500, 1.6, errors, version, String.valueOf(commit).repeat(40), 22.0, false);
    }

    static Map<String, List<TrendPoint>> trends() {
        return Map.of(HtmlReport.trendKey("dubbo-kryo", "getUser"), List.of(
                point(T0.minusSeconds(86400 * 2), 35000, 0, "3.3.5", 'a'),
                point(T0.minusSeconds(86400), 35500, 2, "3.3.6", 'b'),
                point(T0, 36000, 0, "3.3.6", 'c').markedAsChange()));
    }

    static List<JsonNode> charts(String html) throws Exception {
        Matcher m = Pattern.compile("<script type=\"application/json\" id=\"report-charts\">(.*?)</script>", Pattern.DOTALL)
                .matcher(html);
        assertThat(m.find()).isTrue();
        List<JsonNode> charts = new ArrayList<>();
        Json.MAPPER.readTree(m.group(1).replace("<\\/", "</")).forEach(charts::add);
        return charts;
    }

    static JsonNode chart(List<JsonNode> charts, String name) {
        return charts.stream().filter(c -> c.get("name").asText().equals(name)).findFirst().orElseThrow();
    }

    static List<String> labels(JsonNode chart) {
        List<String> labels = new ArrayList<>();
        chart.get("config").get("data").get("labels").forEach(l -> labels.add(l.asText()));
        return labels;
    }

    static JsonNode datasets(JsonNode chart) {
        return chart.get("config").get("data").get("datasets");
    }

    /** A dataset's intervals, [low, high] or null per bar; an empty list when it has none at all. */
    static List<List<Double>> intervals(JsonNode dataset) {
        List<List<Double>> out = new ArrayList<>();
        dataset.path("intervals").forEach(i -> out.add(i.isNull() ? null : List.of(i.get(0).asDouble(), i.get(1).asDouble())));
        return out;
    }

    /**
     * Every value and whisker end of every bar chart lies inside its value axis as the page configures it: a
     * log axis starts below the smallest (at most half of it, so its bar stands) and ends above the largest; a
     * linear one starts at zero and reaches the top whisker. The browser test reads the axes Chart.js drew.
     */
    static void everyAxisShowsEveryValue(List<JsonNode> charts) {
        for (JsonNode chart : charts) {
            if (chart.get("time").asBoolean()) {
                continue;
            }
            JsonNode y = chart.get("config").get("options").get("scales").get("y");
            List<Double> shown = new ArrayList<>();
            for (JsonNode set : datasets(chart)) {
                data(set).stream().filter(v -> v != null).forEach(shown::add);
                intervals(set).stream().filter(i -> i != null).forEach(shown::addAll);
            }
            String name = chart.get("name").asText();
            if (y.get("type").asText().equals("logarithmic")) {
                for (double v : shown) {
                    assertThat(y.get("min").asDouble()).as(name + ": the axis' start below " + v).isLessThanOrEqualTo(v / 2);
                    assertThat(y.get("max").asDouble()).as(name + ": the axis' end above " + v).isGreaterThan(v);
                }
            } else {
                assertThat(y.get("beginAtZero").asBoolean()).as(name + " starts at zero").isTrue();
                for (double v : shown) {
                    assertThat(v).as(name + ": a value below zero").isGreaterThanOrEqualTo(0);
                    assertThat(y.get("suggestedMax").asDouble()).as(name + ": the axis reaches " + v).isGreaterThanOrEqualTo(v);
                }
            }
        }
    }

    static List<Double> data(JsonNode dataset) {
        List<Double> values = new ArrayList<>();
        dataset.get("data").forEach(v -> values.add(v.isNull() ? null : v.asDouble()));
        return values;
    }

    @Test
    void theSeedShapedTableHasAPairARowAndFailuresNamed() {
        String html = HtmlReport.render(suite(), null, Map.of(), T0);
        assertThat(html).contains("<h1>seed 001 &lt;quick&gt;</h1>")
                .contains("<th>dubbo-kryo</th><td class=\"detail\">dubbo + kryo, 3.3.6</td><td>36000 (1.50)</td>")
                .contains("<td class=\"failed\">FAILED (3 errors)</td>")
                .contains("<th>dubbo-hessian</th><td class=\"detail\">no run record</td><td class=\"missing\">no result</td>");
    }

    @Test
    void theSeedsFiguresStandInTheCellsTheSeedMeasured() {
        SeedFigures seed = SeedFigures.ofThroughput("seed 001", "dubbo-kryo", Map.of("dubbo-kryo", Map.of("getUser", 29707.0),
                "dubbo-fst", Map.of("getUser", 21724.0)));
        String html = HtmlReport.render(suite(), seed, Map.of(), T0);
        assertThat(html).contains("36000 (1.50)<br><span class=\"seedfig\">seed 29707</span>")
                .contains("<span class=\"ratio\">×0.94 · seed ×0.73</span>");
    }

    @Test
    void chartsCarryTheFiguresOfTheRecordsAndLeaveFailuresOut() throws Exception {
        List<JsonNode> charts = charts(HtmlReport.render(suite(), null, Map.of(), T0));
        assertThat(charts).extracting(c -> c.get("name").asText()).containsExactly("throughput", "latency getUser",
                "latency listUser", "bytes request", "bytes response", "cpu server", "cpu client");

        JsonNode sets = chart(charts, "throughput").get("config").get("data").get("datasets");
        assertThat(sets.get(0).get("label").asText()).isEqualTo("dubbo-kryo");
        assertThat(data(sets.get(0))).containsExactly(36000.0, 9000.0);
        // fst's listUser failed: a gap, not a bar
        assertThat(data(sets.get(1))).containsExactly(34000.0, null);
        assertThat(data(sets.get(2))).containsExactly(null, null);

        JsonNode latency = chart(charts, "latency getUser").get("config");
        assertThat(latency.get("options").get("scales").get("y").get("type").asText()).isEqualTo("logarithmic");
        // the smallest bar is kryo's p50, p99 / 4 in these records: 0.375 ms; half of it is 0.1875, and 0.1 the step below
        assertThat(latency.get("options").get("scales").get("y").get("min").asDouble()).isEqualTo(0.1);
        everyAxisShowsEveryValue(charts);
        JsonNode percentiles = latency.get("data").get("datasets");
        // labelled by what they are: the fourth is the 99.9th percentile, and says so
        List<String> labels = new ArrayList<>();
        percentiles.forEach(p -> labels.add(p.get("label").asText()));
        assertThat(labels).containsExactly("p50", "p90", "p99", "p99.9");
        assertThat(data(percentiles.get(2)).get(0)).isEqualTo(1.5);
        assertThat(data(percentiles.get(3)).get(0)).isEqualTo(3.0);

        assertThat(data(chart(charts, "cpu server").get("config").get("data").get("datasets").get(0))).containsExactly(22.5, 22.5);
        assertThat(data(chart(charts, "bytes request").get("config").get("data").get("datasets").get(0)))
                .containsExactly(187.0, 188.0);
    }

    @Test
    void eachPairsShareStandsBesideTheSeedsInAChartPerCase() throws Exception {
        ReportTable table = rounds(new double[] {30000, 31000, 32000}, new double[] {20000, 20500, 21000});
        String html = HtmlReport.render(table, seed001(), Map.of(), T0);
        List<JsonNode> charts = charts(html);
        assertThat(charts).extracting(c -> c.get("name").asText()).startsWith("share getUser", "share listUser", "throughput");
        assertThat(html).contains("<h2>Shares of dubbo-hessian, ours beside the seed's</h2>")
                .contains("ours: a pair's median calls per second answered right divided by dubbo-hessian's in the same column;"
                        + " the seed's: its published figure divided by its figure for dubbo-hessian");

        JsonNode getUser = chart(charts, "share getUser");
        // the seed's row that no pair runs has the seed's share only
        assertThat(labels(getUser)).containsExactly("dubbo-kryo", "dubbo-hessian", "Dubbo 1 (seed only)");
        JsonNode ours = datasets(getUser).get(0);
        JsonNode seed = datasets(getUser).get(1);
        assertThat(ours.get("label").asText()).isEqualTo("ours");
        assertThat(seed.get("label").asText()).isEqualTo("seed 001");
        assertThat(data(ours)).containsExactly(1.512, 1.0, null);
        // 29707 / 20680 = 1.43651; 10340 / 20680 = 0.5
        assertThat(data(seed)).containsExactly(1.437, 1.0, 0.5);
        // whiskers: each pair's interval of its median over the rounds, divided by the reference's median
        Stats.Interval kryo = Stats.medianInterval(new double[] {30000, 31000, 32000});
        assertThat(intervals(ours)).containsExactly(List.of(round(kryo.low() / 20500), round(kryo.high() / 20500)),
                List.of(round(20000 / 20500.0), round(21000 / 20500.0)), null);
        assertThat(intervals(seed)).isEmpty();
        assertThat(data(datasets(chart(charts, "share listUser")).get(1))).containsExactly(4.801, 1.0);
        everyAxisShowsEveryValue(charts);
    }

    @Test
    void overThreeRoundsOrMoreEveryBarHasTheTablesIntervalAndTheTextSaysSo() throws Exception {
        ReportTable table = rounds(new double[] {30000, 32000, 31000}, new double[] {20000, 20500, 21000});
        String html = HtmlReport.render(table, null, Map.of(), T0);
        assertThat(html).contains("median of 3 rounds, each in a new random order of the pairs, with its 95 % interval over"
                + " the rounds (a bootstrap of the median) in brackets");
        assertThat(html).contains("<td>31000 [30000–32000] (2.50)</td>");
        assertThat(html).contains("whiskers: the 95 % interval of the median over the rounds");
        List<JsonNode> charts = charts(html);
        ReportTable.Cell cell = table.rows().get(0).cells().get("getUser");
        Stats.Interval answered = cell.interval(CaseRecord::answered);
        assertThat(intervals(datasets(chart(charts, "throughput")).get(0)).get(0)).containsExactly(answered.low(), answered.high());
        assertThat(answered.low()).isEqualTo(30000);
        assertThat(answered.high()).isEqualTo(32000);
        Stats.Interval p50 = cell.interval(c -> c.latencyMs().p50());
        assertThat(intervals(datasets(chart(charts, "latency getUser")).get(0)).get(0))
                .containsExactly(round(p50.low()), round(p50.high()));
        for (String name : List.of("throughput", "latency getUser", "latency listUser", "bytes request", "cpu server", "cpu client")) {
            assertThat(datasets(chart(charts, name)).get(0).has("intervals")).as(name).isTrue();
        }
        everyAxisShowsEveryValue(charts);
    }

    @Test
    void withFewerThanThreeRoundsNoIntervalIsPromisedOrDrawn() throws Exception {
        String two = HtmlReport.render(rounds(new double[] {30000, 32000}, new double[] {20000, 21000}), seed001(), Map.of(), T0);
        assertThat(two).contains("median of 2 rounds, each in a new random order of the pairs; 2 rounds are too few for an"
                + " interval (it takes three or more, -R 3), so no cell has one")
                .contains("no whiskers: 2 rounds are too few for an interval").doesNotContain("in brackets")
                .contains("<td>31000 (2.00)");
        for (JsonNode chart : charts(two)) {
            datasets(chart).forEach(set -> assertThat(set.has("intervals")).as(chart.get("name").asText()).isFalse());
        }
        String one = HtmlReport.render(suite(), null, Map.of(), T0);
        assertThat(one).contains("each pair one run on this machine, one after another: one run has no interval")
                .contains("no whiskers: each pair ran once").doesNotContain("in brackets");
    }

    @Test
    void everySuiteWithSeedFiguresGetsAShareChartPerColumnWithTheSeedsShares() throws Exception {
        int suites = 0;
        for (String name : Suite.names()) {
            Suite suite = Suite.named(name);
            SeedFigures seed = suite.seed();
            if (seed == null) {
                continue;
            }
            suites++;
            List<RunRecord> records = new ArrayList<>();
            List<ReportTable.Entry> entries = new ArrayList<>();
            for (int p = 0; p < suite.pairs().size(); p++) {
                String pair = suite.pairs().get(p);
                List<RunRecord> mine = new ArrayList<>();
                for (int threads : suite.concurrency()) {
                    double ops = 10000 + 1000 * p - threads;
                    mine.add(Runs.run(pair, "s", threads, T0, suite.cases().stream().map(c -> Runs.closedCase(c, ops, 2.0)).toList()));
                }
                records.addAll(mine);
                entries.add(new ReportTable.Entry(pair, mine));
            }
            ReportTable table = suite.sweep(List.of()) ? ReportTable.ofSweep(name, suite.pairs(), records)
                    : ReportTable.ofSuite(name, entries, suite.cases());
            List<JsonNode> charts = charts(HtmlReport.render(table, seed, Map.of(), T0));
            everyAxisShowsEveryValue(charts);
            for (String column : table.columns()) {
                JsonNode share = chart(charts, "share " + column);
                String seedCase = SuiteTable.seedCase(seed, column);
                List<String> labels = labels(share);
                List<Double> theirs = data(datasets(share).get(1));
                for (int i = 0; i < suite.pairs().size(); i++) {
                    String pair = suite.pairs().get(i);
                    double published = seed.ratio(pair, seedCase);
                    assertThat(labels.get(i)).isEqualTo(table.label(table.rows().get(i)));
                    assertThat(theirs.get(i)).as(name + " " + column + " " + pair)
                            .isEqualTo(Double.isNaN(published) ? null : round(published));
                }
                assertThat(theirs).as(name + " " + column + ": the seed published a figure here").anyMatch(v -> v != null);
            }
        }
        assertThat(suites).as("suites with seed figures").isGreaterThanOrEqualTo(4);
    }

    @Test
    void aSweepsSeedFiguresStandInTheirConcurrencysCellAndShareChart() throws Exception {
        SeedFigures seed = SeedFigures.ofThroughput("seed 002", "grpc-go", Map.of("grpc-go", Map.of("say @100", 33089.0),
                "rpcx", Map.of("say @100", 45442.0)));
        List<RunRecord> records = List.of(
                Runs.run("grpc-go", "protobuf", 100, T0, List.of(Runs.closedCase("say", 20000, 9))),
                Runs.run("rpcx", "protobuf", 100, T0, List.of(Runs.closedCase("say", 30000, 6))),
                Runs.run("grpc-go", "protobuf", 500, T0, List.of(Runs.closedCase("say", 19000, 40))),
                Runs.run("rpcx", "protobuf", 500, T0, List.of(Runs.closedCase("say", 28000, 30))));
        String html = HtmlReport.render(ReportTable.ofSweep("seed 002", List.of("grpc-go", "rpcx"), records), seed, Map.of(), T0);
        assertThat(html).contains("30000 (6.00)<br><span class=\"seedfig\">seed 45442</span><br><span class=\"ratio\">×1.50 · seed ×1.37</span>");
        List<JsonNode> charts = charts(html);
        assertThat(charts).extracting(c -> c.get("name").asText()).contains("share say @100").doesNotContain("share say @500");
        assertThat(data(datasets(chart(charts, "share say @100")).get(1))).containsExactly(1.0, 1.373);
    }

    private static double round(double v) {
        return Math.round(v * 1000) / 1000.0;
    }

    @Test
    void aTrendIsDrawnFromTwoStoredRunsUpLeavesRunsWithErrorsOutAndMarksChangePoints() throws Exception {
        String html = HtmlReport.render(suite(), null, trends(), T0);
        JsonNode trend = chart(charts(html), "trend getUser").get("config");
        assertThat(trend.get("type").asText()).isEqualTo("line");
        JsonNode sets = trend.get("data").get("datasets");
        assertThat(sets).hasSize(1);
        JsonNode points = sets.get(0).get("data");
        assertThat(points).hasSize(2);
        assertThat(points.get(0).get("x").asLong()).isEqualTo(T0.minusSeconds(86400 * 2).toEpochMilli());
        assertThat(points.get(1).get("commit").asText()).isEqualTo("cccccccccccc");
        assertThat(points.get(1).get("change").asBoolean()).isTrue();
        assertThat(html).contains("<h2>Trend</h2>");
        assertThat(HtmlReport.render(suite(), null, Map.of(), T0)).doesNotContain("<h2>Trend</h2>");
    }

    @Test
    void thePageFetchesNothingAndItsScriptsCannotBeClosedEarly() {
        String html = HtmlReport.render(suite(), null, trends(), T0);
        assertThat(html).contains("content=\"default-src 'none';");
        assertThat(html).doesNotContainPattern("(src|href)=\"?(https?:)?//");
        assertThat(html).contains("Chart.js 4.5.1");
        // three scripts, each closed once: the inlined library holds no "</script"
        assertThat(Pattern.compile("</script>").matcher(html).results().count()).isEqualTo(3);
        assertThat(HtmlReport.scriptSafe("a</script>b")).isEqualTo("a<\\/script>b");
    }

    @Test
    void theColumnsFollowTheSeedsOrderWhenGiven() {
        List<ReportTable.Entry> entries = List.of(new ReportTable.Entry("dubbo-hessian", List.of(Runs.run("dubbo-hessian",
                "hessian2", List.of(Runs.closedCase("getUser", 1, 1), Runs.closedCase("listUser", 1, 1), Runs.closedCase("ping", 1, 1),
                        Runs.closedCase("existUser", 1, 1))))));
        assertThat(ReportTable.ofSuite("seed 000", entries, List.of("ping", "getUser", "listUser", "noSuchCase")).columns())
                .containsExactly("ping", "getUser", "listUser", "existUser");
        assertThat(ReportTable.ofSuite("seed 000", entries, List.of()).columns())
                .containsExactly("getUser", "listUser", "ping", "existUser");
    }

    @Test
    void aSweepPutsConcurrencyAcrossInOrder() {
        List<RunRecord> records = List.of(
                Runs.run("grpc-protobuf", "protobuf", 500, T0, List.of(Runs.closedCase("say", 20000, 40))),
                Runs.run("grpc-protobuf", "protobuf", 100, T0, List.of(Runs.closedCase("say", 19000, 9))),
                Runs.run("thrift", "thrift", 100, T0, List.of(Runs.closedCase("say", 59000, 4))));
        ReportTable table = ReportTable.ofSweep("sweep", List.of("grpc-protobuf", "thrift", "motan"), records);
        assertThat(table.columns()).containsExactly("say @100", "say @500");
        assertThat(table.rows()).extracting(ReportTable.Row::pair).containsExactly("grpc-protobuf", "thrift", "motan");
        assertThat(table.rows().get(1).cells()).containsOnlyKeys("say @100");
        assertThat(HtmlReport.render(table, null, Map.of(), T0)).contains("<td class=\"missing\">no result</td>");
    }
}
