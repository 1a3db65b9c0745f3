package org.rpcbench.history;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The store's tables and the view a dashboard reads, and their version. The schema is made, or brought up
 * to date, only by a writer, inside its transaction and once: a store at this version is never altered
 * again, so reading needs no right beyond SELECT and no view is ever dropped under a reader. A store made
 * before versions (version 0) gains what it lacks the first time a run is recorded into it.
 */
final class HistorySchema {
    /** 1: the tables, the columns added since, the rpcbench_series view, and rpcbench_schema itself. */
    static final int VERSION = 1;
    /** A store with none of the tables. */
    static final int EMPTY = -1;

    static final String RUNS = "rpcbench_run";
    static final String RESULTS = "rpcbench_result";
    static final String SERIES = "rpcbench_series";
    static final String VERSIONS = "rpcbench_schema";

    private HistorySchema() {}

    /** The store's version: {@link #VERSION} or another, 0 for a store from before versions, {@link #EMPTY}. No DDL. */
    static int version(Connection c) throws SQLException {
        if (!exists(c, VERSIONS)) {
            return exists(c, RUNS) ? 0 : EMPTY;
        }
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT MAX(version) FROM " + VERSIONS)) {
            return r.next() ? r.getInt(1) : 0;
        }
    }

    /** The columns a table has, in lower case: what a query of a store made by an earlier version may name. */
    static Set<String> columns(Connection c, String table) throws SQLException {
        Set<String> columns = new HashSet<>();
        try (ResultSet r = c.getMetaData().getColumns(null, null, table, null)) {
            while (r.next()) {
                columns.add(r.getString("COLUMN_NAME").toLowerCase(Locale.ROOT));
            }
        }
        return columns;
    }

    static boolean exists(Connection c, String table) throws SQLException {
        DatabaseMetaData meta = c.getMetaData();
        try (ResultSet r = meta.getTables(null, null, table, new String[] {"TABLE"})) {
            while (r.next()) {
                if (table.equalsIgnoreCase(r.getString("TABLE_NAME"))) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * Within a writer's transaction (auto-commit off): brings the store to {@link #VERSION}. A store already
     * there is only read; a newer one is refused, since its meaning may have changed.
     */
    static void ensure(Connection c, Dialect dialect) throws SQLException {
        dialect.lockSchema(c);
        int version = version(c);
        if (version == VERSION) {
            return;
        }
        if (version > VERSION) {
            throw new SQLException("the history store's schema is version " + version + ", newer than the " + VERSION
                    + " this rpc-bench writes (record with the newer rpc-bench)");
        }
        try (Statement s = c.createStatement()) {
            s.execute("CREATE TABLE IF NOT EXISTS " + RUNS + " ("
                    + " run_id VARCHAR(64) PRIMARY KEY,"
                    + " started_at " + dialect.timestampType + " NOT NULL,"
                    + " suite VARCHAR(64),"
                    + " pair VARCHAR(64) NOT NULL,"
                    + " protocol VARCHAR(200),"
                    + " serialization VARCHAR(200),"
                    + " framework VARCHAR(200),"
                    + " framework_version VARCHAR(64),"
                    + " loop VARCHAR(16) NOT NULL,"
                    + " threads INTEGER NOT NULL,"
                    + " jmh_settings VARCHAR(200) NOT NULL,"
                    + " settings_hash VARCHAR(64),"
                    + " jdk VARCHAR(64),"
                    + " host VARCHAR(200) NOT NULL,"
                    + " cpu_model VARCHAR(200),"
                    + " cores INTEGER,"
                    + " git_commit VARCHAR(64),"
                    + " passed BOOLEAN NOT NULL,"
                    + " record TEXT NOT NULL,"
                    + " data_model VARCHAR(64))");
            s.execute("CREATE TABLE IF NOT EXISTS " + RESULTS + " ("
                    + " run_id VARCHAR(64) NOT NULL REFERENCES " + RUNS + " (run_id),"
                    + " case_name VARCHAR(64) NOT NULL,"
                    + " ops_per_second DOUBLE PRECISION,"
                    + " ops_error DOUBLE PRECISION,"
                    + " answered_per_second DOUBLE PRECISION,"
                    + " p50_ms DOUBLE PRECISION,"
                    + " p90_ms DOUBLE PRECISION,"
                    + " p99_ms DOUBLE PRECISION,"
                    + " p999_ms DOUBLE PRECISION,"
                    + " p9999_ms DOUBLE PRECISION,"
                    + " max_ms DOUBLE PRECISION,"
                    + " calls BIGINT NOT NULL,"
                    + " errors BIGINT NOT NULL,"
                    + " request_bytes DOUBLE PRECISION,"
                    + " response_bytes DOUBLE PRECISION,"
                    + " server_cpu_percent DOUBLE PRECISION,"
                    + " client_cpu_percent DOUBLE PRECISION,"
                    + " server_cpu_us_per_call DOUBLE PRECISION,"
                    + " client_cpu_us_per_call DOUBLE PRECISION,"
                    + " server_alloc_bytes_per_call DOUBLE PRECISION,"
                    + " client_alloc_bytes_per_call DOUBLE PRECISION,"
                    + " PRIMARY KEY (run_id, case_name))");
            // stores made before a column existed gain it
            addMissing(c, s, RUNS, "data_model", "VARCHAR(64)");
            for (String column : List.of("server_cpu_us_per_call", "client_cpu_us_per_call", "server_alloc_bytes_per_call",
                    "client_alloc_bytes_per_call")) {
                addMissing(c, s, RESULTS, column, "DOUBLE PRECISION");
            }
            s.execute("CREATE INDEX IF NOT EXISTS rpcbench_run_by_pair ON " + RUNS + " (pair, started_at)");
            // made again only here, when the version changes: a store at this version keeps it as it is
            s.execute("DROP VIEW IF EXISTS " + SERIES);
            s.execute("CREATE VIEW " + SERIES + " AS SELECT r.started_at AS time, r.pair, x.case_name, r.threads,"
                    + " r.jmh_settings, r.host, r.suite, r.framework_version, r.git_commit, r.passed, r.data_model,"
                    + " x.answered_per_second, x.ops_per_second, x.ops_error, x.p50_ms, x.p90_ms, x.p99_ms, x.p999_ms,"
                    + " x.errors, x.request_bytes, x.response_bytes, x.server_cpu_percent, x.client_cpu_percent,"
                    + " x.server_cpu_us_per_call, x.client_cpu_us_per_call, x.server_alloc_bytes_per_call,"
                    + " x.client_alloc_bytes_per_call, r.run_id"
                    + " FROM " + RUNS + " r JOIN " + RESULTS + " x ON x.run_id = r.run_id");
            s.execute("CREATE TABLE IF NOT EXISTS " + VERSIONS + " (version INTEGER NOT NULL)");
            s.execute("DELETE FROM " + VERSIONS);
            s.execute("INSERT INTO " + VERSIONS + " (version) VALUES (" + VERSION + ")");
        }
    }

    private static void addMissing(Connection c, Statement s, String table, String column, String type) throws SQLException {
        if (!columns(c, table).contains(column)) {
            s.execute("ALTER TABLE " + table + " ADD COLUMN " + column + " " + type);
        }
    }
}
