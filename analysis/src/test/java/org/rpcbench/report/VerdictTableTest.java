package org.rpcbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rpcbench.analysis.Metric;
import org.rpcbench.analysis.RunMetric;
import org.rpcbench.analysis.Verdicts;

class VerdictTableTest {

    @Test
    void aFalseAlarmRateIsPrintedAsGivenNotRoundedToAWholePercent() {
        assertThat(VerdictTable.percentText(100 * 0.05)).isEqualTo("5");
        assertThat(VerdictTable.percentText(100 * 0.07)).isEqualTo("7");
        assertThat(VerdictTable.percentText(100 * 0.001)).isEqualTo("0.1");
        assertThat(VerdictTable.percentText(100 * 0.0025)).isEqualTo("0.25");
    }

    @Test
    void theMarkdownShowsEachRoundsChangeInTheOrderTheRoundsRan() {
        List<RunMetric> baseline = List.of(RunMetric.whole(100), RunMetric.whole(200), RunMetric.whole(50), RunMetric.whole(100));
        List<RunMetric> candidate = List.of(RunMetric.whole(110), RunMetric.whole(190), RunMetric.whole(Double.NaN), RunMetric.whole(100.5));
        Verdicts.Family family = Verdicts.judge(List.of(Verdicts.Input.paired("p", "getUser", Metric.SERVER_CPU, baseline, candidate)), 0.05, 0);
        String md = VerdictTable.markdown(family, "b", "c");
        // the third round has no candidate value: it is not one the estimate rests on, so it is not shown
        assertThat(md).contains("| p | getUser | server CPU/call | +10.00 %, -5.00 %, +0.50 % |");
        assertThat(VerdictTable.roundsMarkdown(Verdicts.judge(List.of(), 0.05, 0))).isEmpty();
    }
}
