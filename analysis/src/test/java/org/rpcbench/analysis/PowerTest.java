package org.rpcbench.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class PowerTest {

    @Test
    void theChanceToSeeMatchesAReferenceImplementation() {
        // SciPy 1.17: nct.sf(t.ppf(1 - a / 2, df), df, ncp)
        assertThat(Power.seen(3.0, 11, 0.05 / 8)).isCloseTo(0.4077948233343771, within(1e-8));
        assertThat(Power.seen(2.0, 4, 0.05)).isCloseTo(0.3358109303638076, within(1e-8));
        assertThat(Power.seen(5.0, 11, 0.05 / 8)).isCloseTo(0.9167933501474431, within(1e-8));
        assertThat(Power.seen(1.0, 30, 0.05)).isCloseTo(0.16066868781756172, within(1e-8));
        // a change down is seen as often as the same change up
        assertThat(Power.seen(-3.0, 11, 0.05 / 8)).isCloseTo(Power.seen(3.0, 11, 0.05 / 8), within(1e-12));
        // no change is "seen" (flagged upward) half the test's level
        assertThat(Power.seen(0, 9, 0.05)).isCloseTo(0.025, within(1e-10));
    }

    @Test
    void theNoncentralityOfAPowerIsFoundAgain() {
        // SciPy 1.17: the ncp with nct.sf(t.ppf(1 - a / 2, df), df, ncp) = 0.8, by brentq
        assertThat(Power.ncp(0.8, 11, 0.05 / 8)).isCloseTo(4.324265515584321, within(1e-7));
        assertThat(Power.ncp(0.8, 4, 0.05)).isCloseTo(3.7610602610043022, within(1e-7));
        assertThat(Power.ncp(0.8, 3, 0.05 / 16)).isCloseTo(11.024870935500598, within(1e-6));
        assertThat(Power.seen(Power.ncp(0.9, 7.5, 0.01), 7.5, 0.01)).isCloseTo(0.9, within(1e-8));
        // with many degrees of freedom it is the normal's z(1 - a/2) + z(power)
        assertThat(Power.ncp(0.8, 1e6, 0.05)).isCloseTo(1.959964 + 0.841621, within(1e-3));
    }

    @Test
    void aMeasuredSpreadGivesAPowerWithAnIntervalThatNarrowsWithMoreRounds() {
        // a round's log ratio with sd 5 %, an ab of 12 rounds, +10 %, at 5 % over 8 tests
        Power.Figure few = Power.ofSpread(Math.log(1.10), 0.05, 5, 12, 0.05 / 8, 0.95);
        Power.Figure many = Power.ofSpread(Math.log(1.10), 0.05, 60, 12, 0.05 / 8, 0.95);
        double ncp = Math.log(1.10) / (0.05 / Math.sqrt(12));
        assertThat(few.probability()).isCloseTo(Power.seen(ncp, 11, 0.05 / 8), within(1e-12));
        assertThat(many.probability()).isEqualTo(few.probability());
        assertThat(few.low()).isLessThan(many.low()).isLessThan(many.probability());
        assertThat(few.high()).isGreaterThan(many.high()).isGreaterThan(many.probability());
        // the low end is the power at the chi-square interval's largest sd
        double sdHigh = 0.05 * Math.sqrt(5 / ChiSquare.quantile(0.025, 5));
        assertThat(few.low()).isCloseTo(Power.seen(Math.log(1.10) / (sdHigh / Math.sqrt(12)), 11, 0.05 / 8), within(1e-12));
        assertThat(Power.ofSpread(0.1, 0.05, 5, 2, 0.05, 0.95).known()).isFalse();
    }
}
