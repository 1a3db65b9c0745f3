package org.rpcbench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class SignificanceTest {

    @Test
    void separatedSamplesGiveTheSmallestExactPValue() {
        double[] base = {100, 101, 99, 100.5, 99.5};
        double[] slower = {80, 81, 79, 80.5, 79.5};
        Significance.Result r = Significance.compare(base, slower);
        assertThat(r.change()).isCloseTo(-0.2, within(1e-9));
        // of the 252 ways to split 10 values 5 and 5, only this one and its mirror are as extreme
        assertThat(r.p()).isCloseTo(2.0 / 252, within(1e-12));
        assertThat(r.low()).isLessThan(-0.19);
        assertThat(r.high()).isGreaterThan(r.change()).isLessThan(r.change() + 0.02);
    }

    @Test
    void overlappingSamplesAreNotSignificant() {
        double[] a = {100, 104, 97, 102, 99, 101};
        double[] b = {101, 98, 103, 100, 97, 102};
        Significance.Result r = Significance.compare(a, b);
        assertThat(r.p()).isGreaterThan(0.5);
        assertThat(r.low()).isNegative();
        assertThat(r.high()).isPositive();
    }

    @Test
    void manySamplesAreTestedOnASampleOfArrangementsWithTheSameAnswerEachTime() {
        double[] a = new double[40];
        double[] b = new double[40];
        for (int i = 0; i < 40; i++) {
            a[i] = 1000 + (i % 7) * 10;
            b[i] = 950 + (i % 7) * 10;
        }
        assertThat(Significance.binomial(80, 40)).isGreaterThan(Significance.EXACT_LIMIT);
        Significance.Result r = Significance.compare(a, b);
        assertThat(r.p()).isLessThan(0.001);
        assertThat(Significance.compare(a, b)).isEqualTo(r);
        assertThat(Significance.compare(a, a.clone()).p()).isEqualTo(1.0);
    }

    @Test
    void threeIterationsASideCanNeverBeSignificantFourCan() {
        assertThat(Significance.smallestP(3, 3)).isEqualTo(0.1);
        assertThat(Significance.smallestP(4, 4)).isCloseTo(2.0 / 70, within(1e-12));
        assertThat(Significance.compare(new double[] {10, 10, 10}, new double[] {1, 1, 1}).p()).isEqualTo(0.1);
    }

    @Test
    void oneSampleIsNotEnough() {
        assertThatThrownBy(() -> Significance.compare(new double[] {1}, new double[] {1, 2}))
                .hasMessageContaining("at least 2 samples");
    }
}
