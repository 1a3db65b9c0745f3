package org.rpcbench.runs;

import java.util.Collection;
import java.util.Locale;
import org.rpcbench.record.CaseRecord;
import org.rpcbench.record.JitWarmup;
import org.rpcbench.record.RunRecord;

/**
 * The rule, declared before the first run, that bounds each run's warm-up until the JITs are quiet by what the
 * earlier runs of the same comparison recorded, so that its budget goes on runs (fresh JVMs), not on waiting:
 * the first round warms up for at most the user's bound; each later round's runs of a pair, every arm alike, for
 * at most the longest warm-up any earlier run of the pair took, times {@code factor}, plus {@code marginSeconds},
 * at least {@code floorSeconds}, never more than the user's bound. A run whose bound this rule lowered and whose
 * JITs did not go quiet within it is set aside: counted and shown, not judged. It was cut short by the rule, not
 * by the user, and its measured iterations may still see compilation. A run at the user's own bound is judged as
 * any run is (the steady-state rule then leaves out what it can).
 *
 * @param userSeconds the bound the user gave (or the client's default); 0: no warm-up, and nothing to bound
 */
public record WarmupBound(int userSeconds, double factor, int marginSeconds, int floorSeconds) {
    public static final double FACTOR = 1.5;
    public static final int MARGIN_SECONDS = 2;
    /** The JITs are quiet after 2 s without compilation: a bound below this would cut short nearly every warm-up. */
    public static final int FLOOR_SECONDS = 10;

    public WarmupBound {
        if (userSeconds < 0 || !(factor >= 1) || marginSeconds < 0 || floorSeconds < 0) {
            throw new IllegalArgumentException("a warm-up bound needs seconds >= 0 and a factor >= 1");
        }
    }

    /** The rule ab and calibrate declare, under the user's bound. */
    public static WarmupBound of(int userSeconds) {
        return new WarmupBound(userSeconds, FACTOR, MARGIN_SECONDS, FLOOR_SECONDS);
    }

    /** The bound of a pair's next runs, from the warm-ups its earlier runs recorded: the user's when none did. */
    public int next(Collection<RunRecord> earlier) {
        double longest = -1;
        for (RunRecord r : earlier) {
            for (CaseRecord c : r.cases()) {
                for (JitWarmup w : c.jitWarmups()) {
                    longest = Math.max(longest, w.seconds());
                }
            }
        }
        if (longest < 0) {
            return userSeconds;
        }
        long bound = (long) Math.ceil(longest * factor + marginSeconds);
        return (int) Math.min(userSeconds, Math.max(floorSeconds, bound));
    }

    /** Why a run warmed up for at most {@code bound} seconds is set aside, or null when it is judged. */
    public String setAside(RunRecord run, int bound) {
        if (bound >= userSeconds) {
            return null;
        }
        for (CaseRecord c : run.cases()) {
            for (JitWarmup w : c.jitWarmups()) {
                if (!w.quiet()) {
                    return String.format(Locale.ROOT, "its JITs were not quiet within the warm-up bound of %d s (%s: %.1f s)", bound,
                            c.name(), w.seconds());
                }
            }
        }
        return null;
    }

    /** The rule in one line, as ab and calibrate print it before their first run. */
    public String describe() {
        if (userSeconds == 0) {
            return "no warm-up until the JITs are quiet (--steady-warmup 0, or an open loop (--rate), which warms each case up for its"
                    + " fixed --warmup-seconds)";
        }
        if (userSeconds <= floorSeconds) {
            return "warm-up until the JITs are quiet: at most " + userSeconds + " s in every round (at or below the rule's floor of "
                    + floorSeconds + " s, the given bound is never lowered, and no run is set aside)";
        }
        return String.format(Locale.ROOT, "warm-up until the JITs are quiet: at most %d s in round 1; after it, each pair's at most"
                        + " %s x the longest its earlier runs took + %d s, at least %d s, at most %d s; a run whose JITs were not quiet"
                        + " within such a lowered bound is set aside (counted and shown, not judged)", userSeconds,
                trim(factor), marginSeconds, floorSeconds, userSeconds);
    }

    private static String trim(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.valueOf(v);
    }
}
