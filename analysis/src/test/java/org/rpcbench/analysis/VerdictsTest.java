package org.rpcbench.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

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
        // throughput is context: better or worse, never SLOWER
        assertThat(f.rows()).extracting(Verdicts.Row::verdict).containsExactly("SLOWER", "better", "worse");
        assertThat(f.slower()).isEqualTo(1);
        assertThat(f.rows().get(0).interval().low()).isGreaterThan(1);
    }

    @Test
    void falseAlarmsAreControlledOverTheWholeFamily() {
        // one p-value of about 0.01 among 16 tests: alone it would be significant, in the family it is not
        List<Verdicts.Input> in = new ArrayList<>();
        for (int i = 0; i < 15; i++) {
            in.add(input("case" + i, Metric.SERVER_CPU, 0.0, 0.02));
        }
        double t = StudentT.quantile(1 - 0.01 / 2, 9);
        in.add(input("case15", Metric.SERVER_CPU, t * 0.02, 0.02));
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
        assertThat(f.rows().get(4).couldHaveSeen().up()).isPositive();
        assertThat(f.rows().get(0).couldHaveSeen()).isNull();
    }

    @Test
    void aThresholdTurnsATinyButCertainChangeIntoNoChange() {
        List<Verdicts.Input> in = List.of(input("getUser", Metric.SERVER_CPU, Math.log(1.01), 0.001));
        assertThat(Verdicts.judge(in, 0.05, 0).rows().get(0).verdict()).isEqualTo("SLOWER");
        assertThat(Verdicts.judge(in, 0.05, 0.02).rows().get(0).verdict()).isEqualTo("no change (below threshold)");
    }

    @Test
    void theContextIsAFamilyOfItsOwnThatNeverDecides() {
        List<Verdicts.Input> in = List.of(input("getUser", Metric.SERVER_ALLOC, Math.log(1.0), 0.01),
                input("getUser", Metric.THROUGHPUT, Math.log(0.5), 0.01), input("getUser", Metric.P99, Math.log(1.01), 0.01),
                new Verdicts.Input("p", "getUser", Metric.CLIENT_CPU, 1, 1, new Estimate(2, Double.NaN, Double.NaN, Double.NaN)));
        Verdicts.Family f = Verdicts.judge(in, 0.05, 0);
        assertThat(f.rows()).extracting(Verdicts.Row::verdict).containsExactly("no change", "worse", "no change", "too few rounds (2)");
        assertThat(f.tested()).isEqualTo(1);
        assertThat(f.flagged()).isZero();
        assertThat(f.context()).isEqualTo(new Verdicts.Tally(2, 1));
        assertThat(f.slower()).isZero();
        assertThat(f.passes()).isTrue();
        // each family's intervals and per-test level are its own: one primary test, two context tests with one flagged
        assertThat(f.rows().get(0).level()).isCloseTo(0.95, within(1e-12));
        assertThat(f.rows().get(0).testAlpha()).isCloseTo(0.05, within(1e-12));
        assertThat(f.rows().get(2).level()).isCloseTo(1 - 0.05 / 2, within(1e-12));
        assertThat(f.rows().get(2).testAlpha()).isCloseTo(0.05 / 2, within(1e-12));
    }

    @Test
    void whatANoChangeCouldHaveSeenIsGivenUpAndDown() {
        List<Verdicts.Input> in = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            in.add(input("case" + i, Metric.SERVER_CPU, 0.0, 0.05));
        }
        Verdicts.Row row = Verdicts.judge(in, 0.05, 0).rows().get(0);
        Verdicts.Reach reach = row.couldHaveSeen();
        // the noncentrality flagged nine times in ten by a t test at 5 % / 8 with 9 degrees of freedom
        double lambda = Power.ncp(0.9, 9, 0.05 / 8);
        assertThat(Power.POWER).isEqualTo(0.9);
        assertThat(Power.seen(lambda, 9, 0.05 / 8)).isCloseTo(0.9, within(1e-8));
        assertThat(reach.up()).isCloseTo(Math.exp(lambda * 0.05) - 1, within(1e-12));
        assertThat(reach.down()).isCloseTo(Math.exp(-lambda * 0.05) - 1, within(1e-12));
        // on the log scale the two sides are one change: a rise of x is a fall of less than x
        assertThat(-reach.down()).isLessThan(reach.up());
        assertThat((1 + reach.up()) * (1 + reach.down())).isCloseTo(1, within(1e-12));
    }

    @Test
    void aNoChangeThatCouldNotHaveSeenTheChangeAskedForIsInconclusiveAndNeverPasses() {
        List<Verdicts.Input> in = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            in.add(input("case" + i, i == 7 ? Metric.THROUGHPUT : Metric.SERVER_CPU, 0.0, i == 0 ? 0.05 : 0.001));
        }
        double reach = Verdicts.judge(in, 0.05, 0).rows().get(0).couldHaveSeen().up();
        assertThat(reach).isBetween(0.15, 0.30);
        // asked for nothing: "no change", and a pass
        Verdicts.Family none = Verdicts.judge(in, 0.05, 0);
        assertThat(none.rows().get(0).verdict()).isEqualTo("no change");
        assertThat(none.passes()).isTrue();
        // asked for 10 %: the wide one is INCONCLUSIVE, the narrow ones "no change", and it does not pass
        Verdicts.Family ten = Verdicts.judge(in, 0.05, 0, 0.10);
        assertThat(ten.rows()).extracting(Verdicts.Row::verdict).startsWith("INCONCLUSIVE", "no change");
        assertThat(ten.inconclusive()).isEqualTo(1);
        assertThat(ten.passes()).isFalse();
        assertThat(ten.rows().get(0).couldHaveSeen().up()).isEqualTo(reach);
        // exactly what it could see is enough; a hair less is not
        assertThat(Verdicts.judge(in, 0.05, 0, reach).passes()).isTrue();
        assertThat(Verdicts.judge(in, 0.05, 0, reach * 0.999).rows().get(0).inconclusive()).isTrue();
        // context never decides: a wide context result is "no change" whatever was asked for
        List<Verdicts.Input> context = List.of(input("getUser", Metric.THROUGHPUT, 0.0, 0.2), input("getUser", Metric.SERVER_CPU, 0.0, 0.001));
        assertThat(Verdicts.judge(context, 0.05, 0, 0.10).rows()).extracting(Verdicts.Row::verdict).containsExactly("no change", "no change");
    }

    @Test
    void aFlaggedChangeIsNeverInconclusiveHoweverWideItsInterval() {
        List<Verdicts.Input> in = List.of(input("getUser", Metric.SERVER_CPU, Math.log(1.5), 0.05));
        Verdicts.Family f = Verdicts.judge(in, 0.05, 0, 0.01);
        assertThat(f.rows().get(0).verdict()).isEqualTo("SLOWER");
        assertThat(f.inconclusive()).isZero();
        assertThat(f.withFailed(List.of()).see()).isEqualTo(0.01);
    }
}
