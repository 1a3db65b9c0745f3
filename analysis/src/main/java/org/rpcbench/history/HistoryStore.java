package org.rpcbench.history;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import org.rpcbench.record.CaseRecord;
import org.rpcbench.record.Records;
import org.rpcbench.record.RunRecord;

/**
 * The history of runs: one row per run (what ran, where, with which settings, and its whole run record) and
 * one per case (the figures), in an embedded SQLite file or in a team's PostgreSQL. The tables are plain
 * enough for a Grafana dashboard to query directly; the view {@code rpcbench_series} joins them into one
 * row per run and case with a {@code time} column (README: "History").
 *
 * <p>A run is recorded once: its id is a hash of what makes it unique (pair, start time, host, target,
 * concurrency), so recording the same run.json again changes nothing. A calibration run (a known cost
 * added to every server call) is refused: it must never pass as a real one.
 */
public final class HistoryStore implements AutoCloseable {

    enum Dialect {
        SQLITE("org.sqlite.JDBC", "TEXT"),
        POSTGRESQL("org.postgresql.Driver", "TIMESTAMP WITH TIME ZONE");

        final String driver;
        final String timestampType;

        Dialect(String driver, String timestampType) {
            this.driver = driver;
            this.timestampType = timestampType;
        }
    }

    /** SQLite keeps times as text; a fixed width keeps their order the order of the times. */
    private static final DateTimeFormatter SQLITE_TIME =
            DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'", Locale.ROOT).withZone(ZoneOffset.UTC);

    private final Connection connection;
    private final Dialect dialect;
    private final String where;

    private HistoryStore(Connection connection, Dialect dialect, String where) {
        this.connection = connection;
        this.dialect = dialect;
        this.where = where;
    }

    /**
     * Opens (and if need be creates) the store: a file path or {@code jdbc:sqlite:FILE} for SQLite, or
     * {@code jdbc:postgresql://HOST:PORT/DB}. A user and password may be in the URL's parameters or in the
     * environment (RPCBENCH_HISTORY_USER, RPCBENCH_HISTORY_PASSWORD), never on a command line.
     */
    public static HistoryStore open(String where) throws SQLException {
        String url;
        Dialect dialect;
        if (where.startsWith("jdbc:postgresql:")) {
            url = where;
            dialect = Dialect.POSTGRESQL;
        } else if (where.startsWith("jdbc:sqlite:") || !where.startsWith("jdbc:")) {
            Path file = Path.of(where.startsWith("jdbc:") ? where.substring("jdbc:sqlite:".length()) : where);
            try {
                Path parent = file.toAbsolutePath().getParent();
                if (parent != null) {
                    Files.createDirectories(parent);
                }
            } catch (java.io.IOException e) {
                throw new SQLException("cannot create the folder of " + file + ": " + e.getMessage(), e);
            }
            url = "jdbc:sqlite:" + file;
            dialect = Dialect.SQLITE;
        } else {
            throw new SQLException("a history store is a SQLite file (a path, or jdbc:sqlite:FILE) or a PostgreSQL"
                    + " database (jdbc:postgresql://HOST:PORT/DB), not " + redact(where));
        }
        Properties props = new Properties();
        String user = System.getenv("RPCBENCH_HISTORY_USER");
        String password = System.getenv("RPCBENCH_HISTORY_PASSWORD");
        if (user != null && !user.isEmpty()) {
            props.setProperty("user", user);
        }
        if (password != null && !password.isEmpty()) {
            props.setProperty("password", password);
        }
        if (dialect == Dialect.POSTGRESQL) {
            // a store that does not answer is said within seconds, not after the TCP timeout
            props.putIfAbsent("connectTimeout", "10");
            props.putIfAbsent("socketTimeout", "60");
        } else {
            props.setProperty("busy_timeout", "30000"); // two runs recording at once wait their turn
        }
        Connection connection;
        try {
            Driver driver = (Driver) Class.forName(dialect.driver).getDeclaredConstructor().newInstance();
            connection = driver.connect(url, props);
        } catch (ReflectiveOperationException e) {
            throw new SQLException("the JDBC driver " + dialect.driver + " is not on the class path", e);
        }
        if (connection == null) {
            throw new SQLException("the driver does not take " + redact(where));
        }
        HistoryStore store = new HistoryStore(connection, dialect, redact(where));
        try {
            store.createSchema();
        } catch (SQLException e) {
            store.close();
            throw e;
        }
        return store;
    }

