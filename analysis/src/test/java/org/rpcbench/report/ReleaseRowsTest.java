package org.rpcbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rpcbench.record.RunRecord;

/**
 * A suite's rows of one pair on two Dubbo releases: each named with its release in every table, the seed's figures
 * beside the row the seed's release runs on, and the row's note under the table.
 */
class ReleaseRowsTest {
    static final Instant T0 = Instant.parse("2026-11-26T10:15:30Z");

    static RunRecord on(String release, double getUser, double listUser) {
        RunRecord r = Runs.run("dubbo-hessian", "hessian2", List.of(Runs.closedCase("getUser", getUser, 2.0),
                Runs.closedCase("listUser", listUser, 9.0)));
        return Runs.withFramework(r, Map.of("framework", "Apache Dubbo", "protocol", "dubbo", "serialization", "hessian2",
                "frameworkVersion", release));
    }

    static ReportTable table() {
        return ReportTable.ofSuite("seed 000", List.of(new ReportTable.Entry("dubbo-hessian@3.0.15", List.of(on("3.0.15", 12000, 2000))),
                new ReportTable.Entry("dubbo-hessian", List.of(on("3.3.6", 13000, 6000)))), List.of("getUser", "listUser"));
    }

    static final SeedFigures SEED = SeedFigures.ofThroughput("seed 000", "dubbo-hessian@3.0.15",
            Map.of("dubbo-hessian@3.0.15", Map.of("getUser", 12279.0, "listUser", 2037.0)));

    @Test
    void eachRowNamesItsReleaseARowOnTheBuildsOwnByTheReleaseItsRunsRecorded() {
        ReportTable t = table();
        assertThat(t.rows()).extracting(t::label).containsExactly("dubbo-hessian 3.0.15", "dubbo-hessian 3.3.6");
        assertThat(t.rows()).extracting(ReportTable.Row::pair).as("the keys stay apart").containsExactly("dubbo-hessian@3.0.15",
                "dubbo-hessian");

        ReportTable alone = ReportTable.ofSuite("one", List.of(new ReportTable.Entry("dubbo-hessian", List.of(on("3.3.6", 1, 1)))),
                List.of());
        assertThat(alone.label(alone.rows().get(0))).as("no other release beside it: the pair's name as ever").isEqualTo("dubbo-hessian");
        ReportTable failed = ReportTable.ofSuite("failed", List.of(new ReportTable.Entry("dubbo-hessian@3.0.15", List.of()),
                new ReportTable.Entry("dubbo-hessian", List.of())), List.of());
        assertThat(failed.rows()).extracting(failed::label).as("no record says which release ran").containsExactly(
                "dubbo-hessian 3.0.15", "dubbo-hessian (the build's release)");
    }

    @Test
    void theTextAndMarkdownTablesShowBothReleasesAndTheSeedBesideItsOwn() {
        String text = SuiteTable.text(table(), SEED);
        assertThat(text.lines().filter(l -> l.startsWith("dubbo-hessian 3.0.15 (dubbo + hessian2, 3.0.15)")).findFirst().orElseThrow())
                .contains("12000 (2.00) · seed 12279").contains("2000 (9.00) · seed 2037");
        assertThat(text.lines().filter(l -> l.startsWith("dubbo-hessian 3.3.6 (dubbo + hessian2, 3.3.6)")).findFirst().orElseThrow())
                .as("the seed did not run 3.3.6").doesNotContain("seed");
        assertThat(text).contains("as a share of dubbo-hessian 3.0.15's in the same column");
        assertThat(text.lines().filter(l -> l.startsWith("dubbo-hessian 3.3.6 ")).toList()).as("ratio row")
                .anyMatch(l -> l.contains("×3.00 · seed n/a"));
        assertThat(SuiteTable.markdown(table(), SEED)).contains("| dubbo-hessian 3.0.15 (dubbo + hessian2, 3.0.15) |")
                .contains("| dubbo-hessian 3.3.6 (dubbo + hessian2, 3.3.6) |");
        assertThat(SuiteTable.csv(List.of(new ReportTable.Entry("dubbo-hessian@3.0.15", List.of(on("3.0.15", 12000, 2000))))))
                .contains("\ndubbo-hessian@3.0.15,1,dubbo,hessian2,3.0.15,getUser,");
    }

    @Test
    void aRowsNoteIsSaidUnderTheTableByTheRowsLabel() {
        Map<String, String> notes = Map.of("dubbo-hessian@3.0.15", "the seed's 3.0", "triple-protobuf@3.1.11", "not in this table");
        assertThat(SuiteTable.notes(table(), notes)).containsExactly("dubbo-hessian 3.0.15: the seed's 3.0");
    }

    @Test
    void theHtmlReportsChartsAndTablesNameBothReleases() throws Exception {
        String html = HtmlReport.render(table(), SEED, List.of("dubbo-hessian 3.0.15: the seed's 3.0"), Map.of(), T0);
        List<JsonNode> charts = HtmlReportTest.charts(html);
        assertThat(HtmlReportTest.labels(HtmlReportTest.chart(charts, "share getUser")))
                .containsExactly("dubbo-hessian 3.0.15", "dubbo-hessian 3.3.6");
        assertThat(html).contains("<tr><th>dubbo-hessian 3.0.15</th>").contains("<tr><th>dubbo-hessian 3.3.6</th>")
                .contains("dubbo-hessian 3.0.15: the seed's 3.0").contains("Shares of dubbo-hessian 3.0.15");
    }
}
