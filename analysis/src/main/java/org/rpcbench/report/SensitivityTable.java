package org.rpcbench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.rpcbench.analysis.Power;
import org.rpcbench.analysis.Proportion;
import org.rpcbench.analysis.Sensitivity;
import org.rpcbench.analysis.Stats;
import org.rpcbench.analysis.Verdicts;

/**
 * calibrate's figures as text: what was judged, each case's spread, each cost's chance to be seen, the false
 * alarms. The result line ({@link Sensitivity.Result#line}) is the caller's to print last, after what else it has to say.
 */
public final class SensitivityTable {

    private SensitivityTable() {}

    public static List<String> lines(Sensitivity.Result r) {
        List<String> lines = new ArrayList<>();
        Sensitivity.Plan plan = r.plan();
        lines.add(String.format(Locale.ROOT, "calibrate %s: %d rounds of %d runs (no cost, no cost again, %s); an ab of %s holds %d"
                        + " rounds; each budget judged as ab judges, false alarms controlled at %s over the %d tests of the primary"
                        + " family (%s a server CPU test, by its weight)", r.pair(), r.rounds(), plan.costs().size() + 2,
                String.join(", ", plan.costs().values().stream().map(s -> "+" + Sensitivity.share(s)).toList()),
                minutes(plan.abSeconds()), plan.abRounds(), Sensitivity.share(plan.alpha()), r.tests(), level(r.testAlpha())));
        lines.add("budgets: " + r.resampledBudgets() + " (resampled: they overlap, so they are no independent trials); "
                + (r.disjoint() == 0 ? "no disjoint budget of " + plan.abRounds() + " rounds in " + r.rounds()
                : r.disjoint() + " disjoint budget" + (r.disjoint() == 1 ? "" : "s") + " of consecutive rounds (independent trials)"));
        if (!plan.rotation().isEmpty()) {
            lines.add("each round's costs went into one case, in turn (" + String.join(", ", plan.rotation().stream()
                    .map(g -> String.join("+", g)).toList()) + ", from round 1): a case's cost is measured and judged on the rounds that"
                    + " carried it, as an ab of one changed case would be");
        }
        lines.add("spread of one round's log ratio of server CPU/call, no cost against no cost again, with its 95 % interval:");
        for (Sensitivity.Spread s : r.spreads()) {
            lines.add(String.format(Locale.ROOT, "  %-12s %s [%s, %s] over %d rounds", s.caseName(), pct(s.sd()), pct(s.low()), pct(s.high()),
                    s.rounds()));
        }
        String format = "%-7s %-12s %-26s %-22s %-16s %s";
        lines.add(String.format(Locale.ROOT, format, "cost", "case", "measured change (95 %)", "seen: model [95 %]", "seen: resampled",
                "seen: disjoint [95 %]"));
        for (Sensitivity.Seen s : r.seen()) {
            Stats.Interval m = s.measuredInterval();
            lines.add(String.format(Locale.ROOT, format, "+" + Sensitivity.share(s.share()), s.caseName(),
                    Verdicts.percent(s.measured()) + (m.known() ? " [" + Verdicts.percent(m.low()) + ", " + Verdicts.percent(m.high()) + "]"
                            : ""), figure(s.model()), s.resampled() + " of " + s.budgets(), proportion(s.disjoint())));
        }
        lines.add(String.format(Locale.ROOT, "false alarms (no cost against no cost again, anything flagged in the primary family): %d of %d"
                + " resampled budgets; %s disjoint", r.falseAlarmsResampled(), r.resampled(), proportion(r.falseAlarms())));
        for (Sensitivity.Least l : r.least()) {
            lines.add(String.format(Locale.ROOT, "+%s in one case: seen with probability %s by an ab of %d rounds in the least sensitive"
                    + " case%s (the model, at %s a test)", Sensitivity.share(l.share()), figure(l.model()), plan.abRounds(),
                    l.caseName() == null ? "" : ", " + l.caseName(), level(r.testAlpha())));
        }
        return lines;
    }

    private static String figure(Power.Figure f) {
        return f.known() ? Sensitivity.share(f.probability()) + " [" + Sensitivity.share(f.low()) + ", " + Sensitivity.share(f.high()) + "]"
                : "n/a";
    }

    private static String proportion(Proportion p) {
        return p.of() == 0 ? "none" : p.count() + " of " + p.of() + " [" + Sensitivity.share(p.low()) + ", " + Sensitivity.share(p.high()) + "]";
    }

    /** A per-test level, to three figures: "1.25 %". */
    private static String level(double alpha) {
        return Double.isFinite(alpha) ? String.format(Locale.ROOT, "%.3g %%", 100 * alpha) : "n/a";
    }

    private static String pct(double logSd) {
        return String.format(Locale.ROOT, "%.1f %%", 100 * logSd);
    }

    private static String minutes(long seconds) {
        return seconds % 60 == 0 ? seconds / 60 + " min" : seconds + " s";
    }
}