    /** The store's address with any password taken out, fit to print. */
    public static String redact(String where) {
        return where.replaceAll("(?i)(password=)[^&;]*", "$1***").replaceAll("//([^/@:]*):[^/@]*@", "//$1:***@");
    }

    public String where() {
        return where;
    }

    private void createSchema() throws SQLException {
        try (Statement s = connection.createStatement()) {
            s.execute("CREATE TABLE IF NOT EXISTS rpcbench_run ("
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
            s.execute("CREATE TABLE IF NOT EXISTS rpcbench_result ("
                    + " run_id VARCHAR(64) NOT NULL REFERENCES rpcbench_run (run_id),"
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
            addMissing(s, "rpcbench_run", "data_model", "VARCHAR(64)");
            for (String column : List.of("server_cpu_us_per_call", "client_cpu_us_per_call", "server_alloc_bytes_per_call",
                    "client_alloc_bytes_per_call")) {
                addMissing(s, "rpcbench_result", column, "DOUBLE PRECISION");
            }
            s.execute("CREATE INDEX IF NOT EXISTS rpcbench_run_by_pair ON rpcbench_run (pair, started_at)");
            s.execute("DROP VIEW IF EXISTS rpcbench_series");
            s.execute("CREATE VIEW rpcbench_series AS SELECT r.started_at AS time, r.pair, x.case_name, r.threads,"
                    + " r.jmh_settings, r.host, r.suite, r.framework_version, r.git_commit, r.passed, r.data_model,"
                    + " x.answered_per_second, x.ops_per_second, x.ops_error, x.p50_ms, x.p90_ms, x.p99_ms, x.p999_ms,"
                    + " x.errors, x.request_bytes, x.response_bytes, x.server_cpu_percent, x.client_cpu_percent,"
                    + " x.server_cpu_us_per_call, x.client_cpu_us_per_call, x.server_alloc_bytes_per_call,"
                    + " x.client_alloc_bytes_per_call, r.run_id"
                    + " FROM rpcbench_run r JOIN rpcbench_result x ON x.run_id = r.run_id");
        }
    }

    private void addMissing(Statement s, String table, String column, String type) throws SQLException {
        try (ResultSet columns = connection.getMetaData().getColumns(null, null, table, column)) {
            if (columns.next()) {
                return;
            }
        }
        s.execute("ALTER TABLE " + table + " ADD COLUMN " + column + " " + type);
    }

    /** Where a trend of a pair and case may draw from: runs at this concurrency, JMH settings and host. */
    public record SeriesKey(String pair, int threads, String jmhSettings, String host) {

        public static SeriesKey of(RunRecord record) {
            return new SeriesKey(record.binding(), record.threads(), HistoryStore.jmhSettings(record),
                    record.environment().hostname());
        }
    }

    /** The JMH settings that make two runs' figures comparable, in words: "thrpt, 1 fork, 2 x 5 s + 4 x 5 s". */
    static String jmhSettings(RunRecord record) {
        if (record.isOpenLoop()) {
            return String.format(Locale.ROOT, "open loop, %s calls/s, %d s", Math.round(record.openLoop().targetRate()),
                    record.openLoop().measureSeconds());
        }
        var jmh = record.jmh();
        return String.format(Locale.ROOT, "%s, %d fork, %d x %s + %d x %s%s", jmh.mode(), jmh.forks(), jmh.warmupIterations(),
                jmh.warmupTime(), jmh.measurementIterations(), jmh.measurementTime(),
                jmh.requests() == null ? "" : ", " + jmh.requests() + " calls");
    }

    /** Records a run; false when it was already there. All of it or nothing. */
    public boolean record(RunRecord record, String suite) throws SQLException {
        if (record.calibration() != null) {
            throw new IllegalArgumentException("a calibration run (" + record.calibration() + " ns of CPU added to every"
                    + " server call) is never kept in the history: it is not a real result");
        }
        String runId = runId(record);
        try (PreparedStatement q = connection.prepareStatement("SELECT 1 FROM rpcbench_run WHERE run_id = ?")) {
            q.setString(1, runId);
            try (ResultSet r = q.executeQuery()) {
                if (r.next()) {
                    return false;
                }
            }
        }
        var fw = record.framework();
        var env = record.environment();
        SeriesKey key = SeriesKey.of(record);
        connection.setAutoCommit(false);
        try {
            try (PreparedStatement run = connection.prepareStatement("INSERT INTO rpcbench_run (run_id, started_at, suite,"
                    + " pair, protocol, serialization, framework, framework_version, loop, threads, jmh_settings,"
                    + " settings_hash, jdk, host, cpu_model, cores, git_commit, passed, record, data_model)"
                    + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
                int i = 1;
                run.setString(i++, runId);
                setTime(run, i++, Instant.parse(env.date()));
                run.setString(i++, suite);
                run.setString(i++, key.pair());
                run.setString(i++, fw.get("protocol"));
                run.setString(i++, fw.get("serialization"));
                run.setString(i++, fw.get("framework"));
                run.setString(i++, fw.get("frameworkVersion"));
                run.setString(i++, record.loop());
                run.setInt(i++, key.threads());
                run.setString(i++, key.jmhSettings());
                run.setString(i++, record.hash());
                run.setString(i++, env.runtimeName());
                run.setString(i++, key.host());
                run.setString(i++, env.cpuModel());
                run.setInt(i++, env.cores() == null ? 0 : env.cores());
                run.setString(i++, env.gitCommit());
                run.setBoolean(i++, record.passed());
                run.setString(i++, Records.toJson(record));
                run.setString(i, record.model());
                run.executeUpdate();
            }
            try (PreparedStatement result = connection.prepareStatement("INSERT INTO rpcbench_result (run_id, case_name,"
                    + " ops_per_second, ops_error, answered_per_second, p50_ms, p90_ms, p99_ms, p999_ms, p9999_ms, max_ms,"
                    + " calls, errors, request_bytes, response_bytes, server_cpu_percent, client_cpu_percent,"
                    + " server_cpu_us_per_call, client_cpu_us_per_call, server_alloc_bytes_per_call, client_alloc_bytes_per_call)"
                    + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
                for (CaseRecord c : record.cases()) {
                    int i = 1;
                    result.setString(i++, runId);
                    result.setString(i++, c.name());
                    setNumber(result, i++, c.openLoop() ? c.achievedRate() : c.opsPerSecond());
                    setNumber(result, i++, c.opsError());
                    setNumber(result, i++, c.answered());
                    for (String p : List.of("p50", "p90", "p99", "p99.9", "p99.99", "max")) {
                        setNumber(result, i++, c.latencyMs().get(p));
                    }
                    result.setLong(i++, c.calls());
                    result.setLong(i++, c.allErrors());
                    setNumber(result, i++, c.wireBytes() == null ? Double.NaN : c.wireBytes().requestBytes());
                    setNumber(result, i++, c.wireBytes() == null ? Double.NaN : c.wireBytes().responseBytes());
                    setNumber(result, i++, c.cpuAndGc().server() == null ? Double.NaN : c.cpuAndGc().server().cpuPercentOfCore());
                    setNumber(result, i++, c.cpuAndGc().client() == null ? Double.NaN : c.cpuAndGc().client().cpuPercentOfCore());
                    for (String metric : List.of("serverCpuMicros", "clientCpuMicros", "serverAllocBytes", "clientAllocBytes")) {
                        setNumber(result, i++, c.perCall(metric));
                    }
                    result.addBatch();
                }
                result.executeBatch();
            }
            connection.commit();
            return true;
        } catch (SQLException | RuntimeException e) {
            connection.rollback();
            throw e;
        } finally {
            connection.setAutoCommit(true);
        }
    }

    /** The stored runs of a pair and case in a series, oldest first, at most the newest {@code limit}. */
    public List<TrendPoint> trend(SeriesKey key, String caseName, int limit) throws SQLException {
        List<TrendPoint> points = new ArrayList<>();
        try (PreparedStatement q = connection.prepareStatement("SELECT r.started_at, x.answered_per_second, x.ops_error,"
                + " x.p99_ms, x.errors, r.framework_version, r.git_commit, x.server_cpu_us_per_call FROM rpcbench_run r"
                + " JOIN rpcbench_result x ON x.run_id = r.run_id WHERE r.pair = ? AND x.case_name = ? AND r.threads = ?"
                + " AND r.jmh_settings = ? AND r.host = ? ORDER BY r.started_at DESC LIMIT ?")) {
            q.setString(1, key.pair());
            q.setString(2, caseName);
            q.setInt(3, key.threads());
            q.setString(4, key.jmhSettings());
            q.setString(5, key.host());
            q.setInt(6, limit);
            try (ResultSet r = q.executeQuery()) {
                while (r.next()) {
                    points.add(new TrendPoint(time(r, 1), number(r, 2), number(r, 3), number(r, 4), r.getLong(5),
                            r.getString(6), r.getString(7), number(r, 8), false));
                }
            }
        }
        Collections.reverse(points);
        return points;
    }

    /** One stored run of a pair and case, as the command line lists it. */
    public record Stored(Instant time, int threads, String jmhSettings, String host, String settingsHash, TrendPoint point) {}

    /** Every stored run of a pair and case, newest last, at most the newest {@code limit}. */
    public List<Stored> list(String pair, String caseName, int limit) throws SQLException {
        return select("r.pair = ? AND x.case_name = ?", List.of(pair, caseName), limit);
    }

    /** The stored runs of a pair and case measured with these settings (the same settings hash), newest last. */
    public List<Stored> sameSettings(String pair, String caseName, String settingsHash, int limit) throws SQLException {
        return select("r.pair = ? AND x.case_name = ? AND r.settings_hash = ?", List.of(pair, caseName, settingsHash), limit);
    }

    private List<Stored> select(String where, List<String> values, int limit) throws SQLException {
        List<Stored> rows = new ArrayList<>();
        try (PreparedStatement q = connection.prepareStatement("SELECT r.started_at, r.threads, r.jmh_settings, r.host,"
                + " r.framework_version, r.git_commit, x.answered_per_second, x.ops_error, x.p99_ms, x.errors,"
                + " x.server_cpu_us_per_call, r.settings_hash FROM rpcbench_run r JOIN rpcbench_result x ON x.run_id = r.run_id"
                + " WHERE " + where + " ORDER BY r.started_at DESC LIMIT ?")) {
            int i = 1;
            for (String v : values) {
                q.setString(i++, v);
            }
            q.setInt(i, limit);
            try (ResultSet r = q.executeQuery()) {
                while (r.next()) {
                    Instant time = time(r, 1);
                    rows.add(new Stored(time, r.getInt(2), r.getString(3), r.getString(4), r.getString(12),
                            new TrendPoint(time, number(r, 7), number(r, 8), number(r, 9), r.getLong(10), r.getString(5),
                                    r.getString(6), number(r, 11), false)));
                }
            }
        }
        Collections.reverse(rows);
        return rows;
    }

    /** A time as the command line prints it. */
    public static String format(Instant time) {
        return SQLITE_TIME.format(time);
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

    static String runId(RunRecord record) {
        var env = record.environment();
        String identity = String.join("\n", record.binding(), env.date(), env.hostname(), String.valueOf(record.target()),
                String.valueOf(record.threads()));
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(identity.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Times are kept to the millisecond in every store, so both give back the same instant. */
    private void setTime(PreparedStatement s, int i, Instant time) throws SQLException {
        Instant t = time.truncatedTo(java.time.temporal.ChronoUnit.MILLIS);
        if (dialect == Dialect.POSTGRESQL) {
            s.setObject(i, OffsetDateTime.ofInstant(t, ZoneOffset.UTC));
        } else {
            s.setString(i, SQLITE_TIME.format(t));
        }
    }

    private Instant time(ResultSet r, int i) throws SQLException {
        return dialect == Dialect.POSTGRESQL ? r.getObject(i, OffsetDateTime.class).toInstant()
                : Instant.parse(r.getString(i));
    }

    private static void setNumber(PreparedStatement s, int i, double v) throws SQLException {
        if (Double.isFinite(v)) {
            s.setDouble(i, v);
        } else {
            s.setNull(i, Types.DOUBLE);
        }
    }

    private static double number(ResultSet r, int i) throws SQLException {
        double v = r.getDouble(i);
        return r.wasNull() ? Double.NaN : v;
    }

    @Override
    public void close() throws SQLException {
        connection.close();
    }
}
