package org.rpcbench.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** calibrate's figures from simulated rounds of its four arms, judged by the real verdict code. */
class SensitivityTest {
    static final List<String> ARMS = List.of("no-cost", "no-cost-again", "plus-5-percent", "plus-10-percent");
    static final Map<String, Double> COSTS = new LinkedHashMap<>();

    static {
        COSTS.put("plus-5-percent", 0.05);
        COSTS.put("plus-10-percent", 0.10);
    }
    static final int CASES = 2;

    /**
     * Rounds of the four arms: value[round][arm][case], server CPU per call; each run an effect its cases share
     * ({@code runSd}) and each case its own noise ({@code caseSd}); the costs add their share.
     */
    static double[][][] rounds(int n, double runSd, double caseSd, SplittableRandom r) {
        double[][][] v = new double[n][ARMS.size()][CASES];
        for (int i = 0; i < n; i++) {
            for (int a = 0; a < ARMS.size(); a++) {
                double run = runSd * FamilySimulationTest.gaussian(r);
                double cost = 1 + COSTS.getOrDefault(ARMS.get(a), 0.0);
                for (int c = 0; c < CASES; c++) {
                    v[i][a][c] = (20 + 10 * c) * cost * Math.exp(run + caseSd * FamilySimulationTest.gaussian(r));
                }
            }
        }
        return v;
    }

    /** ab's judgement of the rounds at these positions, arm against no cost: server CPU and a constant allocation per case. */
    static Sensitivity.Judge judge(double[][][] v) {
        return (positions, arm) -> {
            int a = ARMS.indexOf(arm);
            List<Verdicts.Input> in = new ArrayList<>();
            for (int c = 0; c < CASES; c++) {
                int cc = c;
                in.add(Verdicts.Input.paired("p", "case" + c, Metric.SERVER_CPU, positions.stream().map(i -> RunMetric.whole(v[i][0][cc])).toList(),
                        positions.stream().map(i -> RunMetric.whole(v[i][a][cc])).toList()));
                in.add(Verdicts.Input.paired("p", "case" + c, Metric.SERVER_ALLOC, positions.stream().map(i -> RunMetric.whole(400.0)).toList(),
                        positions.stream().map(i -> RunMetric.whole(400.0)).toList()));
            }
            return Verdicts.judge(in, 0.05, 0);
        };
    }

    static Sensitivity.Plan plan(int abRounds) {
        return new Sensitivity.Plan("no-cost-again", COSTS, 900, abRounds, 0.05);
    }

    @Test
    void everyDistinctBudgetIsJudgedOnceAndTheDisjointOnesAreTheTrialsCounted() {
        double[][][] v = rounds(8, 0.04, 0.01, new SplittableRandom(1));
        Sensitivity.Result r = Sensitivity.measure("p", 8, plan(4), 200, judge(v), new SplittableRandom(2));
        assertThat(r.resampled()).isEqualTo(70);
        assertThat(r.resampledBudgets()).isEqualTo("all 70 distinct budgets of 4 of the 8 rounds");
        assertThat(r.disjoint()).isEqualTo(2);
        assertThat(r.falseAlarms().of()).isEqualTo(2);
        assertThat(r.falseAlarmsResampled()).isBetween(0, 70);
        assertThat(r.tests()).isEqualTo(2 * CASES);
        assertThat(r.testAlpha()).isCloseTo(0.05 / 4, within(1e-15));
        assertThat(r.seen()).hasSize(2 * CASES).allSatisfy(s -> {
            assertThat(s.resampled()).isBetween(0, 70);
            assertThat(s.disjoint().of()).isEqualTo(2);
        });
        assertThat(r.line()).matches("this machine, this pair: 10 % seen with probability [0-9.]+ % \\[[0-9.]+ %, [0-9.]+ %\\] in 15"
                + " minutes; false alarms [0-9.]+ % \\[[0-9.]+ %, [0-9.]+ %\\]");
    }

