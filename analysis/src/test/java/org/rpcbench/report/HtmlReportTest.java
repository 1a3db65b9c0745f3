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
import org.rpcbench.history.TrendPoint;
import org.rpcbench.record.Json;
import org.rpcbench.record.RunRecord;

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
