package org.rpcbench.history;

import com.alibaba.fastjson2.JSONObject;
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
import org.rpcbench.report.ReportTable.Figures;

/**
 * The history of runs: one row per run (what ran, where, with which settings, and its whole run record) and
 * one per case (the figures), in an embedded SQLite file or in a team's PostgreSQL. The tables are plain
 * enough for a Grafana dashboard to query directly; the view {@code rpcbench_series} joins them into one
 * row per run and case with a {@code time} column (README: "History").
 *
 * <p>A run is recorded once: its id is a hash of what makes it unique (pair, start time, host, target,
 * concurrency), so recording the same run.json again changes nothing.
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
                    + " record TEXT NOT NULL)");
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
                    + " PRIMARY KEY (run_id, case_name))");
            s.execute("CREATE INDEX IF NOT EXISTS rpcbench_run_by_pair ON rpcbench_run (pair, started_at)");
            String view = "rpcbench_series AS SELECT r.started_at AS time, r.pair, x.case_name, r.threads,"
                    + " r.jmh_settings, r.host, r.suite, r.framework_version, r.git_commit, r.passed,"
                    + " x.answered_per_second, x.ops_per_second, x.ops_error, x.p50_ms, x.p90_ms, x.p99_ms, x.p999_ms,"
                    + " x.errors, x.request_bytes, x.response_bytes, x.server_cpu_percent, x.client_cpu_percent, r.run_id"
                    + " FROM rpcbench_run r JOIN rpcbench_result x ON x.run_id = r.run_id";
            s.execute(dialect == Dialect.POSTGRESQL ? "CREATE OR REPLACE VIEW " + view : "CREATE VIEW IF NOT EXISTS " + view);
        }
    }

    /** Where a trend of a pair and case may draw from: runs at this concurrency, JMH settings and host. */
    public record SeriesKey(String pair, int threads, String jmhSettings, String host) {

        public static SeriesKey of(JSONObject record) {
            return new SeriesKey(record.getString("binding"), Figures.threads(record), HistoryStore.jmhSettings(record),
                    record.getJSONObject("environment").getString("hostname"));
        }
    }

    /** The JMH settings that make two runs' figures comparable, in words: "thrpt, 1 fork, 2 x 5 s + 4 x 5 s". */
    static String jmhSettings(JSONObject record) {
        if (Figures.openLoop(record)) {
            JSONObject open = record.getJSONObject("openLoop");
            return "open loop, " + open.getString("targetRate") + " calls/s, " + open.getString("measureSeconds") + " s";
        }
        JSONObject jmh = record.getJSONObject("jmh");
        return String.format(Locale.ROOT, "%s, %d fork, %d x %s + %d x %s", jmh.getString("mode"), jmh.getIntValue("forks"),
                jmh.getIntValue("warmupIterations"), jmh.getString("warmupTime"), jmh.getIntValue("measurementIterations"),
                jmh.getString("measurementTime"));
    }

    /** Records a run; false when it was already there. All of it or nothing. */
    public boolean record(JSONObject record, String suite) throws SQLException {
        String runId = runId(record);
        try (PreparedStatement q = connection.prepareStatement("SELECT 1 FROM rpcbench_run WHERE run_id = ?")) {
            q.setString(1, runId);
            try (ResultSet r = q.executeQuery()) {
                if (r.next()) {
                    return false;
                }
            }
        }
        JSONObject fw = record.getJSONObject("framework");
        JSONObject env = record.getJSONObject("environment");
        SeriesKey key = SeriesKey.of(record);
        connection.setAutoCommit(false);
        try {
            try (PreparedStatement run = connection.prepareStatement("INSERT INTO rpcbench_run (run_id, started_at, suite,"
                    + " pair, protocol, serialization, framework, framework_version, loop, threads, jmh_settings,"
                    + " settings_hash, jdk, host, cpu_model, cores, git_commit, passed, record)"
                    + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
                int i = 1;
                run.setString(i++, runId);
                setTime(run, i++, Instant.parse(env.getString("date")));
                run.setString(i++, suite);
                run.setString(i++, key.pair());
                run.setString(i++, fw.getString("protocol"));
                run.setString(i++, fw.getString("serialization"));
                run.setString(i++, fw.getString("framework"));
                run.setString(i++, fw.getString("frameworkVersion"));
                run.setString(i++, record.getString("loop"));
                run.setInt(i++, key.threads());
                run.setString(i++, key.jmhSettings());
                run.setString(i++, record.getString("settingsHash"));
                run.setString(i++, env.getString("jdk"));
                run.setString(i++, key.host());
                run.setString(i++, env.getString("cpuModel"));
                run.setInt(i++, env.getIntValue("cores"));
                run.setString(i++, env.getString("gitCommit"));
                run.setBoolean(i++, record.getBooleanValue("passed"));
                run.setString(i, record.toJSONString());
                run.executeUpdate();
            }
            try (PreparedStatement result = connection.prepareStatement("INSERT INTO rpcbench_result (run_id, case_name,"
                    + " ops_per_second, ops_error, answered_per_second, p50_ms, p90_ms, p99_ms, p999_ms, p9999_ms, max_ms,"
                    + " calls, errors, request_bytes, response_bytes, server_cpu_percent, client_cpu_percent)"
                    + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
                for (Object o : record.getJSONArray("cases")) {
                    JSONObject c = (JSONObject) o;
                    int i = 1;
                    result.setString(i++, runId);
                    result.setString(i++, c.getString("name"));
                    setNumber(result, i++, c.getDoubleValue(Figures.openLoop(record) ? "achievedRate" : "opsPerSecond"));
                    setNumber(result, i++, c.containsKey("opsError") ? c.getDoubleValue("opsError") : Double.NaN);
                    setNumber(result, i++, Figures.answeredPerSecond(c, record));
                    for (String p : List.of("p50", "p90", "p99", "p99.9", "p99.99", "max")) {
                        setNumber(result, i++, Figures.latencyMs(c, p));
                    }
                    result.setLong(i++, c.getLongValue("calls"));
                    result.setLong(i++, Figures.errors(c));
                    setNumber(result, i++, Figures.wireBytes(c, "request"));
                    setNumber(result, i++, Figures.wireBytes(c, "response"));
                    setNumber(result, i++, Figures.cpuPercent(c, "server"));
                    setNumber(result, i, Figures.cpuPercent(c, "client"));
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
                + " x.p99_ms, x.errors, r.framework_version, r.git_commit FROM rpcbench_run r JOIN rpcbench_result x"
                + " ON x.run_id = r.run_id WHERE r.pair = ? AND x.case_name = ? AND r.threads = ? AND r.jmh_settings = ?"
                + " AND r.host = ? ORDER BY r.started_at DESC LIMIT ?")) {
            q.setString(1, key.pair());
            q.setString(2, caseName);
            q.setInt(3, key.threads());
            q.setString(4, key.jmhSettings());
            q.setString(5, key.host());
            q.setInt(6, limit);
            try (ResultSet r = q.executeQuery()) {
                while (r.next()) {
                    points.add(new TrendPoint(time(r, 1), number(r, 2), number(r, 3), number(r, 4), r.getLong(5),
                            r.getString(6), r.getString(7)));
                }
            }
        }
        Collections.reverse(points);
        return points;
    }

    /** Every stored run of a pair and case, newest last, for the command line: time, threads, settings too. */
    public List<String[]> list(String pair, String caseName, int limit) throws SQLException {
        List<String[]> rows = new ArrayList<>();
        try (PreparedStatement q = connection.prepareStatement("SELECT r.started_at, r.threads, r.jmh_settings, r.host,"
                + " r.framework_version, r.git_commit, x.answered_per_second, x.ops_error, x.p99_ms, x.errors"
                + " FROM rpcbench_run r JOIN rpcbench_result x ON x.run_id = r.run_id"
                + " WHERE r.pair = ? AND x.case_name = ? ORDER BY r.started_at DESC LIMIT ?")) {
            q.setString(1, pair);
            q.setString(2, caseName);
            q.setInt(3, limit);
            try (ResultSet r = q.executeQuery()) {
                while (r.next()) {
                    rows.add(new String[] {SQLITE_TIME.format(time(r, 1)), String.valueOf(r.getInt(2)), r.getString(3),
                            r.getString(4), r.getString(5), r.getString(6),
                            String.format(Locale.ROOT, "%.1f", number(r, 7)), String.format(Locale.ROOT, "%.1f", number(r, 8)),
                            String.format(Locale.ROOT, "%.3f", number(r, 9)), String.valueOf(r.getLong(10))});
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

    static String runId(JSONObject record) {
        JSONObject env = record.getJSONObject("environment");
        String identity = String.join("\n", record.getString("binding"), env.getString("date"), env.getString("hostname"),
                String.valueOf(record.getString("target")), String.valueOf(Figures.threads(record)));
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
