package org.rpcbench.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class VerdictsTest {

    /** An estimate of log change {@code log} with standard error {@code se} over 10 rounds. */
    static Estimate estimate(double log, double se) {
        return new Estimate(10, log, se, 9);
    }

    static Verdicts.Input input(String c, Metric m, double log, double se) {
        return new Verdicts.Input("dubbo-hessian", c, m, 100, 100 * Math.exp(log), estimate(log, se));
    }

    @Test
    void theDirectionOfBetterDependsOnTheMetric() {
        List<Verdicts.Input> in = List.of(input("getUser", Metric.SERVER_CPU, Math.log(1.10), 0.01),
                input("getUser", Metric.THROUGHPUT, Math.log(1.10), 0.01), input("listUser", Metric.THROUGHPUT, Math.log(0.9), 0.01));
        Verdicts.Family f = Verdicts.judge(in, 0.05, 0);
        assertThat(f.rows()).extracting(Verdicts.Row::verdict).containsExactly("SLOWER", "faster", "SLOWER");
        assertThat(f.slower()).isEqualTo(2);
        assertThat(f.rows().get(0).interval().low()).isGreaterThan(1);
    }

    @Test
    void falseAlarmsAreControlledOverTheWholeFamily() {
        // one p-value of about 0.01 among 16 tests: alone it would be significant, in the family it is not
        List<Verdicts.Input> in = new ArrayList<>();
        for (int i = 0; i < 15; i++) {
            in.add(input("case" + i, Metric.THROUGHPUT, 0.0, 0.02));
        }
        double t = StudentT.quantile(1 - 0.01 / 2, 9);
        in.add(input("case15", Metric.THROUGHPUT, t * 0.02, 0.02));
        assertThat(in.get(15).estimate().p()).isCloseTo(0.01, org.assertj.core.api.Assertions.within(1e-6));
        Verdicts.Family f = Verdicts.judge(in, 0.05, 0);
        assertThat(f.flagged()).isZero();
        assertThat(f.rows().get(15).verdict()).startsWith("no change");
        // and the interval shown is at the family's level, so it holds 1 too
        assertThat(f.rows().get(15).interval().contains(1.0)).isTrue();
        assertThat(f.rows().get(15).level()).isCloseTo(1 - 0.05 / 16, org.assertj.core.api.Assertions.within(1e-12));
    }

    @Test
    void severalTrueChangesAreFlaggedByTheStepUpProcedureAndTheirIntervalsLeaveOneOut() {
        List<Verdicts.Input> in = new ArrayList<>();
        double se = 0.02;
        // four changes with p just under 4 x 0.05 / 16: Bonferroni would flag none, Benjamini-Hochberg all four
        double t = StudentT.quantile(1 - 0.011 / 2, 9);
        for (int i = 0; i < 4; i++) {
            in.add(input("case" + i, Metric.SERVER_CPU, t * se, se));
        }
        for (int i = 4; i < 16; i++) {
            in.add(input("case" + i, Metric.SERVER_CPU, 0.0, se));
        }
        Verdicts.Family f = Verdicts.judge(in, 0.05, 0);
        assertThat(f.flagged()).isEqualTo(4);
        for (int i = 0; i < 4; i++) {
            assertThat(f.rows().get(i).interval().low()).isGreaterThan(1.0);
        }
        assertThat(f.rows().get(4).interval().contains(1.0)).isTrue();
        assertThat(f.rows().get(4).detectable()).isPositive();
    }

    @Test
    void aThresholdTurnsATinyButCertainChangeIntoNoChange() {
        List<Verdicts.Input> in = List.of(input("getUser", Metric.SERVER_CPU, Math.log(1.01), 0.001));
        assertThat(Verdicts.judge(in, 0.05, 0).rows().get(0).verdict()).isEqualTo("SLOWER");
        assertThat(Verdicts.judge(in, 0.05, 0.02).rows().get(0).verdict()).isEqualTo("no change (below threshold)");
    }

    @Test
    void allocationIsShownNotTestedAndTooFewRoundsSaySo() {
        List<Verdicts.Input> in = List.of(input("getUser", Metric.SERVER_ALLOC, Math.log(2), 0.01),
                new Verdicts.Input("p", "getUser", Metric.THROUGHPUT, 1, 1, new Estimate(2, Double.NaN, Double.NaN, Double.NaN)));
        Verdicts.Family f = Verdicts.judge(in, 0.05, 0);
        assertThat(f.tested()).isZero();
        assertThat(f.rows()).extracting(Verdicts.Row::verdict).containsExactly("shown, not tested", "too few rounds (2)");
    }
}