    @Test
    void theModelsPowerComesFromTheAaSpreadAtTheVerdictsPerTestLevel() {
        double[][][] v = rounds(10, 0.04, 0.01, new SplittableRandom(3));
        Sensitivity.Result r = Sensitivity.measure("p", 10, plan(12), 200, judge(v), new SplittableRandom(2));
        Estimate aa = Estimate.paired(java.util.Arrays.stream(v).map(x -> RunMetric.whole(x[0][1])).toList(),
                java.util.Arrays.stream(v).map(x -> RunMetric.whole(x[1][1])).toList());
        Sensitivity.Spread spread = r.spreads().get(1);
        assertThat(spread.caseName()).isEqualTo("case1");
        assertThat(spread.sd()).isCloseTo(aa.sd(), within(1e-12));
        assertThat(spread.low()).isLessThan(spread.sd());
        assertThat(spread.high()).isGreaterThan(spread.sd());
        Sensitivity.Seen tenInCase1 = r.seen().stream().filter(s -> s.share() == 0.10 && s.caseName().equals("case1")).findFirst().orElseThrow();
        // an ab of 12 rounds, from 10 rounds measured: the model extrapolates; the resampled "budget" is all 10 rounds, said so
        assertThat(tenInCase1.model()).isEqualTo(Power.ofSpread(Math.log1p(0.10), aa.sd(), 9, 12, 0.05 / 4, 0.95));
        assertThat(r.resampledBudgets()).isEqualTo("one budget: all 10 rounds");
        assertThat(r.disjoint()).isZero();
        assertThat(r.falseAlarms().of()).isZero();
        assertThat(r.line()).endsWith("in 15 minutes; false alarms not measured (no disjoint budget of 12 rounds in 10)");
        // the least sensitive case is the one the line speaks of
        Sensitivity.Least least = r.least().get(1);
        assertThat(least.share()).isEqualTo(0.10);
        assertThat(least.model().probability()).isEqualTo(r.seen().stream().filter(s -> s.share() == 0.10)
                .mapToDouble(s -> s.model().probability()).min().orElseThrow());
    }

    @Test
    void theModelAgreesWithTheDisjointBudgetsAndItsIntervalHoldsTheTruePower() {
        // 240 rounds: 20 disjoint ab budgets of 12; one round's log ratio has sd sqrt(2) * sqrt(0.03² + 0.01²)
        double[][][] v = rounds(240, 0.03, 0.01, new SplittableRandom(5));
        Sensitivity.Result r = Sensitivity.measure("p", 240, plan(12), 100, judge(v), new SplittableRandom(2));
        double trueSd = Math.sqrt(2 * (0.03 * 0.03 + 0.01 * 0.01));
        double truePower = Power.seen(Math.log(1.10) / (trueSd / Math.sqrt(12)), 11, 0.05 / 4);
        for (Sensitivity.Seen s : r.seen().stream().filter(s -> s.share() == 0.10).toList()) {
            assertThat(s.model().low()).isLessThanOrEqualTo(truePower);
            assertThat(s.model().high()).isGreaterThanOrEqualTo(truePower);
            // the disjoint budgets' exact interval holds the model's figure
            assertThat(s.disjoint().of()).isEqualTo(20);
            assertThat(s.disjoint().low()).isLessThanOrEqualTo(s.model().probability());
            assertThat(s.disjoint().high()).isGreaterThanOrEqualTo(s.model().probability());
            assertThat(s.measured()).isCloseTo(1.10, within(0.02));
        }
        assertThat(r.falseAlarms().high()).isGreaterThanOrEqualTo(0.05);
    }

    @Test
    void sharesArePrintedWithoutRoundingToCertainty() {
        assertThat(Sensitivity.share(0.45)).isEqualTo("45 %");
        assertThat(Sensitivity.share(0.996)).isEqualTo("99.6 %");
        assertThat(Sensitivity.share(0.003)).isEqualTo("0.3 %");
        assertThat(Sensitivity.share(0)).isEqualTo("0 %");
        assertThat(Sensitivity.share(1)).isEqualTo("100 %");
        assertThat(Sensitivity.share(Double.NaN)).isEqualTo("n/a");
    }
}
