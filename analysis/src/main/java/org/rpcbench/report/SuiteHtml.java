package org.rpcbench.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.rpcbench.analysis.ChangePoints;
import org.rpcbench.history.HistoryStore;
import org.rpcbench.history.TrendPoint;
import org.rpcbench.report.ReportTable.Cell;
import org.rpcbench.report.ReportTable.Row;

/**
 * Writes a suite's HTML report as suite.html, with the trend of each of its pairs and cases (and the trend's
 * change points) when a history store is named. A store that cannot be read costs the report its trends,
 * said in one line, not the report.
 */
public final class SuiteHtml {

    private SuiteHtml() {}

    /** How many stored runs a trend shows at most. */
    static final int TREND_RUNS = 60;

    public static Path write(ReportTable table, SeedFigures seed, Path outDir, String historyStore) throws IOException {
        return write(table, seed, List.of(), outDir, historyStore);
    }

    /** @param notes lines said under the table (why a row runs on the release it does) */
    public static Path write(ReportTable table, SeedFigures seed, List<String> notes, Path outDir, String historyStore)
            throws IOException {
        Map<String, List<TrendPoint>> trends = new HashMap<>();
        if (historyStore != null) {
            try (HistoryStore store = HistoryStore.open(historyStore)) {
                for (Row row : table.rows()) {
                    for (String column : table.columns()) {
                        Cell cell = row.cells().get(column);
                        if (cell != null) {
                            // a row's series is kept under its key: a row on a Dubbo release of its own apart from the pair's
                            HistoryStore.SeriesKey ran = HistoryStore.SeriesKey.of(cell.runs().get(0).record());
                            HistoryStore.SeriesKey key = new HistoryStore.SeriesKey(row.pair(), ran.threads(), ran.jmhSettings(),
                                    ran.host());
                            trends.put(HtmlReport.trendKey(row.pair(), column), marked(store.trend(key, cell.caseName(), TREND_RUNS)));
                        }
                    }
                }
            } catch (SQLException | RuntimeException e) {
                System.err.println("rpc-bench suite: the report has no trends: cannot read the history store "
                        + HistoryStore.redact(historyStore) + ": " + e.getMessage());
            }
        }
        Path file = outDir.resolve("suite.html");
        org.rpcbench.record.WholeFile.write(file, HtmlReport.render(table, seed, notes, trends, Instant.now()));
        return file;
    }

    /** The series' points with each change point (in the runs that passed) marked. */
    public static List<TrendPoint> marked(List<TrendPoint> points) {
        List<TrendPoint> passed = points.stream().filter(p -> p.errors() == 0 && Double.isFinite(p.opsPerSecond())).toList();
        List<Integer> changes = ChangePoints.find(passed.stream().mapToDouble(TrendPoint::opsPerSecond).toArray());
        List<TrendPoint> out = new ArrayList<>(passed);
        changes.forEach(i -> out.set(i, out.get(i).markedAsChange()));
        return out;
    }
}
