package org.rpcbench.analysis;

/**
 * How many rounds a comparison needs to see a change of a given size, decided from its own first rounds (an
 * internal pilot, after Wittes and Brittain, 1990). How far runs spread depends on the machine and the hour, so a
 * fixed budget sees 10 % on a quiet day and 20 % on a busy one; sized this way, the time moves instead.
 *
 * <p>After the pilot, each tested primary result's spread between rounds gives the rounds at which its "could
 * have seen" ({@link Verdicts.Row#couldHaveSeen}) reaches the target; the comparison runs to the largest of
 * them. Halfway there ({@link #halfway}) it is sized once more, the same way, from every round done: a pilot's
 * spread has 3 degrees of freedom, so sized from it alone a case as noisy as the noisiest is seen less often than
 * promised (80 % at a promised 90 %, in RoundSizingTest's simulation of one case changed, the noisiest), and the
 * largest of several such spreads oversizes the quiet ones; halfway, the spread has about half the final degrees of
 * freedom, which brings the power to what is promised (each spread taken median-unbiased: {@link #medianUnbiased}).
 * In RoundSizingTest, with the CPU tests' weighted level: 91 to 92 % seen after about 35 rounds on average. The comparison is then judged as any other. Deciding twice, at points fixed in advance and from the spread
 * alone, never from the estimate, keeps the false-alarm rate at the test's (RoundSizingTest measures it); going on
 * until the spread happened to look small enough would stop on the rounds that understate it, and flag more than
 * the level says.
 */
public final class RoundSizing {
    /** Rounds before the decision: three are the fewest a spread comes from, and a fourth steadies it a little. */
    public static final int PILOT = 4;
    /** Where the search for a number of rounds ends: beyond it, the target is out of reach of any budget. */
    public static final int MOST = 1000;

    private RoundSizing() {}

    /**
     * What the pilot decided.
     *
     * @param rounds the rounds the comparison needs in all (at least the pilot's; {@link #MOST} + 1 when out of reach)
     * @param row the result that needs the most rounds: "pair case metric"
     * @param sd the spread of that result's log ratio between rounds, in the pilot
     * @param reachNow what that result could have seen with the pilot's rounds, as a share
     * @param judged the rounds that result was judged on in the pilot (a round whose run failed or was set aside is not)
     */
    public record Need(int rounds, String row, double sd, double reachNow, int judged) {

        /** Out of reach: more rounds than {@link #MOST}. */
        public boolean outOfReach() {
            return rounds > MOST;
        }
    }

    /**
     * The change (a share, upward: the larger side) that a paired t test of {@code rounds} rounds, at per-test level
     * {@code testAlpha}, flags {@link Power#POWER} of the time when one round's log ratio spreads by {@code sd}: what
     * a "no change" says it could have seen.
     */
    public static double reach(double sd, double testAlpha, int rounds) {
        return Math.expm1(Power.ncp(Power.POWER, rounds - 1, testAlpha) * sd / Math.sqrt(rounds));
    }

    /**
     * A spread estimated with {@code df} degrees of freedom, made median-unbiased: s·√(df / χ²(0.5, df)). The sample
     * standard deviation falls below the true spread more often than above it (its square is unbiased, and skewed),
     * so rounds sized from it alone see less often than promised; this is the spread that errs either way alike
     * (Browne, 1995, uses such bounds of a pilot's spread). At the pilot's 3 degrees of freedom it is s × 1.13, at 15
     * s × 1.02.
     */
    static double medianUnbiased(double sd, int df) {
        return df > 0 ? sd * Math.sqrt(df / ChiSquare.quantile(0.5, df)) : sd;
    }

    /**
     * The round at which a comparison sized to {@code decided} rounds after a pilot of {@code pilot} rounds is sized
     * again: halfway from the pilot's end to the rounds decided; 0 when there is no round between (nothing to gain).
     */
    public static int halfway(int pilot, int decided) {
        return decided > pilot + 1 && decided <= MOST ? pilot + (decided - pilot + 1) / 2 : 0;
    }

    /**
     * The design on rounds already drawn, as ab runs it (a simulation's view of {@code PilotSizing}): sized after
     * {@link #PILOT} rounds, sized again at {@link #halfway}, at most {@code cap} rounds.
     *
     * @param firstRounds the family judged on the first k rounds
     */
    public static int design(java.util.function.IntFunction<Verdicts.Family> firstRounds, double target, int cap) {
        Need need = of(firstRounds.apply(PILOT), target);
        int decided = Math.min(cap, need == null ? PILOT : need.rounds());
        int half = halfway(PILOT, decided);
        if (half > 0) {
            Need again = of(firstRounds.apply(half), target);
            decided = Math.min(cap, Math.max(half, again == null ? decided : again.rounds()));
        }
        return decided;
    }

    /** The fewest rounds, {@code atLeast} or more, whose {@link #reach} is within {@code target}; {@link #MOST} + 1 if none is. */
    public static int rounds(double sd, double testAlpha, double target, int atLeast) {
        if (!(target > 0)) {
            throw new IllegalArgumentException("a target change must be above 0, got " + target);
        }
        int n = Math.max(atLeast, Estimate.MIN_ROUNDS);
        if (sd == 0) {
            return n;
        }
        for (; n <= MOST; n++) {
            if (reach(sd, testAlpha, n) <= target) {
                return n;
            }
        }
        return MOST + 1;
    }

    /**
     * The rounds a comparison needs, from its family judged on the pilot's rounds: the most any tested primary
     * result needs at its per-test level; null when no primary result could be tested.
     */
    public static Need of(Verdicts.Family pilot, double target) {
        Need most = null;
        for (Verdicts.Row row : pilot.rows()) {
            if (!row.tested() || !row.input().metric().primary()) {
                continue;
            }
            Estimate e = row.input().estimate();
            int n = rounds(medianUnbiased(e.sd(), e.rounds() - 1), row.testAlpha(), target, e.rounds());
            if (most == null || n > most.rounds()) {
                most = new Need(n, row.input().pair() + " " + row.input().caseName() + " " + row.input().metric().label(), e.sd(),
                        reach(e.sd(), row.testAlpha(), e.rounds()), e.rounds());
            }
        }
        return most;
    }
}
