package org.rpcbench.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.rpcbench.history.HistoryStore;
import org.rpcbench.history.TrendPoint;
import org.rpcbench.report.ReportTable.Cell;
import org.rpcbench.report.ReportTable.Row;

/**
 * Writes a suite's HTML report as suite.html, with the trend of each of its pairs and cases when a history
 * store is named. A store that cannot be read costs the report its trends, said in one line, not the report.
 */
final class SuiteHtml {

    private SuiteHtml() {}

    /** How many stored runs a trend shows at most. */
    static final int TREND_RUNS = 60;

    static Path write(ReportTable table, Path outDir, String historyStore) throws IOException {
        Map<String, List<TrendPoint>> trends = new HashMap<>();
        if (historyStore != null) {
            try (HistoryStore store = HistoryStore.open(historyStore)) {
                for (Row row : table.rows()) {
                    for (String column : table.columns()) {
                        Cell cell = row.cells().get(column);
                        if (cell != null) {
                            trends.put(HtmlReport.trendKey(row.pair(), column),
                                    store.trend(HistoryStore.SeriesKey.of(cell.record()), cell.caseName(), TREND_RUNS));
                        }
                    }
                }
            } catch (SQLException | RuntimeException e) {
                System.err.println("rpc-bench suite: the report has no trends: cannot read the history store "
                        + HistoryStore.redact(historyStore) + ": " + e.getMessage());
            }
        }
        Path file = outDir.resolve("suite.html");
        Files.writeString(file, HtmlReport.render(table, trends, Instant.now()), StandardCharsets.UTF_8);
        return file;
    }
}
