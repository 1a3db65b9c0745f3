package org.rpcbench.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import org.rpcbench.analysis.Stats;
import org.rpcbench.analysis.VersionedPair;
import org.rpcbench.record.CaseRecord;
import org.rpcbench.record.RunRecord;

/**
 * What a report shows, read from run records only: rows (a pair), columns (a case, or a case at one
 * concurrency for a sweep) and in each cell that case's result in every run of the pair (one run, or one
 * per round when a suite repeats). The seeds print their tables this way round, frameworks down and calls
 * across, so a report can be set beside them.
 */
public record ReportTable(String title, List<String> columns, List<Row> rows) {

    /** One case of one run. */
    public record Observation(CaseRecord result, RunRecord record) {}

    /** A pair's row: its runs (none when every run left no record) and its cells by column. */
    public record Row(String pair, List<RunRecord> records, Map<String, Cell> cells) {

        /** "dubbo + hessian2, 3.3.6": what the pair is, from its first record. */
        public String detail() {
            return records.isEmpty() ? "no run record" : records.get(0).detail();
        }
    }

    /**
     * A column of a row over its runs. Its figures are medians over the runs that passed; a run that failed
     * is counted, never averaged in.
     */
    public record Cell(String caseName, int threads, List<Observation> runs) {

        public boolean failed() {
            return runs.stream().anyMatch(o -> o.result().failed());
        }

        public long failedRuns() {
            return runs.stream().filter(o -> o.result().failed()).count();
        }

        public long errors() {
            return runs.stream().mapToLong(o -> o.result().allErrors()).sum();
        }

        public int rounds() {
            return runs.size();
        }

        /** The figure in each run that passed, in order. */
        public double[] values(ToDoubleFunction<CaseRecord> figure) {
            return runs.stream().filter(o -> !o.result().failed()).mapToDouble(o -> figure.applyAsDouble(o.result()))
                    .filter(Double::isFinite).toArray();
        }

        public double median(ToDoubleFunction<CaseRecord> figure) {
            return Stats.median(values(figure));
        }

        public Stats.Interval interval(ToDoubleFunction<CaseRecord> figure) {
            return Stats.medianInterval(values(figure));
        }

        /** The first run's result, for figures that do not vary by run (bytes on the wire). */
        public CaseRecord first() {
            return runs.get(0).result();
        }

        public boolean openLoop() {
            return runs.get(0).record().isOpenLoop();
        }
    }

    /** A pair of a suite and its runs' records (an empty list when no run left one). */
    public record Entry(String pair, List<RunRecord> records) {}

    /**
     * A suite of pairs at one concurrency: the columns are the cases, those named in {@code order} first (the
     * seed's order), then the others in the order they first appear.
     */
    public static ReportTable ofSuite(String title, List<Entry> entries, List<String> order) {
        List<String> columns = new ArrayList<>();
        List<Row> rows = rows(entries, (c, r) -> c.name(), columns);
        return new ReportTable(title, ordered(columns, order), rows);
    }

    /** A row per entry, a cell per column its runs' cases fall in; the columns in the order they first appear. */
    private static List<Row> rows(List<Entry> entries, java.util.function.BiFunction<CaseRecord, RunRecord, String> columnOf,
                                  List<String> columns) {
        List<Row> rows = new ArrayList<>();
        for (Entry e : entries) {
            Map<String, Cell> cells = new LinkedHashMap<>();
            for (RunRecord r : e.records()) {
                for (CaseRecord c : r.cases()) {
                    String column = columnOf.apply(c, r);
                    if (!columns.contains(column)) {
                        columns.add(column);
                    }
                    add(cells, column, c, r);
                }
            }
            rows.add(new Row(e.pair(), e.records(), cells));
        }
        return rows;
    }

    /**
     * A sweep: runs of several pairs, each at one concurrency. A column is "case @ concurrency", as the seeds'
     * sweep tables put concurrency across. {@code pairs} gives the rows in order, so that a pair whose runs
     * left no record still has its row.
     */
    public static ReportTable ofSweep(String title, List<String> pairs, List<RunRecord> records) {
        Map<String, List<RunRecord>> byPair = new LinkedHashMap<>();
        pairs.forEach(p -> byPair.put(p, new ArrayList<>()));
        records.forEach(r -> byPair.computeIfAbsent(r.binding(), p -> new ArrayList<>()).add(r));
        List<Entry> entries = new ArrayList<>();
        byPair.forEach((pair, runs) -> entries.add(new Entry(pair, runs)));
        return ofSweep(title, entries);
    }

    /** A sweep whose rows are given with their records: a suite's, whose rows may be one pair on several releases. */
    public static ReportTable ofSweep(String title, List<Entry> entries) {
        List<String> columns = new ArrayList<>();
        List<Row> rows = rows(entries, (c, r) -> c.name() + " @" + r.threads(), columns);
        List<String> sorted = new ArrayList<>(columns);
        sorted.sort((a, b) -> {
            String[] x = a.split(" @");
            String[] y = b.split(" @");
            int byName = Integer.compare(firstIndex(columns, x[0]), firstIndex(columns, y[0]));
            return byName != 0 ? byName : Integer.compare(Integer.parseInt(x[1]), Integer.parseInt(y[1]));
        });
        return new ReportTable(title, sorted, rows);
    }

    private static void add(Map<String, Cell> cells, String column, CaseRecord c, RunRecord r) {
        Cell known = cells.get(column);
        List<Observation> runs = known == null ? new ArrayList<>() : new ArrayList<>(known.runs());
        runs.add(new Observation(c, r));
        cells.put(column, new Cell(c.name(), r.threads(), runs));
    }

    private static int firstIndex(List<String> columns, String caseName) {
        for (int i = 0; i < columns.size(); i++) {
            if (columns.get(i).startsWith(caseName + " @")) {
                return i;
            }
        }
        return columns.size();
    }

    /** The cases named in {@code order} first, in that order; the rest keep theirs. */
    static List<String> ordered(List<String> cases, List<String> order) {
        List<String> sorted = new ArrayList<>(order.stream().filter(cases::contains).toList());
        cases.stream().filter(c -> !sorted.contains(c)).forEach(sorted::add);
        return sorted;
    }

    /** The cells whose every run passed: those a report shows figures for. */
    public java.util.stream.Stream<Cell> passedCells() {
        return rows.stream().flatMap(r -> r.cells().values().stream()).filter(c -> !c.failed());
    }

    /**
     * How a row is named in a table: its pair, with the Dubbo release it was asked to run on
     * ("dubbo-hessian 3.0.15"); and where the table holds the same pair on another release too, a row on the
     * build's own release names the release its runs recorded ("dubbo-hessian 3.3.6"), or, when no run left a
     * record, says it is the build's ("dubbo-hessian (the build's release)"), so that no two rows read alike.
     */
    public String label(Row row) {
        VersionedPair mine = VersionedPair.parse(row.pair());
        if (mine.release() != null) {
            return mine.label();
        }
        boolean another = rows.stream().anyMatch(o -> o != row && VersionedPair.parse(o.pair()).pair().equals(mine.pair()));
        String ran = row.records().stream().map(r -> r.framework().get("frameworkVersion")).filter(v -> v != null)
                .findFirst().orElse(null);
        if (!another) {
            return mine.pair();
        }
        return ran != null ? mine.pair() + " " + ran : mine.pair() + " (the build's release)";
    }

    /** The rounds the table's pairs ran in: the most runs any cell has. */
    public int rounds() {
        return rows.stream().flatMap(r -> r.cells().values().stream()).mapToInt(Cell::rounds).max().orElse(0);
    }
}
