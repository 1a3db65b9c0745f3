package org.rpcbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rpcbench.record.RunRecord;

class SuiteTableTest {

    RunRecord record(String pair, String serialization, double listUser, long errors) {
        return Runs.run(pair, serialization + " (v1)", List.of(Runs.closedCase("existUser", 31670.4, 3.25),
                Runs.closedCase("listUser", listUser, 1000, errors, 3.25)));
    }

    ReportTable table(List<ReportTable.Entry> entries) {
        return ReportTable.ofSuite("seed 001", entries, List.of("existUser", "listUser"));
    }

    @Test
    void oneRowPerPairWithThroughputAndP99PerCaseAndFailuresShown() {
        List<ReportTable.Entry> entries = List.of(new ReportTable.Entry("dubbo-kryo", List.of(record("dubbo-kryo", "kryo", 17235, 0))),
                new ReportTable.Entry("dubbo-fst", List.of(record("dubbo-fst", "fst", 17235, 3))),
                new ReportTable.Entry("dubbo-hessian", List.of()));
        String text = SuiteTable.text(table(entries), null);
        assertThat(text.lines().toList()).contains(
                "pair                                 existUser           listUser",
                "dubbo-kryo (dubbo + kryo, 3.3.6)  31670 (3.25)       17235 (3.25)",
                "dubbo-fst (dubbo + fst, 3.3.6)    31670 (3.25)  FAILED (3 errors)");
        assertThat(text.lines().filter(l -> l.startsWith("dubbo-hessian")).findFirst().orElseThrow()).contains("no result");
        assertThat(text).contains("server CPU µs per call answered right").contains("22.5");

        String md = SuiteTable.markdown(table(entries), null);
        assertThat(md).contains("| pair | existUser | listUser |").contains("|---|---:|---:|")
                .contains("| dubbo-kryo (dubbo + kryo, 3.3.6) | 31670 (3.25) | 17235 (3.25) |");

        String csv = SuiteTable.csv(entries);
        assertThat(csv.lines().toList()).contains("dubbo-hessian,,,,,,,,,,,,,,,,,,,,,,,,false");
        assertThat(csv.lines().filter(l -> l.startsWith("dubbo-kryo,1,dubbo,kryo (v1),3.3.6,listUser,32,17235.000,"))).hasSize(1);
        assertThat(csv.lines().filter(l -> l.startsWith("dubbo-fst,1,")).filter(l -> l.endsWith(",false"))).hasSize(1);
    }

    @Test
    void overRoundsACellIsTheMedianWithItsIntervalAndEveryRunIsACsvRow() {
        List<RunRecord> rounds = List.of(record("dubbo-kryo", "kryo", 17000, 0), record("dubbo-kryo", "kryo", 18000, 0),
                record("dubbo-kryo", "kryo", 17500, 0), record("dubbo-kryo", "kryo", 30000, 0));
        List<ReportTable.Entry> entries = List.of(new ReportTable.Entry("dubbo-kryo", rounds));
        ReportTable t = table(entries);
        assertThat(t.rounds()).isEqualTo(4);
        String text = SuiteTable.text(t, null);
        assertThat(text).contains("median of 4 rounds");
        // the median of 17000, 17500, 18000 and 30000; one slow-to-warm outlier does not drag it
        assertThat(text).contains("17750 [17000–");
        assertThat(SuiteTable.csv(entries).lines().filter(l -> l.contains(",listUser,"))).hasSize(4);
    }

    @Test
    void twoRoundsPromiseNoInterval() {
        ReportTable t = table(List.of(new ReportTable.Entry("dubbo-kryo", List.of(record("dubbo-kryo", "kryo", 17000, 0),
                record("dubbo-kryo", "kryo", 18000, 0)))));
        String text = SuiteTable.text(t, null);
        assertThat(text).contains("median of 2 rounds").contains("2 rounds are too few for an interval")
                .doesNotContain("in brackets").contains("17500 (");
    }

