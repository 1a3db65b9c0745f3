package org.rpcbench.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class EstimateTest {

    /** {@code rounds} runs of a metric: level {@code base} with run-to-run noise {@code sd}, and a drift shared by the round. */
    static List<List<RunMetric>> rounds(int rounds, double ratio, double sd, long seed) {
        Random r = new Random(seed);
        List<RunMetric> a = new ArrayList<>();
        List<RunMetric> b = new ArrayList<>();
        for (int i = 0; i < rounds; i++) {
            double drift = 1 + 0.2 * r.nextGaussian(); // the machine's state that round: shared by both runs
            a.add(iterations(100 * drift * Math.exp(sd * r.nextGaussian()), r));
            b.add(iterations(100 * ratio * drift * Math.exp(sd * r.nextGaussian()), r));
        }
        return List.of(a, b);
    }

    /** Four iterations around a run's level, each of 1000 calls (a cost per call). */
    static RunMetric iterations(double level, Random r) {
        double[] num = new double[4];
        double[] den = new double[4];
        for (int i = 0; i < 4; i++) {
            num[i] = level * (1 + 0.01 * r.nextGaussian()) * 1000;
            den[i] = 1000;
        }
        return new RunMetric(num, den);
    }

    @Test
    void aPairedEstimateFindsTheRatioDespiteWhatTheRoundsShare() {
        List<List<RunMetric>> r = rounds(10, 1.10, 0.03, 1);
        Estimate e = Estimate.paired(r.get(0), r.get(1), new SplittableRandom(1));
        assertThat(e.rounds()).isEqualTo(10);
        assertThat(e.ratio()).isCloseTo(1.10, within(0.04));
        assertThat(e.interval(0.95).contains(1.10)).isTrue();
        assertThat(e.p()).isLessThan(0.001);
        // a drift of 20 % between rounds falls on both runs of a round: the interval stays a few percent wide
        assertThat(e.interval(0.95).high() - e.interval(0.95).low()).isLessThan(0.1);
    }

    @Test
    void noChangeIsNotSignificantAndSaysWhatItCouldHaveSeen() {
        List<List<RunMetric>> r = rounds(10, 1.0, 0.03, 2);
        Estimate e = Estimate.paired(r.get(0), r.get(1), new SplittableRandom(1));
        assertThat(e.p()).isGreaterThan(0.05);
        assertThat(e.detectable(0.05)).isBetween(0.01, 0.15);
        assertThat(e.detectable(0.05 / 16)).isGreaterThan(e.detectable(0.05));
    }

    @Test
    void theIntervalsCoverTheTruthAtAboutTheirLevel() {
        int covered = 0;
        int trials = 200;
        for (int t = 0; t < trials; t++) {
            List<List<RunMetric>> r = rounds(8, 1.05, 0.05, 100 + t);
            Estimate e = Estimate.paired(r.get(0), r.get(1), new SplittableRandom(t), 500);
            if (e.interval(0.90).contains(1.05)) {
                covered++;
            }
        }
        // 90 % intervals: between 80 % and 97 % of 200 trials is well within chance
        assertThat(covered).isBetween(160, 194);
    }

    @Test
    void poolingTheCasesSpreadGivesEveryCaseTheirDegreesOfFreedom() {
        List<Estimate> cases = new ArrayList<>();
        for (int c = 0; c < 4; c++) {
            List<List<RunMetric>> r = rounds(5, 1.10, 0.05, 40 + c);
            cases.add(Estimate.paired(r.get(0), r.get(1), new SplittableRandom(c)));
        }
        cases.add(Estimate.NONE);
        List<Estimate> pooled = Estimate.pooled(cases);
        assertThat(pooled.get(4)).isSameAs(Estimate.NONE);
        double perRound = 0;
        for (int c = 0; c < 4; c++) {
            assertThat(pooled.get(c).df()).isEqualTo(16);
            assertThat(pooled.get(c).logChange()).isEqualTo(cases.get(c).logChange());
            perRound += cases.get(c).se() * cases.get(c).se() * 5 / 4;
        }
        assertThat(pooled.get(0).se()).isCloseTo(Math.sqrt(perRound / 5), within(1e-12));
        assertThat(Estimate.pooled(List.of(cases.get(0)))).containsExactly(cases.get(0));
    }

    @Test
    void pooledFourCaseAATestsRaiseFalseAlarmsAtAboutTheNominalRate() {
        // four cases with the same spread, nothing changed: each case's pooled test at 5 % flags about 5 %
        int flagged = 0;
        int tests = 0;
        for (int t = 0; t < 150; t++) {
            List<Estimate> cases = new ArrayList<>();
            for (int c = 0; c < 4; c++) {
                List<List<RunMetric>> r = rounds(5, 1.0, 0.05, 1000 + 4 * t + c);
                cases.add(Estimate.paired(r.get(0), r.get(1), new SplittableRandom(t), 300));
            }
            for (Estimate e : Estimate.pooled(cases)) {
                tests++;
                flagged += e.p() < 0.05 ? 1 : 0;
            }
        }
        assertThat((double) flagged / tests).isBetween(0.015, 0.10);
    }

    @Test
    void tooFewRoundsGiveNoEstimate() {
        List<List<RunMetric>> r = rounds(2, 1.5, 0.01, 3);
        Estimate e = Estimate.paired(r.get(0), r.get(1), new SplittableRandom(1));
        assertThat(e.known()).isFalse();
        assertThat(e.p()).isNaN();
        assertThat(e.interval(0.95).known()).isFalse();
    }

    @Test
    void aRunWithoutTheMetricDropsItsRound() {
        List<List<RunMetric>> r = rounds(5, 1.0, 0.01, 4);
        List<RunMetric> b = new ArrayList<>(r.get(1));
        b.set(0, RunMetric.whole(Double.NaN));
        assertThat(Estimate.paired(r.get(0), b, new SplittableRandom(1)).rounds()).isEqualTo(4);
    }

    @Test
    void twoIndependentSetsOfRunsAreComparedToo() {
        Random random = new Random(5);
        List<RunMetric> a = new ArrayList<>();
        List<RunMetric> b = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            a.add(RunMetric.whole(100 * Math.exp(0.03 * random.nextGaussian())));
            b.add(RunMetric.whole(120 * Math.exp(0.03 * random.nextGaussian())));
        }
        Estimate e = Estimate.unpaired(a, b, new SplittableRandom(1));
        assertThat(e.ratio()).isCloseTo(1.2, within(0.05));
        assertThat(e.p()).isLessThan(0.001);
        assertThat(e.df()).isBetween(5.0, 10.0);
    }
}
