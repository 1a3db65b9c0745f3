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

    @Test
    void anInconclusiveResultIsShownApartFromNoChangeWithWhatItCouldHaveSeen() {
        List<RunMetric> baseline = List.of(RunMetric.whole(100), RunMetric.whole(100), RunMetric.whole(100), RunMetric.whole(100));
        List<RunMetric> wide = List.of(RunMetric.whole(120), RunMetric.whole(85), RunMetric.whole(110), RunMetric.whole(90));
        List<RunMetric> narrow = List.of(RunMetric.whole(100.1), RunMetric.whole(99.9), RunMetric.whole(100.2), RunMetric.whole(99.8));
        Verdicts.Family family = Verdicts.judge(List.of(Verdicts.Input.paired("p", "getUser", Metric.SERVER_CPU, baseline, wide),
                Verdicts.Input.paired("p", "listUser", Metric.SERVER_CPU, baseline, narrow)), 0.05, 0, 0.10);
        String text = VerdictTable.text(family, "b", "c");
        assertThat(text).containsPattern("p +getUser +server CPU/call .* INCONCLUSIVE; could have seen \\+[0-9.]+ % / -[0-9.]+ %, not ±10 %")
                .containsPattern("p +listUser +server CPU/call .* no change; could have seen")
                .contains("is INCONCLUSIVE (1 here)");
        assertThat(VerdictTable.markdown(family, "b", "c")).contains("| INCONCLUSIVE; could have seen").contains("is INCONCLUSIVE (1 here)");
        // asked for nothing, the legend says nothing of it
        assertThat(VerdictTable.text(Verdicts.judge(family.rows().stream().map(Verdicts.Row::input).toList(), 0.05, 0), "b", "c"))
                .doesNotContain("INCONCLUSIVE");
    }
}
