package org.rpcbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.rpcbench.history.TrendPoint;

class ReleaseSummaryTest {
    static TrendPoint run(String release, double ops, double serverMicros, long errors) {
        return new TrendPoint(Instant.EPOCH, ops, 1, 2, errors, release, "abc", serverMicros, false);
    }

    @Test
    void releasesInTheirNumbersOrderEachWithItsMediansAndTheirIntervals() {
        List<ReleaseSummary.Row> rows = ReleaseSummary.of(List.of(
                run("3.3.6", 18_000, 40, 0), run("3.3.10", 19_000, 38, 0), run("3.0.15", 11_000, 65, 0),
                run("3.3.6", 18_400, 41, 0), run("3.0.15", 11_400, 66, 0), run("3.3.6", 17_800, 39, 0),
                run("2.7.23", 15_000, 55, 0), run("3.0.15", 12_000, 64, 0), run("3.3.6", 9_000, 90, 3)));
        assertThat(rows).extracting(ReleaseSummary.Row::release).containsExactly("2.7.23", "3.0.15", "3.3.6", "3.3.10");
        ReleaseSummary.Row r336 = rows.get(2);
        assertThat(r336.runs()).isEqualTo(4);
        // the run with errors is counted, and left out of the figures
        assertThat(r336.withErrors()).isEqualTo(1);
        assertThat(r336.opsPerSecond()).isEqualTo(18_000);
        assertThat(r336.serverMicrosPerCall()).isEqualTo(40);
        assertThat(r336.opsInterval().known()).isTrue();
        assertThat(r336.opsInterval().contains(18_000)).isTrue();
        assertThat(r336.opsInterval().low()).isGreaterThanOrEqualTo(17_800);
        assertThat(r336.opsInterval().high()).isLessThanOrEqualTo(18_400);
        // one run says nothing about a spread
        assertThat(rows.get(0).opsInterval().known()).isFalse();
        assertThat(ReleaseSummary.lines(rows)).hasSize(5);
        assertThat(ReleaseSummary.lines(rows).get(1)).startsWith("2.7.23").contains("15000.0").contains("(3 runs needed)");
        assertThat(ReleaseSummary.lines(rows).get(3)).startsWith("3.3.6").containsPattern("18000\\.0 +\\[17800\\.0, 18400\\.0\\]");
    }

    @Test
    void releaseNumbersCompareNumberByNumber() {
        assertThat(ReleaseSummary.compareReleases("3.3.10", "3.3.6")).isPositive();
        assertThat(ReleaseSummary.compareReleases("2.7.23", "3.0.15")).isNegative();
        assertThat(ReleaseSummary.compareReleases("3.3.7-SNAPSHOT", "3.3.7")).isNegative();
        assertThat(ReleaseSummary.compareReleases("3.3.7-SNAPSHOT", "3.3.6")).isPositive();
        assertThat(ReleaseSummary.compareReleases("3.3", "3.3.1")).isNegative();
        assertThat(ReleaseSummary.compareReleases("3.3.6", "3.3.6")).isZero();
        assertThat(ReleaseSummary.compareReleases("3.3.x", "3.3.6")).isPositive();
    }
}
