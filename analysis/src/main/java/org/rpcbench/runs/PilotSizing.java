package org.rpcbench.runs;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import org.rpcbench.analysis.RoundSizing;
import org.rpcbench.analysis.Verdicts;

/**
 * ab's rounds sized by {@code --see}: once {@link RoundSizing#PILOT} rounds are done, the rounds the target needs
 * (judged as the verdict will judge them), said on one line; sized once more halfway there ({@link RoundSizing#halfway}),
 * from every round done, said on another; both kept for the verdict's head.
 */
public final class PilotSizing implements Interleaved.Sizing {
    private final double target;
    private final double alpha;
    private final List<String> pairs;
    private final PrintStream out;
    private int decided;
    /** The round after which the rounds are sized again; 0: not (yet, or ever). */
    private int halfway;
    private String said;

    /**
     * @param target the change to see, as a share (0.10)
     * @param alpha the family's false-alarm rate, as the verdict takes it (the verdict's --threshold only names its
     *     rows: which results are tested, and at what level, does not depend on it, so the pilot judges without it)
     */
    public PilotSizing(double target, double alpha, List<String> pairs, PrintStream out) {
        this.target = target;
        this.alpha = alpha;
        this.pairs = List.copyOf(pairs);
        this.out = out;
    }

    @Override
    public int rounds(List<Interleaved.Round> done) {
        if (halfway > 0 && done.size() == halfway) {
            return again(done);
        }
        if (decided > 0 || done.size() < RoundSizing.PILOT) {
            return decided;
        }
        Verdicts.Family pilot = Verdicts.judge(PairedRounds.inputs(done, "baseline", "candidate", pairs), alpha, 0);
        RoundSizing.Need need = RoundSizing.of(pilot, target);
        if (need == null) {
            return 0; // no primary result could be judged yet (runs failed or were set aside): the next round may tell
        }
        String see = "±" + number(100 * target) + " %";
        if (need.outOfReach()) {
            decided = Integer.MAX_VALUE;
            said = String.format(Locale.ROOT, "sized after %d rounds: %s is out of reach (over %d rounds: %s spreads %s a round);"
                    + " running until the budget ends", done.size(), see, RoundSizing.MOST, need.row(), percent(Math.expm1(need.sd())));
        } else {
            // rounds whose runs failed or were set aside are not judged: the ones to come must make up for them
            decided = done.size() + Math.max(0, need.rounds() - need.judged());
            int half = RoundSizing.halfway(done.size(), decided);
            halfway = half;
            said = String.format(Locale.ROOT, "sized after %d rounds for %s: %s (its rounds spread %s; %d rounds could see +%s) needs"
                    + " %d; running to %d rounds, within the budget%s", done.size(), see, need.row(), percent(Math.expm1(need.sd())),
                    need.judged(), percent(need.reachNow()), need.rounds(), decided,
                    half > 0 ? ", sized again after round " + half : "");
        }
        out.println("benchmark.sh: ab: " + said);
        return decided;
    }

    /** Halfway: sized once more from every round done, never below them; said, and kept for the verdict's head. */
    private int again(List<Interleaved.Round> done) {
        halfway = 0;
        RoundSizing.Need need = RoundSizing.of(Verdicts.judge(PairedRounds.inputs(done, "baseline", "candidate", pairs), alpha, 0), target);
        if (need == null) {
            return decided;
        }
        int was = decided;
        decided = need.outOfReach() ? Integer.MAX_VALUE : Math.max(done.size(), done.size() + need.rounds() - need.judged());
        String line = String.format(Locale.ROOT, "sized again after %d rounds for ±%s %%: %s (its rounds spread %s) needs %s; running"
                + " to %s rounds (was %d)", done.size(), number(100 * target), need.row(), percent(Math.expm1(need.sd())),
                need.outOfReach() ? "more than " + RoundSizing.MOST : String.valueOf(need.rounds()),
                need.outOfReach() ? "the budget's" : String.valueOf(decided), was);
        said = said + "; " + line;
        out.println("benchmark.sh: ab: " + line);
        return decided;
    }

    /** What the pilot decided, for the verdict's head; null before it decided. */
    public String said() {
        return said;
    }

    /** A percentage as given: "10", "7.5". */
    public static String number(double percent) {
        return java.math.BigDecimal.valueOf(percent).stripTrailingZeros().toPlainString();
    }

    private static String percent(double share) {
        return String.format(Locale.ROOT, "%.1f %%", 100 * share);
    }
}
