package org.rpcbench.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class NoncentralTTest {

    /** SciPy 1.17's stats.nct.cdf(t, df, nc) (Boost's noncentral t): t, df, ncp, P(T <= t). */
    static final double[][] REFERENCE = {
        {2.0, 5, 1.0, 0.7780746626162148},
        {1.0, 10, 2.0, 0.15851505953771164},
        {-1.0, 3, 0.5, 0.09212120981435942},
        {3.0, 4, -1.0, 0.9978199145162535},
        {4.0, 11, 3.0, 0.7550914230753842},
        {0.5, 2.5, 0.7, 0.40438784329609906},
        {10.0, 20, 8.0, 0.8429884424419236},
        {-2.0, 7, -3.0, 0.8284542428082415},
        {2.5, 1, 4.0, 0.13739256154197263},
    };

    @Test
    void theCdfMatchesAReferenceImplementation() {
        for (double[] r : REFERENCE) {
            assertThat(NoncentralT.cdf(r[0], r[1], r[2])).as("t=%s df=%s ncp=%s", r[0], r[1], r[2]).isCloseTo(r[3], within(1e-9));
        }
    }

    @Test
    void withoutNoncentralityItIsStudentsT() {
        for (double t : new double[] {-3, -0.5, 0, 1.2, 4}) {
            assertThat(NoncentralT.cdf(t, 6, 0)).isCloseTo(StudentT.cdf(t, 6), within(1e-14));
            // and a vanishing noncentrality goes through the series to the same value
            assertThat(NoncentralT.cdf(t, 6, 1e-9)).isCloseTo(StudentT.cdf(t, 6), within(1e-8));
        }
        assertThat(NoncentralT.normalCdf(1.959963984540054)).isCloseTo(0.975, within(1e-12));
    }

    @Test
    void theCdfMatchesABruteForceSimulation() {
        // T = (Z + δ) / sqrt(χ²_ν / ν), drawn 100,000 times; the empirical CDF within 5 standard errors (0.0016 at most)
        SplittableRandom random = new SplittableRandom(3);
        int draws = 100_000;
        for (double[] c : new double[][] {{3, 2.0}, {11, 4.3}, {5, -1.5}}) {
            int df = (int) c[0];
            double ncp = c[1];
            double[] t = new double[draws];
            for (int i = 0; i < draws; i++) {
                double chi = 0;
                for (int k = 0; k < df; k++) {
                    double z = gaussian(random);
                    chi += z * z;
                }
                t[i] = (gaussian(random) + ncp) / Math.sqrt(chi / df);
            }
            for (double at : new double[] {ncp - 2, ncp - 0.5, ncp, ncp + 1, ncp + 3}) {
                double empirical = (double) java.util.Arrays.stream(t).filter(v -> v <= at).count() / draws;
                double se = Math.sqrt(empirical * (1 - empirical) / draws);
                assertThat(NoncentralT.cdf(at, df, ncp)).as("df=%d ncp=%s at %s", df, ncp, at).isCloseTo(empirical, within(5 * se + 1e-4));
            }
        }
    }

    private static double gaussian(SplittableRandom random) {
        // Box-Muller: SplittableRandom has no nextGaussian on JDK 17
        return Math.sqrt(-2 * Math.log(1 - random.nextDouble())) * Math.cos(2 * Math.PI * random.nextDouble());
    }

    @Test
    void itIsADistribution() {
        assertThat(NoncentralT.cdf(Double.NEGATIVE_INFINITY, 4, 2)).isZero();
        assertThat(NoncentralT.cdf(Double.POSITIVE_INFINITY, 4, 2)).isEqualTo(1);
        assertThat(NoncentralT.cdf(-50, 4, 2)).isLessThan(1e-4);
        assertThat(NoncentralT.cdf(1e4, 4, 2)).isGreaterThan(1 - 1e-6);
        double previous = 0;
        for (double t = -5; t <= 15; t += 0.5) {
            double p = NoncentralT.cdf(t, 4, 3);
            assertThat(p).isGreaterThanOrEqualTo(previous);
            previous = p;
        }
        // a larger noncentrality moves the mass right
        assertThat(NoncentralT.cdf(2, 8, 3)).isLessThan(NoncentralT.cdf(2, 8, 1));
        assertThat(NoncentralT.cdf(2, 8, 30)).isLessThan(1e-12);
    }
}
