package org.rpcbench.history;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * What is read from the store: a pair and case's trend, its stored runs, those with given settings. Plain
 * SELECTs: a store no run was recorded into yet reads as empty, and one made by an earlier version as far
 * as it has the columns (a figure it did not keep reads as unknown).
 */
record HistoryQueries(Connection connection, Dialect dialect) {

    /** The stored runs of a pair and case in a series, oldest first, at most the newest {@code limit}. */
    List<TrendPoint> trend(HistoryStore.SeriesKey key, String caseName, int limit) throws SQLException {
        List<TrendPoint> points = new ArrayList<>();
        if (HistorySchema.version(connection) == HistorySchema.EMPTY) {
            return points;
        }
        try (PreparedStatement q = connection.prepareStatement("SELECT r.started_at, x.answered_per_second, x.ops_error,"
                + " x.p99_ms, x.errors, r.framework_version, r.git_commit, " + serverCpu() + " FROM " + HistorySchema.RUNS + " r"
                + " JOIN " + HistorySchema.RESULTS + " x ON x.run_id = r.run_id WHERE r.pair = ? AND x.case_name = ?"
                + " AND r.threads = ? AND r.jmh_settings = ? AND r.host = ? ORDER BY r.started_at DESC LIMIT ?")) {
            q.setString(1, key.pair());
            q.setString(2, caseName);
            q.setInt(3, key.threads());
            q.setString(4, key.jmhSettings());
            q.setString(5, key.host());
            q.setInt(6, limit);
            try (ResultSet r = q.executeQuery()) {
                while (r.next()) {
                    points.add(new TrendPoint(dialect.time(r, 1), number(r, 2), number(r, 3), number(r, 4), r.getLong(5),
                            r.getString(6), r.getString(7), number(r, 8), false));
                }
            }
        }
        Collections.reverse(points);
        return points;
    }

    /** The stored runs matching {@code where} (its values bound in order), newest last, at most the newest {@code limit}. */
    List<HistoryStore.Stored> select(String where, List<String> values, int limit) throws SQLException {
        List<HistoryStore.Stored> rows = new ArrayList<>();
        if (HistorySchema.version(connection) == HistorySchema.EMPTY) {
            return rows;
        }
        try (PreparedStatement q = connection.prepareStatement("SELECT r.started_at, r.threads, r.jmh_settings, r.host,"
                + " r.framework_version, r.git_commit, x.answered_per_second, x.ops_error, x.p99_ms, x.errors, " + serverCpu()
                + ", r.settings_hash FROM " + HistorySchema.RUNS + " r JOIN " + HistorySchema.RESULTS + " x ON x.run_id = r.run_id"
                + " WHERE " + where + " ORDER BY r.started_at DESC LIMIT ?")) {
            int i = 1;
            for (String v : values) {
                q.setString(i++, v);
            }
            q.setInt(i, limit);
            try (ResultSet r = q.executeQuery()) {
                while (r.next()) {
                    Instant time = dialect.time(r, 1);
                    rows.add(new HistoryStore.Stored(time, r.getInt(2), r.getString(3), r.getString(4), r.getString(12),
                            new TrendPoint(time, number(r, 7), number(r, 8), number(r, 9), r.getLong(10), r.getString(5),
                                    r.getString(6), number(r, 11), false)));
                }
            }
        }
        Collections.reverse(rows);
        return rows;
    }

    /** Any query, each row's columns as text: what a dashboard or a test would read. */
    List<String[]> query(String sql) throws SQLException {
        List<String[]> rows = new ArrayList<>();
        try (Statement s = connection.createStatement(); ResultSet r = s.executeQuery(sql)) {
            int columns = r.getMetaData().getColumnCount();
            while (r.next()) {
                String[] row = new String[columns];
                for (int i = 0; i < columns; i++) {
                    row[i] = r.getString(i + 1);
                }
                rows.add(row);
            }
        }
        return rows;
    }

    /** The server's CPU per call, in a store made before it was kept: unknown. */
    private String serverCpu() throws SQLException {
        return HistorySchema.columns(connection, HistorySchema.RESULTS).contains("server_cpu_us_per_call")
                ? "x.server_cpu_us_per_call" : "NULL";
    }

    private static double number(ResultSet r, int i) throws SQLException {
        double v = r.getDouble(i);
        return r.wasNull() ? Double.NaN : v;
    }
}
