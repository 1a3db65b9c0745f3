package org.rpcbench.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
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
        Estimate e = Estimate.paired(r.get(0), r.get(1));
        assertThat(e.rounds()).isEqualTo(10);
        assertThat(e.ratio()).isCloseTo(1.10, within(0.04));
        assertThat(e.interval(0.95).contains(1.10)).isTrue();
        assertThat(e.p()).isLessThan(0.001);
        // a drift of 20 % between rounds falls on both runs of a round: the interval stays a few percent wide
        assertThat(e.interval(0.95).high() - e.interval(0.95).low()).isLessThan(0.1);
    }

    @Test
    void noChangeIsNotSignificant() {
        List<List<RunMetric>> r = rounds(10, 1.0, 0.03, 2);
        Estimate e = Estimate.paired(r.get(0), r.get(1));
        assertThat(e.p()).isGreaterThan(0.05);
        assertThat(e.interval(0.95).contains(1.0)).isTrue();
    }

    @Test
    void aPairedEstimateIsStudentsPairedTOnTheRoundsLogRatios() {
        List<RunMetric> a = List.of(RunMetric.whole(100), RunMetric.whole(110), RunMetric.whole(90), RunMetric.whole(105));
        List<RunMetric> b = List.of(RunMetric.whole(104), RunMetric.whole(112), RunMetric.whole(95), RunMetric.whole(106));
        double[] d = {Math.log(1.04), Math.log(112 / 110.0), Math.log(95 / 90.0), Math.log(106 / 105.0)};
        Estimate e = Estimate.paired(a, b);
        assertThat(e.rounds()).isEqualTo(4);
        assertThat(e.df()).isEqualTo(3);
        assertThat(e.logChange()).isCloseTo(Stats.mean(d), within(1e-15));
        assertThat(e.se()).isCloseTo(Stats.sd(d) / 2, within(1e-15));
        assertThat(e.sd()).isCloseTo(Stats.sd(d), within(1e-15));
        assertThat(e.p()).isCloseTo(StudentT.twoSided(Stats.mean(d) / (Stats.sd(d) / 2), 3), within(1e-15));
        // only a run's value enters, its iterations weighed by their calls: no iteration's spread is counted again
        List<RunMetric> split = List.of(new RunMetric(new double[] {50 * 1000, 150 * 1000}, new double[] {1000, 1000}),
                RunMetric.whole(110), RunMetric.whole(90), RunMetric.whole(105));
        assertThat(Estimate.paired(split, b)).isEqualTo(e);
    }

    @Test
    void theIntervalsCoverTheTruthAtTheirLevel() {
        int covered = 0;
        int trials = 2000;
        for (int t = 0; t < trials; t++) {
            List<List<RunMetric>> r = rounds(8, 1.05, 0.05, 100 + t);
            if (Estimate.paired(r.get(0), r.get(1)).interval(0.90).contains(1.05)) {
                covered++;
            }
        }
        // 90 % intervals: within three standard errors (2 %) of 90 % of 2000 trials
        assertThat((double) covered / trials).isBetween(0.88, 0.92);
    }

    @Test
    void tooFewRoundsGiveNoEstimate() {
        List<List<RunMetric>> r = rounds(2, 1.5, 0.01, 3);
        Estimate e = Estimate.paired(r.get(0), r.get(1));
        assertThat(e.known()).isFalse();
        assertThat(e.rounds()).isEqualTo(2);
        assertThat(e.p()).isNaN();
        assertThat(e.interval(0.95).known()).isFalse();
    }

    @Test
    void aRunWithoutTheMetricDropsItsRound() {
        List<List<RunMetric>> r = rounds(5, 1.0, 0.01, 4);
        List<RunMetric> b = new ArrayList<>(r.get(1));
        b.set(0, RunMetric.whole(Double.NaN));
        assertThat(Estimate.paired(r.get(0), b).rounds()).isEqualTo(4);
        assertThat(Estimate.paired(r.get(0), b)).isEqualTo(Estimate.paired(r.get(0).subList(1, 5), r.get(1).subList(1, 5)));
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
        Estimate e = Estimate.unpaired(a, b);
        assertThat(e.ratio()).isCloseTo(1.2, within(0.05));
        assertThat(e.p()).isLessThan(0.001);
        assertThat(e.df()).isBetween(5.0, 10.0);
        // Welch: the two sides' variances of their mean logs, added
        double[] la = Estimate.logs(a);
        double[] lb = Estimate.logs(b);
        assertThat(e.se()).isCloseTo(Math.sqrt(Math.pow(Stats.sd(la), 2) / 6 + Math.pow(Stats.sd(lb), 2) / 6), within(1e-15));
        assertThat(Estimate.unpaired(a.subList(0, 1), b).known()).isFalse();
    }
}
