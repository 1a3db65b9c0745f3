package org.rpcbench.report;

import java.util.ArrayList;
import java.util.List;
import org.rpcbench.analysis.Stats;
import org.rpcbench.record.CaseRecord;
import org.rpcbench.report.ReportTable.Cell;
import org.rpcbench.report.ReportTable.Row;

/**
 * Each pair's share of the seed's reference pair in one column of a suite: ours, the ratio of the medians of
 * calls answered right, and the seed's, the ratio of its published figures. The seeds ran on other hosts, so
 * their absolute figures cannot be set beside ours; their shares can, and show whether the shape (who leads,
 * by how much) was reproduced. Rows of the seed's that no pair runs have the seed's share only.
 *
 * @param column the table's column (a case, or a case at one concurrency)
 * @param labels the pairs, then the seed's rows without a pair
 * @param ours our share per label, null where it cannot be taken (a failed or missing cell, here or the reference's)
 * @param intervals per label, the pair's 95 % interval of its median over the rounds divided by the reference's
 *     median, or null where the rounds gave none: the reference's own interval shows its spread
 * @param seed the seed's share per label, or null where the seed published no figure
 */
record Shares(String column, List<String> labels, List<Double> ours, List<Stats.Interval> intervals, List<Double> seed) {

    /** How a seed's row that no pair runs is labelled. */
    static String seedOnly(String row) {
        return row + " (seed only)";
    }

    /** One per column in which the seed published a figure; none without a seed. */
    static List<Shares> of(ReportTable table, SeedFigures figures) {
        List<Shares> all = new ArrayList<>();
        if (figures == null) {
            return all;
        }
        Row reference = table.rows().stream().filter(r -> r.pair().equals(figures.reference())).findFirst().orElse(null);
        for (String column : table.columns()) {
            String seedCase = SuiteTable.seedCase(figures, column);
            if (figures.figures().stream().noneMatch(f -> f.caseName().equals(seedCase))) {
                continue;
            }
            Cell ref = reference == null ? null : reference.cells().get(column);
            double refMedian = ref == null || ref.failed() ? Double.NaN : ref.median(CaseRecord::answered);
            double seedRef = figures.figure(figures.reference(), seedCase);
            List<String> labels = new ArrayList<>();
            List<Double> ours = new ArrayList<>();
            List<Stats.Interval> intervals = new ArrayList<>();
            List<Double> seed = new ArrayList<>();
            for (Row row : table.rows()) {
                Cell mine = row.cells().get(column);
                double share = SuiteTable.share(mine, ref);
                Stats.Interval spread = Double.isNaN(share) ? Stats.Interval.UNKNOWN : mine.interval(CaseRecord::answered);
                labels.add(table.label(row));
                ours.add(finite(share));
                intervals.add(spread.known() ? new Stats.Interval(spread.low() / refMedian, spread.high() / refMedian) : null);
                seed.add(finite(figures.figure(row.pair(), seedCase) / seedRef));
            }
            for (String row : figures.unpairedRows()) {
                SeedFigures.Figure f = figures.ofRow(row, seedCase);
                if (f != null) {
                    labels.add(seedOnly(row));
                    ours.add(null);
                    intervals.add(null);
                    seed.add(finite(f.get(SeedFigures.OPS) / seedRef));
                }
            }
            all.add(new Shares(column, List.copyOf(labels), unmodifiable(ours), unmodifiable(intervals), unmodifiable(seed)));
        }
        return all;
    }

    private static Double finite(double v) {
        return Double.isFinite(v) ? v : null;
    }

    private static <T> List<T> unmodifiable(List<T> values) {
        return java.util.Collections.unmodifiableList(values);
    }
}
