package org.rpcbench.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

class ChangePointsTest {

    static double[] series(long seed, double... levels) {
        Random r = new Random(seed);
        double[] x = new double[levels.length * 10];
        for (int i = 0; i < x.length; i++) {
            x[i] = levels[i / 10] * (1 + 0.02 * r.nextGaussian());
        }
        return x;
    }

    @Test
    void aStepIsFoundWhereItIs() {
        assertThat(ChangePoints.find(series(1, 100, 90))).containsExactly(10);
    }

    @Test
    void twoStepsAreBothFound() {
        assertThat(ChangePoints.find(series(2, 100, 90, 100))).containsExactly(10, 20);
    }

    @Test
    void noiseAloneHasNoChangePoint() {
        assertThat(ChangePoints.find(series(3, 100, 100, 100))).isEmpty();
    }

    @Test
    void aSlowCreepShowsEvenThoughNoNightCrossesAThreshold() {
        double[] x = new double[40];
        Random r = new Random(4);
        for (int i = 0; i < x.length; i++) {
            x[i] = 100 * (1 - 0.004 * i) * (1 + 0.01 * r.nextGaussian()); // 0.4 % a night, 15 % in all
        }
        assertThat(ChangePoints.find(x)).isNotEmpty();
    }

    @Test
    void aShortSeriesIsNotSplit() {
        assertThat(ChangePoints.find(new double[] {1, 2, 3, 100, 100})).isEmpty();
    }
}
