package org.rpcbench.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class RoundSizingTest {

    @Test
    void theRoundsFoundAreTheFewestWhoseReachIsWithinTheTarget() {
        for (double sd : new double[] {0.03, 0.07, 0.15}) {
            int n = RoundSizing.rounds(sd, 0.05 / 8, 0.10, RoundSizing.PILOT);
            assertThat(n).isGreaterThan(RoundSizing.PILOT).isLessThanOrEqualTo(RoundSizing.MOST);
            assertThat(RoundSizing.reach(sd, 0.05 / 8, n)).isLessThanOrEqualTo(0.10);
            assertThat(RoundSizing.reach(sd, 0.05 / 8, n - 1)).isGreaterThan(0.10);
        }
        // a wider spread, a stricter level or a smaller target: more rounds
        assertThat(RoundSizing.rounds(0.08, 0.05 / 8, 0.10, 4)).isGreaterThan(RoundSizing.rounds(0.06, 0.05 / 8, 0.10, 4));
        assertThat(RoundSizing.rounds(0.06, 0.05 / 16, 0.10, 4)).isGreaterThan(RoundSizing.rounds(0.06, 0.05 / 8, 0.10, 4));
        assertThat(RoundSizing.rounds(0.06, 0.05 / 8, 0.05, 4)).isGreaterThan(RoundSizing.rounds(0.06, 0.05 / 8, 0.10, 4));
    }

    @Test
    void aPilotThatAlreadySeesTheTargetNeedsNoMoreRoundsAndOneThatNeverCanSaysSo() {
        assertThat(RoundSizing.rounds(0.001, 0.05, 0.10, 4)).isEqualTo(4);
        assertThat(RoundSizing.rounds(0, 0.05, 0.10, 6)).isEqualTo(6);
        assertThat(RoundSizing.rounds(2.0, 0.05 / 8, 0.01, 4)).isEqualTo(RoundSizing.MOST + 1);
        assertThatThrownBy(() -> RoundSizing.rounds(0.05, 0.05, 0, 4)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theReachIsWhatAVerdictSaysItCouldHaveSeen() {
        SplittableRandom r = new SplittableRandom(3);
        Verdicts.Family f = Verdicts.judge(FamilySimulationTest.comparison(6, 1.0, r), 0.05, 0);
        int checked = 0;
        for (Verdicts.Row row : f.rows()) {
            if (row.couldHaveSeen() != null) {
                Estimate e = row.input().estimate();
                assertThat(RoundSizing.reach(e.sd(), row.testAlpha(), e.rounds())).isCloseTo(row.couldHaveSeen().up(), within(1e-12));
                checked++;
            }
        }
        assertThat(checked).isPositive();
    }

    @Test
    void thePilotIsSizedByTheTestedPrimaryResultThatNeedsTheMostRounds() {
        SplittableRandom r = new SplittableRandom(5);
        Verdicts.Family pilot = Verdicts.judge(FamilySimulationTest.comparison(RoundSizing.PILOT, 1.0, r), 0.05, 0);
        RoundSizing.Need need = RoundSizing.of(pilot, 0.10);
        int most = 0;
        for (Verdicts.Row row : pilot.rows()) {
            if (row.tested() && row.input().metric().primary()) {
                most = Math.max(most, RoundSizing.rounds(row.input().estimate().sd(), row.testAlpha(), 0.10, RoundSizing.PILOT));
            }
        }
        assertThat(need.rounds()).isEqualTo(most).isGreaterThan(RoundSizing.PILOT);
        assertThat(need.row()).matches("p case[0-3] server CPU/call");
        assertThat(need.reachNow()).isGreaterThan(0.10);
        // nothing tested, nothing sized
        assertThat(RoundSizing.of(Verdicts.judge(FamilySimulationTest.comparison(2, 1.0, r), 0.05, 0), 0.10)).isNull();
    }

    /**
     * The design as ab runs it, on FamilySimulationTest's rounds (cases that share their runs): a pilot, the rounds
     * decided from it once, then the verdict on all of them. With nothing changed, the primary family raises a false
     * alarm at most alpha of the time (within three standard errors); with every case's server CPU 10 % dearer, a
     * case's change is flagged at least as often as the "could have seen" it was sized by promises (80 %). Here:
     * 4.75 % false alarms, +10 % in case0 flagged 94 % of the time, 15.8 rounds on average (the pilot alone: 4).
     */
    @Test
    void roundsSizedFromAPilotKeepTheFalseAlarmRateAndSeeTheTarget() {
        double alpha = 0.05;
        double target = 0.10;
        int comparisons = 2000;
        int cap = 40;
        for (double change : new double[] {1.0, 1.0 + target}) {
            SplittableRandom r = new SplittableRandom(change == 1.0 ? 11 : 12);
            int flagged = 0;
            int seen = 0;
            List<Integer> sizes = new ArrayList<>();
            for (int t = 0; t < comparisons; t++) {
                var runs = FamilySimulationTest.runs(cap, change, r);
                RoundSizing.Need need = RoundSizing.of(Verdicts.judge(FamilySimulationTest.inputs(runs, RoundSizing.PILOT), alpha, 0), target);
                int rounds = Math.min(cap, need.rounds());
                sizes.add(rounds);
                Verdicts.Family f = Verdicts.judge(FamilySimulationTest.inputs(runs, rounds), alpha, 0);
                flagged += f.primary().flagged() > 0 ? 1 : 0;
                seen += f.rows().stream().anyMatch(row -> row.input().caseName().equals("case0") && row.slower()) ? 1 : 0;
            }
            double meanRounds = sizes.stream().mapToInt(Integer::intValue).average().orElseThrow();
            assertThat(meanRounds).as("rounds decided").isBetween(RoundSizing.PILOT + 2.0, cap - 5.0);
            if (change == 1.0) {
                assertThat((double) flagged / comparisons).as("false alarms, %.1f rounds on average", meanRounds)
                        .isLessThanOrEqualTo(alpha + FamilySimulationTest.margin(alpha, comparisons));
            } else {
                assertThat((double) seen / comparisons).as("+10 %% seen in case0, %.1f rounds on average", meanRounds)
                        .isGreaterThanOrEqualTo(Power.POWER - FamilySimulationTest.margin(Power.POWER, comparisons));
            }
        }
    }
}