    @Test
    void theSeedsOwnErrorsStandBesideItsFiguresAndADifferenceWithinThemIsMarked() {
        SeedFigures seed = org.rpcbench.runs.Suite.named("seed-001").seed();
        List<ReportTable.Entry> entries = List.of(new ReportTable.Entry("dubbo-kryo", List.of(record("dubbo-kryo", "kryo", 20000, 0))),
                new ReportTable.Entry("dubbo-fst", List.of(record("dubbo-fst", "fst", 20000, 0))),
                new ReportTable.Entry("dubbo-hessian", List.of(record("dubbo-hessian", "hessian2", 10000, 0))));
        String text = SuiteTable.text(table(entries), seed);
        // as seed 001 printed them: kryo's existUser 31669.871 ± 1582.723, fst's 25197.331 ± 12116.109
        assertThat(text).contains("seed 31670 ± 1583").contains("seed 25197 ± 12116").contains("seed 3590 ± 674");
        List<String> lines = text.lines().toList();
        String kryo = lines.get(lines.size() - 3);
        String fst = lines.get(lines.size() - 2);
        // kryo's existUser: 31669.871 against hessian2's 34735.122, 3065 apart, their errors 3060 together: told apart
        assertThat(kryo).startsWith("dubbo-kryo").doesNotContain(SuiteTable.WITHIN);
        // fst's existUser: 9538 apart, errors 13593 together: the seed did not tell it from hessian2; nor its listUser,
        // 15768.321 ± 11684.183 against 3590.129 ± 673.889 (12178 apart, 12358 together), for all its ×4.39
        assertThat(fst).startsWith("dubbo-fst").contains("seed ×0.73 (" + SuiteTable.WITHIN + ")")
                .contains("seed ×4.39 (" + SuiteTable.WITHIN + ")");
        assertThat(kryo).contains("seed ×4.80").doesNotContain("×4.80 (");
        assertThat(lines.get(lines.size() - 1)).startsWith("dubbo-hessian").doesNotContain(SuiteTable.WITHIN);
        assertThat(text).contains(SuiteTable.WITHIN + ": the seed's two figures lie within the errors");
        assertThat(SuiteTable.markdown(table(entries), seed)).contains("seed ×0.73 (" + SuiteTable.WITHIN + ")");
        assertThat(HtmlReport.render(table(entries), seed, Map.of(), java.time.Instant.EPOCH)).contains("seed 25197 ± 12116")
                .contains("<span class=\"ratio\">×1.00 · seed ×0.73 (" + SuiteTable.WITHIN + ")</span>");
        // a seed without errors marks nothing
        assertThat(SuiteTable.text(table(entries), SeedFigures.ofThroughput("seed 001", "dubbo-hessian", Map.of("dubbo-hessian",
                Map.of("existUser", 34735.0), "dubbo-fst", Map.of("existUser", 25197.0))))).doesNotContain("±");
    }

    @Test
    void theSeedsFiguresAndRatiosStandBesideOurs() {
        SeedFigures seed = SeedFigures.ofThroughput("seed 001", "dubbo-hessian",
                Map.of("dubbo-hessian", Map.of("listUser", 3590.0), "dubbo-kryo", Map.of("listUser", 17235.0)));
        List<ReportTable.Entry> entries = List.of(new ReportTable.Entry("dubbo-kryo", List.of(record("dubbo-kryo", "kryo", 20000, 0))),
                new ReportTable.Entry("dubbo-hessian", List.of(record("dubbo-hessian", "hessian2", 10000, 0))));
        String text = SuiteTable.text(table(entries), seed);
        assertThat(text).contains("20000 (3.25) · seed 17235").contains("10000 (3.25) · seed 3590");
        // ours: kryo twice hessian2's; the seed's: 4.8 times
        assertThat(text).contains("×2.00 · seed ×4.80").contains("×1.00 · seed ×1.00");
        assertThat(SuiteTable.markdown(table(entries), seed)).contains("as a share of dubbo-hessian's in the same column");
    }

