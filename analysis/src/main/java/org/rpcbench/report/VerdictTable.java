package org.rpcbench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import org.rpcbench.analysis.Failed;
import org.rpcbench.analysis.Verdicts;
import org.rpcbench.analysis.Verdicts.Row;

/**
 * A comparison's verdicts as a table: per pair, case and metric, baseline and candidate (geometric means over the
 * rounds the change is estimated from, so that their ratio is the change), the change with its interval, and the
 * verdict; a "no change" says how large a change, up and down, the comparison would have seen. As text for the
 * terminal and Markdown for a CI step summary.
 */
public final class VerdictTable {

    private VerdictTable() {}

    private static final String[] HEADER = {"pair", "case", "metric", "baseline", "candidate", "change", "interval", "verdict"};

    public static String text(Verdicts.Family family, String baselineName, String candidateName) {
        List<String[]> rows = rows(family);
        int[] width = new int[HEADER.length];
        for (String[] r : concat(rows)) {
            for (int i = 0; i < r.length; i++) {
                width[i] = Math.max(width[i], r[i].length());
            }
        }
        StringBuilder out = new StringBuilder(legend(family, baselineName, candidateName)).append('\n');
        for (String[] r : concat(rows)) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < r.length; i++) {
                boolean left = i < 3 || i == r.length - 1;
                line.append(String.format(Locale.ROOT, "%" + (left ? "-" : "") + width[i] + "s", r[i])).append("  ");
            }
            out.append(line.toString().stripTrailing()).append('\n');
        }
        return out.toString();
    }

    public static String markdown(Verdicts.Family family, String baselineName, String candidateName) {
        StringBuilder out = new StringBuilder(legend(family, baselineName, candidateName)).append("\n\n| ")
                .append(String.join(" | ", HEADER)).append(" |\n|---|---|---|---:|---:|---:|---:|---|\n");
        for (String[] r : rows(family)) {
            out.append("| ").append(String.join(" | ", r)).append(" |\n");
        }
        out.append(roundsMarkdown(family));
        return out.toString();
    }

    /** Each paired row's rounds, as changes to two places: the spread its interval comes from, there to check. */
    static String roundsMarkdown(Verdicts.Family family) {
        List<Row> paired = family.rows().stream().filter(r -> !r.input().roundLogRatios().isEmpty()).toList();
        if (paired.isEmpty()) {
            return "";
        }
        StringBuilder out = new StringBuilder("\neach round's change, candidate / baseline, in the order the rounds ran: the rounds each"
                + " estimate rests on, whose spread its interval comes from\n\n| pair | case | metric | rounds |\n|---|---|---|---|\n");
        for (Row r : paired) {
            Verdicts.Input in = r.input();
            out.append("| ").append(in.pair()).append(" | ").append(in.caseName()).append(" | ").append(in.metric().label()).append(" | ")
                    .append(in.roundLogRatios().stream().map(d -> String.format(Locale.ROOT, "%+.2f %%", 100 * Math.expm1(d)))
                            .collect(Collectors.joining(", "))).append(" |\n");
        }
        return out.toString();
    }

    static String legend(Verdicts.Family family, String baselineName, String candidateName) {
        String failed = family.failed().isEmpty() ? "" : String.format(Locale.ROOT, "%d run(s) FAILED and gave nothing to judge:"
                + " the comparison cannot pass; ", family.failed().stream().map(f -> f.side() + " " + f.round() + " " + f.pair())
                .distinct().count());
        String inconclusive = family.see() > 0 ? String.format(Locale.ROOT, ". A primary result not flagged must have been able to"
                + " see ±%s %%: one whose \"could have seen\" is wider is INCONCLUSIVE (%d here), neither a change nor \"no change\","
                + " and the comparison cannot pass.", percentText(100 * family.see()), family.inconclusive()) : "";
        return failed + String.format(Locale.ROOT, "candidate (%s) against baseline (%s): geometric means over the rounds the change"
                + " is estimated from; change = candidate / baseline, the mean of the rounds' log ratios, each case on its own (paired"
                + " t, rounds - 1 degrees of freedom). The verdict is the primary family's: server CPU and allocated bytes per call"
                + " over the cases (%d tested, %d flagged), false alarms controlled over them by weighted Benjamini-Hochberg at %s %%"
                + " (each allocation test with " + org.rpcbench.analysis.Metric.SERVER_ALLOC.alphaShare() + " of a CPU test's share of"
                + " it), each interval at its test's level; SLOWER means a higher cost. Throughput, p99 and the client's costs are context,"
                + " a family of their own judged alike (%d tested, %d flagged): worse or better, never deciding the verdict. A"
                + " \"no change\" gives the change, up and down, it would have seen nine times in ten at its test's level",
                candidateName, baselineName, family.tested(), family.flagged(), percentText(100 * family.alpha()), family.context().tested(),
                family.context().flagged()) + inconclusive;
    }

    private static List<String[]> rows(Verdicts.Family family) {
        List<String[]> rows = new ArrayList<>(failedRows(family.failed()));
        for (Row r : family.rows()) {
            var in = r.input();
            String interval = r.interval().known() ? String.format(Locale.ROOT, "[%s, %s] at %s", Verdicts.percent(r.interval().low()),
                    Verdicts.percent(r.interval().high()), level(r.level())) : "";
            Verdicts.Reach reach = r.couldHaveSeen();
            String verdict = r.verdict() + (reach == null ? "" : String.format(Locale.ROOT, "; could have seen %+.1f %% / %+.1f %%",
                    100 * reach.up(), 100 * reach.down())) + (r.inconclusive() ? ", not ±" + percentText(100 * family.see()) + " %" : "");
            rows.add(new String[] {in.pair(), in.caseName(), in.metric().label(), value(in.baseline(), in.metric().unit()),
                value(in.candidate(), in.metric().unit()), in.estimate().known() ? Verdicts.percent(in.estimate().ratio())
                        : Verdicts.percent(in.candidate() / in.baseline()), interval, verdict});
        }
        return rows;
    }

    /**
     * A row per pair, case and side that failed: in how many rounds, the first reason and its log. They come
     * first, because the rest of the table is judged without them.
     */
    static List<String[]> failedRows(List<Failed> failed) {
        Map<List<String>, List<Failed>> grouped = new LinkedHashMap<>();
        for (Failed f : failed) {
            grouped.computeIfAbsent(List.of(f.pair(), f.caseName(), f.side()), k -> new ArrayList<>()).add(f);
        }
        List<String[]> rows = new ArrayList<>();
        grouped.forEach((key, runs) -> {
            Failed first = runs.get(0);
            String rounds = runs.stream().map(f -> String.valueOf(f.round())).distinct().collect(Collectors.joining(", "));
            boolean baseline = first.side().equals("baseline");
            rows.add(new String[] {first.pair(), first.caseName(), "every metric", baseline ? "FAILED" : "", baseline ? "" : "FAILED", "",
                "", "FAILED (" + first.side() + ", round" + (runs.size() == 1 ? " " : "s ") + rounds + "): " + first.reason()
                        + (first.log() == null ? "" : "; log: " + first.log())});
        });
        return rows;
    }

    /** A false-alarm rate in percent, to two places and no trailing zeros: 5, 0.1. */
    public static String percentText(double percent) {
        return new java.math.BigDecimal(String.format(Locale.ROOT, "%.2f", percent)).stripTrailingZeros().toPlainString();
    }

    private static String level(double level) {
        double percent = 100 * level;
        return percent >= 99.95 ? String.format(Locale.ROOT, "%.2f %%", percent) : String.format(Locale.ROOT, "%.1f %%", percent);
    }

    static String value(double v, String unit) {
        if (!Double.isFinite(v)) {
            return "n/a";
        }
        String format = v >= 1000 ? "%.0f %s" : v >= 10 ? "%.1f %s" : "%.3f %s";
        return String.format(Locale.ROOT, format, v, unit);
    }

    private static List<String[]> concat(List<String[]> rows) {
        List<String[]> all = new ArrayList<>();
        all.add(HEADER);
        all.addAll(rows);
        return all;
    }
}
