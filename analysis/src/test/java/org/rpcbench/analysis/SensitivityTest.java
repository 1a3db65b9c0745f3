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
     * The level a lone change in a case's server CPU is flagged at: alpha over the family's 4 tests, weighted (two
     * CPU tests of share 1, two allocation tests of share 0.1: a CPU test's weight is 4 / 2.2).
     */
    static final double CPU_LEVEL = 0.05 * (2.0 * CASES / (CASES * (1 + Metric.SERVER_ALLOC.alphaShare()))) / (2 * CASES);

    /**
     * Rounds of the four arms: value[round][arm][case], server CPU per call; each run an effect its cases share
     * ({@code runSd}) and each case its own noise ({@code caseSd}); the costs add their share.
     */
    static double[][][] rounds(int n, double runSd, double caseSd, SplittableRandom r) {
        return rounds(n, runSd, caseSd, false, r);
    }

    /** The same; {@code rotated}: each round's costs go into one case, case0 in round 0, case1 in round 1, in turn. */
    static double[][][] rounds(int n, double runSd, double caseSd, boolean rotated, SplittableRandom r) {
        double[][][] v = new double[n][ARMS.size()][CASES];
        for (int i = 0; i < n; i++) {
            for (int a = 0; a < ARMS.size(); a++) {
                double run = runSd * FamilySimulationTest.gaussian(r);
                for (int c = 0; c < CASES; c++) {
                    double cost = !rotated || i % CASES == c ? 1 + COSTS.getOrDefault(ARMS.get(a), 0.0) : 1;
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

    static final List<List<String>> ROTATION = List.of(List.of("case0"), List.of("case1"));

    /** In how many of these budgets {@code arm} flagged anything (caseName null) or the case's server CPU as SLOWER. */
    static int count(List<List<Integer>> budgets, Sensitivity.Judge judge, String arm, String caseName) {
        int n = 0;
        for (List<Integer> b : budgets) {
            Verdicts.Family f = judge.judge(b, arm);
            n += caseName == null ? (f.flagged() > 0 ? 1 : 0) : f.rows().stream().anyMatch(row -> row.slower()
                    && row.input().metric() == Metric.SERVER_CPU && row.input().caseName().equals(caseName)) ? 1 : 0;
        }
        return n;
    }

    @Test
    void everyDistinctBudgetIsJudgedOnceAndTheDisjointOnesAreTheTrialsCounted() {
        double[][][] v = rounds(8, 0.04, 0.01, new SplittableRandom(1));
        Sensitivity.Result r = Sensitivity.measure("p", 8, plan(4), 200, judge(v), new SplittableRandom(2));
        assertThat(r.resampled()).isEqualTo(70);
        assertThat(r.resampledBudgets()).isEqualTo("all 70 distinct budgets of 4 of the 8 rounds");
        assertThat(r.disjoint()).isEqualTo(2);
        assertThat(r.falseAlarms().of()).isEqualTo(2);
        // every one of the C(8, 4) budgets counted once: recounted here, apart from Sensitivity
        List<List<Integer>> all70 = Budgets.distinct(8, 4, 200, new SplittableRandom(9)).budgets();
        assertThat(r.falseAlarmsResampled()).isEqualTo(count(all70, judge(v), "no-cost-again", null));
        assertThat(r.falseAlarms().count()).isEqualTo(count(Budgets.disjoint(8, 4), judge(v), "no-cost-again", null));
        assertThat(r.tests()).isEqualTo(2 * CASES);
        assertThat(r.testAlpha()).isCloseTo(CPU_LEVEL, within(1e-15));
        assertThat(r.seen()).hasSize(2 * CASES).allSatisfy(s -> {
            assertThat(s.carried()).isEqualTo(8);
            assertThat(s.budgets()).isEqualTo(70);
            assertThat(s.resampled()).as("%s %s", s.arm(), s.caseName()).isEqualTo(count(all70, judge(v), s.arm(), s.caseName()));
            assertThat(s.disjoint().of()).isEqualTo(2);
            assertThat(s.disjoint().count()).isEqualTo(count(Budgets.disjoint(8, 4), judge(v), s.arm(), s.caseName()));
        });
        // and the counts are not all alike: +10 % is flagged in more budgets than +5 %
        assertThat(r.seen().get(2).resampled() + r.seen().get(3).resampled()).isGreaterThan(r.seen().get(0).resampled() + r.seen().get(1).resampled());
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
        assertThat(tenInCase1.model()).isEqualTo(Power.ofSpread(Math.log1p(0.10), aa.sd(), 9, 12, CPU_LEVEL, 0.95));
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

    /**
     * Each round's costs in one case, in turn, as calibrate runs them, at a spread where an ab of 12 rounds sees +10 %
     * in one case 83 % of the time: the model (one change at a CPU test's weighted per-test level), the disjoint
     * budgets and the resampled ones, each of the rounds that carried the case's cost, agree with the true power. Each
     * of these, put in on purpose, failed it: a model at alpha, the family forgotten; budgets judged on every round,
     * half of which carried no cost in that case (case0 flagged in 53 of 200 resampled budgets, its cost measured
     * +4.9 %).
     */
    @Test
    void theModelAgreesWithTheBudgetsOfOneChangedCaseWhereAWrongFormulaWouldNot() {
        // 600 rounds, 300 carrying each case's cost: 25 disjoint ab budgets of 12 a case; one round's log ratio has sd
        // sqrt(2) * sqrt(0.06² + 0.02²)
        double[][][] v = rounds(600, 0.06, 0.02, true, new SplittableRandom(5));
        Sensitivity.Plan plan = new Sensitivity.Plan("no-cost-again", COSTS, 900, 12, 0.05, ROTATION);
        Sensitivity.Result r = Sensitivity.measure("p", 600, plan, 200, judge(v), new SplittableRandom(2));
        double trueSd = Math.sqrt(2 * (0.06 * 0.06 + 0.02 * 0.02));
        double truePower = Power.seen(Math.log(1.10) / (trueSd / Math.sqrt(12)), 11, CPU_LEVEL);
        assertThat(truePower).isBetween(0.5, 0.9);
        for (Sensitivity.Seen s : r.seen().stream().filter(s -> s.share() == 0.10).toList()) {
            assertThat(s.carried()).isEqualTo(300);
            assertThat(s.model().low()).isLessThanOrEqualTo(truePower);
            assertThat(s.model().high()).isGreaterThanOrEqualTo(truePower);
            assertThat(s.model().probability()).isCloseTo(truePower, within(0.06));
            // 200 budgets of 12 drawn from the 300 rounds that carried the cost: they are flagged as often as budgets
            // of a change of what those rounds measured (their mean moves by ±0.5 %, the power by ±6 points), within
            // three binomial standard errors of 200
            double atMeasured = Power.seen(Math.log(s.measured()) / (trueSd / Math.sqrt(12)), 11, CPU_LEVEL);
            assertThat((double) s.resampled() / s.budgets()).as("%s resampled", s.caseName())
                    .isCloseTo(atMeasured, within(3 * Math.sqrt(atMeasured * (1 - atMeasured) / s.budgets())));
            assertThat(s.disjoint().of()).isEqualTo(25);
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