    @Test
    void theSeedsLatencyStandsInItsCellLabelledAsItComputedItAndItsRowsWithoutAPairFollowOurs() {
        SeedFigures seed = new SeedFigures("seed 003", "dubbo-hessian", "its mean response time, in ms", null, List.of(), List.of(
                figure("dubbo-hessian", null, "listUser", Map.of("opsPerSecond", "11994", "mean", "0.79")),
                figure("dubbo-kryo", null, "existUser", Map.of("opsPerSecond", "30333", "p99", "2.5")),
                figure(null, "Dubbo 1 (hessian2 + mina)", "listUser", Map.of("opsPerSecond", "10813.5", "mean", "0.9"))));
        List<ReportTable.Entry> entries = List.of(new ReportTable.Entry("dubbo-kryo", List.of(record("dubbo-kryo", "kryo", 20000, 0))),
                new ReportTable.Entry("dubbo-hessian", List.of(record("dubbo-hessian", "hessian2", 10000, 0))));
        String text = SuiteTable.text(table(entries), seed);
        // a p99 stands beside ours in brackets; a mean comes with our mean (3.25 / 3 in Runs' records)
        assertThat(text).contains("31670 (3.25) · seed 30333 (p99 2.5)").contains("10000 (3.25) · seed 11994 (mean 0.79, ours 1.08)");
        assertThat(text.lines().filter(l -> l.startsWith(SuiteTable.SEED_ONLY)).findFirst().orElseThrow())
                .startsWith("seed's only: Dubbo 1 (hessian2 + mina)").endsWith("seed 10814 (mean 0.9)");
        assertThat(text).contains("seed: seed 003's figure and its mean response time, in ms");
        // the seed's own rows keep their share of the reference: 10813.5 / 11994
        assertThat(text.lines().filter(l -> l.startsWith(SuiteTable.SEED_ONLY)).toList().get(1)).endsWith("seed ×0.90");
        assertThat(SuiteTable.markdown(table(entries), seed)).contains("| seed's only: Dubbo 1 (hessian2 + mina) |  | seed 10814 (mean 0.9) |");
    }

    /** Seed 003's expected indicators are said under the table beside the cell they name: ours from dubbo27-hessian's echoPojo. */
    @Test
    void seed003sExpectedIndicatorsStandBesideOursForTheirPairAndCase() {
        SeedFigures seed = org.rpcbench.runs.Suite.named("seed-003").seed();
        List<ReportTable.Entry> entries = List.of(new ReportTable.Entry("dubbo27-hessian", List.of(Runs.run("dubbo27-hessian", "hessian2",
                List.of(Runs.closedCase("echoPojo", 12345, 0.75), Runs.closedCase("echo1K", 20000, 3))))));
        ReportTable table = ReportTable.ofSuite("seed 003", entries, List.of("echo1K", "echoPojo"));
        // Runs' mean is a third of its p99: 0.25 ms
        assertThat(SuiteTable.indicators(table, seed)).containsExactly(
                "seed 003's expected indicator, 1k data (line 27), Response time: expected 0.9 ms, the seed's actual 0.79 ms;"
                        + " ours, dubbo27-hessian echoPojo: 0.25 ms",
                "seed 003's expected indicator, 1k data (line 28), TPS: expected 10000 calls/s, the seed's actual 11994 calls/s;"
                        + " ours, dubbo27-hessian echoPojo: 12345 calls/s");
        ReportTable without = ReportTable.ofSuite("seed 003", List.of(new ReportTable.Entry("dubbo27-hessian", List.of())),
                List.of("echoPojo"));
        assertThat(SuiteTable.indicators(without, seed)).allMatch(l -> l.endsWith("echoPojo: no result"));
        assertThat(SuiteTable.indicators(table, org.rpcbench.runs.Suite.named("seed-001").seed())).as("a seed without indicators").isEmpty();
        assertThat(SuiteTable.indicators(table, null)).isEmpty();
    }

    static SeedFigures.Figure figure(String pair, String row, String caseName, Map<String, String> values) {
        Map<String, java.math.BigDecimal> v = new java.util.LinkedHashMap<>();
        values.forEach((k, x) -> v.put(k, new java.math.BigDecimal(x)));
        return new SeedFigures.Figure(pair, row, caseName, v);
    }
}
