package org.rpcbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.alibaba.fastjson2.JSON;
import com.alibaba.fastjson2.JSONArray;
import com.alibaba.fastjson2.JSONObject;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.rpcbench.history.TrendPoint;

/** The report's content, read from the page as text: what the browser test cannot see by looking. */
class HtmlReportTest {
    static final Instant T0 = Instant.parse("2026-11-20T02:17:00Z");

    static ReportTable suite() {
        return ReportTable.ofSuite("seed 001 <quick>", List.of(
                new SuiteTable.Entry("dubbo-kryo", SampleRecords.run("dubbo-kryo", "kryo", T0, 32, List.of(
                        SampleRecords.result("getUser", 36000, 1.5, 0), SampleRecords.result("listUser", 9000, 4.0, 0)))),
                new SuiteTable.Entry("dubbo-fst", SampleRecords.run("dubbo-fst", "fst", T0.plusSeconds(150), 32, List.of(
                        SampleRecords.result("getUser", 34000, 1.7, 0), SampleRecords.result("listUser", 8000, 4.5, 3)))),
                new SuiteTable.Entry("dubbo-hessian", null)), List.of());
    }

    static Map<String, List<TrendPoint>> trends() {
        return Map.of(HtmlReport.trendKey("dubbo-kryo", "getUser"), List.of(
                new TrendPoint(T0.minusSeconds(86400 * 2), 35000, 500, 1.6, 0, "3.3.5", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"),
                new TrendPoint(T0.minusSeconds(86400), 35500, 500, 1.6, 2, "3.3.6", "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"),
                new TrendPoint(T0, 36000, 500, 1.5, 0, "3.3.6", "cccccccccccccccccccccccccccccccccccccccc")));
    }

    static List<JSONObject> charts(String html) {
        Matcher m = Pattern.compile("<script type=\"application/json\" id=\"report-charts\">(.*?)</script>", Pattern.DOTALL)
                .matcher(html);
        assertThat(m.find()).isTrue();
        return JSON.parseArray(m.group(1).replace("<\\/", "</")).toList(JSONObject.class);
    }

    static JSONObject chart(List<JSONObject> charts, String name) {
        return charts.stream().filter(c -> c.getString("name").equals(name)).findFirst().orElseThrow();
    }

    @Test
    void theSeedShapedTableHasAPairARowAndFailuresNamed() {
        String html = HtmlReport.render(suite(), Map.of(), T0);
        assertThat(html).contains("<h1>seed 001 &lt;quick&gt;</h1>")
                .contains("<th>dubbo-kryo</th><td class=\"detail\">dubbo + kryo, 3.3.6</td><td>36000 <span class=\"p99\">(1.50)</span></td>")
                .contains("<td class=\"failed\">FAILED (3 errors)</td>")
                .contains("<th>dubbo-hessian</th><td class=\"detail\">no run record</td><td class=\"missing\">no result</td>");
    }

    @Test
    void chartsCarryTheFiguresOfTheRecordsAndLeaveFailuresOut() {
        List<JSONObject> charts = charts(HtmlReport.render(suite(), Map.of(), T0));
        assertThat(charts).extracting(c -> c.getString("name")).containsExactly("throughput", "latency getUser",
                "latency listUser", "bytes request", "bytes response", "cpu server", "cpu client");

        JSONArray sets = chart(charts, "throughput").getJSONObject("config").getJSONObject("data").getJSONArray("datasets");
        assertThat(sets.getJSONObject(0).getString("label")).isEqualTo("dubbo-kryo");
        // 1000 calls answered, none failed: the score as JMH gave it
        assertThat(sets.getJSONObject(0).getJSONArray("data").toList(Double.class)).containsExactly(36000.0, 9000.0);
        // fst's listUser failed: a gap, not a bar
        assertThat(sets.getJSONObject(1).getJSONArray("data").toList(Double.class)).containsExactly(34000.0, null);
        assertThat(sets.getJSONObject(2).getJSONArray("data").toList(Double.class)).containsExactly(null, null);

        JSONObject latency = chart(charts, "latency getUser").getJSONObject("config");
        assertThat(latency.getJSONObject("options").getJSONObject("scales").getJSONObject("y").getString("type"))
                .isEqualTo("logarithmic");
        JSONArray percentiles = latency.getJSONObject("data").getJSONArray("datasets");
        // labelled by what they are: the fourth is the 99.9th percentile, and says so
        assertThat(percentiles).extracting(p -> ((JSONObject) p).getString("label")).containsExactly("p50", "p90", "p99", "p99.9");
        assertThat(percentiles.getJSONObject(2).getJSONArray("data").toList(Double.class).get(0)).isEqualTo(1.5);
        assertThat(percentiles.getJSONObject(3).getJSONArray("data").toList(Double.class).get(0)).isEqualTo(3.0);

        assertThat(chart(charts, "cpu server").getJSONObject("config").getJSONObject("data").getJSONArray("datasets")
                .getJSONObject(0).getJSONArray("data").toList(Double.class)).containsExactly(61.5, 61.5);
        assertThat(chart(charts, "bytes request").getJSONObject("config").getJSONObject("data").getJSONArray("datasets")
                .getJSONObject(0).getJSONArray("data").toList(Double.class)).containsExactly(187.0, 188.0);
    }

    @Test
    void aTrendIsDrawnFromTwoStoredRunsUpAndLeavesRunsWithErrorsOut() {
        String html = HtmlReport.render(suite(), trends(), T0);
        JSONObject trend = chart(charts(html), "trend getUser").getJSONObject("config");
        assertThat(trend.getString("type")).isEqualTo("line");
        JSONArray sets = trend.getJSONObject("data").getJSONArray("datasets");
        assertThat(sets).hasSize(1);
        JSONArray points = sets.getJSONObject(0).getJSONArray("data");
        assertThat(points).hasSize(2);
        assertThat(points.getJSONObject(0).getLongValue("x")).isEqualTo(T0.minusSeconds(86400 * 2).toEpochMilli());
        assertThat(points.getJSONObject(1).getString("commit")).isEqualTo("cccccccccccc");
        assertThat(html).contains("<h2>Trend</h2>");
        assertThat(HtmlReport.render(suite(), Map.of(), T0)).doesNotContain("<h2>Trend</h2>");
    }

    @Test
    void thePageFetchesNothingAndItsScriptsCannotBeClosedEarly() {
        String html = HtmlReport.render(suite(), trends(), T0);
        assertThat(html).contains("content=\"default-src 'none';");
        assertThat(html).doesNotContainPattern("(src|href)=\"?(https?:)?//");
        assertThat(html).contains("Chart.js 4.5.1");
        // three scripts, each closed once: the inlined library holds no "</script"
        assertThat(Pattern.compile("</script>").matcher(html).results().count()).isEqualTo(3);
        assertThat(HtmlReport.scriptSafe("a</script>b")).isEqualTo("a<\\/script>b");
    }

    @Test
    void theColumnsFollowTheSeedsOrderWhenGiven() {
        List<SuiteTable.Entry> entries = List.of(new SuiteTable.Entry("dubbo-hessian", SampleRecords.run("dubbo-hessian",
                "hessian2", T0, 32, List.of(SampleRecords.result("getUser", 1, 1, 0), SampleRecords.result("listUser", 1, 1, 0),
                        SampleRecords.result("ping", 1, 1, 0), SampleRecords.result("existUser", 1, 1, 0)))));
        assertThat(ReportTable.ofSuite("seed 000", entries, List.of("ping", "getUser", "listUser", "noSuchCase")).columns())
                .containsExactly("ping", "getUser", "listUser", "existUser");
        assertThat(ReportTable.ofSuite("seed 000", entries, List.of()).columns())
                .containsExactly("getUser", "listUser", "ping", "existUser");
    }

    @Test
    void aSweepPutsConcurrencyAcrossInOrder() {
        List<JSONObject> records = List.of(
                SampleRecords.run("grpc-protobuf", "protobuf", T0, 500, List.of(SampleRecords.result("say", 20000, 40, 0))),
                SampleRecords.run("grpc-protobuf", "protobuf", T0, 100, List.of(SampleRecords.result("say", 19000, 9, 0))),
                SampleRecords.run("thrift", "thrift", T0, 100, List.of(SampleRecords.result("say", 59000, 4, 0))));
        ReportTable table = ReportTable.ofSweep("sweep", List.of("grpc-protobuf", "thrift", "motan"), records);
        assertThat(table.columns()).containsExactly("say @100", "say @500");
        assertThat(table.rows()).extracting(ReportTable.Row::pair).containsExactly("grpc-protobuf", "thrift", "motan");
        assertThat(table.rows().get(1).cells()).containsOnlyKeys("say @100");
        assertThat(HtmlReport.render(table, Map.of(), T0)).contains("<td class=\"missing\">no result</td>");
    }
}
