package org.rpcbench.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * ab's verdicts on simulated rounds whose cases share their runs, as a pair's cases share one server JVM and one
 * client JVM: each run draws an effect per metric that every case of it carries, plus each case's own noise, and
 * each round a machine state both of its runs share. Many comparisons go through the real judging code
 * ({@link Verdicts.Input#paired}, {@link Verdicts#judge}); what comes out is checked at the family's level.
 *
 * <p>The code this replaced (each metric's spread pooled over the cases, t with the degrees of freedom of all of
 * them, a bootstrap's standard error) fails both: through this simulation, same seeds, it raised a false alarm in
 * 10.6 % of 5-round and 7.2 % of 12-round comparisons at a stated 5 %; its 95 % intervals held the true change in
 * 91.7 % of cases, and its intervals at 1 - 5 %/8 missed it in 2.4 % (0.63 % stated). This code: 5.6 % and 4.3 %
 * (4.6 % and 4.5 % over 30,000 comparisons each), 94.8 %, 0.68 %.
 */
class FamilySimulationTest {
    static final int CASES = 4;
    /** Log-scale spread of a run's effect (shared by its cases), of a case's own noise, and of a round's machine state. */
    static final double RUN = 0.05;
    static final double CASE = 0.02;
    static final double MACHINE = 0.10;
    static final Metric[] METRICS = {Metric.SERVER_CPU, Metric.SERVER_ALLOC, Metric.THROUGHPUT, Metric.P99};

    /** Four iterations of 1000 calls around a run's level, each 1 % off it (p99: the run's value alone). */
    static RunMetric run(Metric metric, double level, SplittableRandom r) {
        if (metric == Metric.P99) {
            return RunMetric.whole(level);
        }
        double[] num = new double[4];
        double[] den = new double[4];
        for (int i = 0; i < 4; i++) {
            num[i] = level * (1 + 0.01 * gaussian(r)) * 1000;
            den[i] = 1000;
        }
        return new RunMetric(num, den);
    }

    /** One comparison's inputs: {@code rounds} rounds, server CPU per call changed by {@code cpuChange} in every case. */
    static List<Verdicts.Input> comparison(int rounds, double cpuChange, SplittableRandom r) {
        return inputs(runs(rounds, cpuChange, r), rounds);
    }

    /** How runs scatter: the shape of every draw (a run's effect, a case's own noise), unit variance. */
    enum Noise {
        GAUSSIAN,
        /** Student's t with 3 degrees of freedom, scaled to unit variance: heavy tails, an occasional far run. */
        T3,
        /** A contaminated normal: one draw in ten three times as wide, scaled to unit variance. */
        CONTAMINATED;

        double draw(SplittableRandom r) {
            return switch (this) {
                case GAUSSIAN -> gaussian(r);
                case T3 -> {
                    double chi = 0;
                    for (int i = 0; i < 3; i++) {
                        double z = gaussian(r);
                        chi += z * z;
                    }
                    yield gaussian(r) / Math.sqrt(chi / 3) / Math.sqrt(3);
                }
                case CONTAMINATED -> (r.nextDouble() < 0.1 ? 3 : 1) * gaussian(r) / Math.sqrt(0.9 + 0.1 * 9);
            };
        }
    }

    /**
     * What a simulated comparison is like.
     *
     * @param caseSpread each case's own noise (log scale); the run's effect, {@link #RUN}, is shared by them all
     * @param changed the case whose server CPU per call changes, -1: every case
     */
    record Scenario(double[] caseSpread, int changed, Noise noise) {
        /** The cases alike, Gaussian, every case changed: what this class's own tests run. */
        static final Scenario ALIKE = new Scenario(new double[] {CASE, CASE, CASE, CASE}, -1, Noise.GAUSSIAN);

        /** The standard deviation of one round's log ratio of server CPU per call in case {@code c}. */
        double roundSd(int c) {
            return Math.sqrt(2 * (RUN * RUN + caseSpread[c] * caseSpread[c]));
        }
    }

    /** One comparison's runs, {@code runs.get(metric).get(case).get(side)}: each side's runs, round by round. */
    static List<List<List<List<RunMetric>>>> runs(int rounds, double cpuChange, SplittableRandom r) {
        return runs(rounds, cpuChange, Scenario.ALIKE, r);
    }

    /** The same, as {@code scenario} says. */
    static List<List<List<List<RunMetric>>>> runs(int rounds, double cpuChange, Scenario scenario, SplittableRandom r) {
        List<List<List<List<RunMetric>>>> runs = new ArrayList<>();
        for (int m = 0; m < METRICS.length; m++) {
            List<List<List<RunMetric>>> byCase = new ArrayList<>();
            for (int c = 0; c < CASES; c++) {
                byCase.add(List.of(new ArrayList<RunMetric>(), new ArrayList<RunMetric>()));
            }
            runs.add(byCase);
        }
        for (int round = 0; round < rounds; round++) {
            double machine = MACHINE * gaussian(r);
            for (int side = 0; side < 2; side++) {
                for (int m = 0; m < METRICS.length; m++) {
                    // allocation is nearly deterministic: a tenth of the spread, the same shape
                    double scale = METRICS[m] == Metric.SERVER_ALLOC ? 0.1 : 1;
                    double runEffect = scale * RUN * scenario.noise().draw(r);
                    for (int c = 0; c < CASES; c++) {
                        boolean changes = side == 1 && METRICS[m] == Metric.SERVER_CPU && (scenario.changed() < 0 || scenario.changed() == c);
                        double change = changes ? cpuChange : 1;
                        double level = (10 + 5 * c) * change * Math.exp(machine + runEffect
                                + scale * scenario.caseSpread()[c] * scenario.noise().draw(r));
                        runs.get(m).get(c).get(side).add(run(METRICS[m], level, r));
                    }
                }
            }
        }
        return runs;
    }

    /** The inputs of a comparison's first {@code rounds} rounds. */
    static List<Verdicts.Input> inputs(List<List<List<List<RunMetric>>>> runs, int rounds) {
        List<Verdicts.Input> inputs = new ArrayList<>();
        for (int c = 0; c < CASES; c++) {
            for (int m = 0; m < METRICS.length; m++) {
                inputs.add(Verdicts.Input.paired("p", "case" + c, METRICS[m], runs.get(m).get(c).get(0).subList(0, rounds),
                        runs.get(m).get(c).get(1).subList(0, rounds)));
            }
        }
        return inputs;
    }

    static double gaussian(SplittableRandom r) {
        return Math.sqrt(-2 * Math.log(1 - r.nextDouble())) * Math.cos(2 * Math.PI * r.nextDouble());
    }

    /** Three standard errors of a share near {@code p} measured from {@code n} independent comparisons. */
    static double margin(double p, int n) {
        return 3 * Math.sqrt(p * (1 - p) / n);
    }

    @Test
    void withNothingChangedEachFamilyRaisesAFalseAlarmAtMostAlphaOfTheTime() {
        double alpha = 0.05;
        for (int rounds : new int[] {5, 12}) {
            int comparisons = 3000;
            int primary = 0;
            int context = 0;
            SplittableRandom r = new SplittableRandom(rounds);
            for (int t = 0; t < comparisons; t++) {
                Verdicts.Family f = Verdicts.judge(comparison(rounds, 1.0, r), alpha, 0);
                assertThat(f.tested()).isEqualTo(2 * CASES);
                primary += f.primary().flagged() > 0 ? 1 : 0;
                context += f.context().flagged() > 0 ? 1 : 0;
            }
            // at most alpha, within 3 standard errors (0.012 at 3000 comparisons)
            assertThat((double) primary / comparisons).as("primary family, %d rounds", rounds)
                    .isLessThanOrEqualTo(alpha + margin(alpha, comparisons));
            assertThat((double) context / comparisons).as("context family, %d rounds", rounds)
                    .isLessThanOrEqualTo(alpha + margin(alpha, comparisons));
            // and not by never flagging anything: a family of correlated tests is somewhat below alpha, not at zero
            assertThat((double) primary / comparisons).as("primary family, %d rounds", rounds).isGreaterThan(alpha / 4);
        }
    }

    @Test
    void withATrueChangeTheIntervalsHoldItAtTheirLevel() {
        int comparisons = 3000;
        double truth = 1.10;
        int covered95 = 0;
        int missedAtFamilyLevel = 0;
        int rows = 0;
        double familyLevel = 1 - 0.05 / (2 * CASES);
        SplittableRandom r = new SplittableRandom(99);
        for (int t = 0; t < comparisons; t++) {
            for (Verdicts.Input in : comparison(5, truth, r)) {
                if (in.metric() == Metric.SERVER_CPU) {
                    rows++;
                    covered95 += in.estimate().interval(0.95).contains(truth) ? 1 : 0;
                    missedAtFamilyLevel += in.estimate().interval(familyLevel).contains(truth) ? 0 : 1;
                    // the columns are the estimate's: candidate / baseline is the change
                    assertThat(in.candidate() / in.baseline()).isCloseTo(in.estimate().ratio(),
                            org.assertj.core.api.Assertions.within(1e-9));
                }
            }
        }
        // the cases of a comparison are correlated, so the margin is taken over comparisons, not rows
        assertThat((double) covered95 / rows).isBetween(0.95 - margin(0.95, comparisons), 0.95 + margin(0.95, comparisons));
        assertThat((double) missedAtFamilyLevel / rows).isLessThanOrEqualTo(1 - familyLevel + margin(1 - familyLevel, comparisons));
    }

    /**
     * One case changed among unequally noisy cases (each case's own noise 1, 2, 4 and 8 %), with Gaussian, heavy
     * (t, 3 degrees of freedom) and contaminated tails, at the rounds the model says see +10 % in the noisiest case
     * {@link Power#POWER} of the time, from its true spread: the family flags that case that often, within three
     * binomial standard errors of 3,000 comparisons (fixed seeds), and with nothing changed raises a false alarm at
     * most alpha of the time. The CPU tests' level is their weighted share of alpha ({@link Metric#alphaShare}).
     * Here, at 32 rounds: seen 91.2, 91.1 and 89.7 %; false alarms 4.6, 3.8 and 4.0 %. Put in on purpose, the old
     * 80 % power (26 rounds, 81.3 % seen) failed it, and so did sizing at alpha / 8, unweighted, while the family
     * is judged weighted (36 rounds, 94.3 %: the upper bound).
     */
    @Test
    void oneCaseChangedAmongUnequalHeavyTailedCasesIsSeenAsOftenAsTheModelPromises() {
        double alpha = 0.05;
        int comparisons = 3000;
        for (Noise noise : Noise.values()) {
            Scenario scenario = new Scenario(new double[] {0.01, 0.02, 0.04, 0.08}, 3, noise);
            // a lone CPU test's level: its weighted share of alpha (CASES CPU tests of share 1, CASES allocation tests)
            double cpuLevel = alpha / (CASES * (1 + Metric.SERVER_ALLOC.alphaShare()));
            int rounds = RoundSizing.rounds(scenario.roundSd(3), cpuLevel, 0.10, Estimate.MIN_ROUNDS);
            for (double change : new double[] {1.0, 1.10}) {
                SplittableRandom r = new SplittableRandom(31);
                int seen = 0;
                int alarms = 0;
                for (int t = 0; t < comparisons; t++) {
                    Verdicts.Family f = Verdicts.judge(inputs(runs(rounds, change, scenario, r), rounds), alpha, 0);
                    seen += f.rows().stream().anyMatch(row -> row.input().caseName().equals("case3") && row.slower()) ? 1 : 0;
                    alarms += f.primary().flagged() > 0 ? 1 : 0;
                }
                if (change == 1.0) {
                    assertThat((double) alarms / comparisons).as("false alarms, %s, %d rounds", noise, rounds)
                            .isLessThanOrEqualTo(alpha + margin(alpha, comparisons));
                } else {
                    assertThat((double) seen / comparisons).as("+10 %% seen in the noisiest case, %s, %d rounds", noise, rounds)
                            .isBetween(Power.POWER - margin(Power.POWER, comparisons), Power.POWER + margin(Power.POWER, comparisons) + 0.02);
                }
            }
        }
    }
}
