package org.rpcbench.history;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import org.rpcbench.record.RunRecord;

/**
 * The history of runs: one row per run (what ran, where, with which settings, and its whole run record) and
 * one per case (the figures), in an embedded SQLite file or in a team's PostgreSQL. The tables are plain
 * enough for a Grafana dashboard to query directly; the view {@code rpcbench_series} joins them into one
 * row per run and case with a {@code time} column (docs/history.md: "History").
 *
 * <p>Opening a store connects and nothing more: reading needs only SELECT. The first {@link #record} into
 * a store makes its schema ({@link HistorySchema}); each run is kept once ({@link RunWriter}). In code:
 * {@code try (HistoryStore s = HistoryStore.open(StoreAddress.fromEnvironment())) { s.record(run, suite); }}.
 */
public final class HistoryStore implements AutoCloseable {
    private final String where;
    private final RunWriter writer;
    private final HistoryQueries queries;

    /** The writer and the queries share the store's one connection, which closing the store closes. */
    private HistoryStore(Connection connection, Dialect dialect, String where) {
        this.where = where;
        this.writer = new RunWriter(connection, dialect);
        this.queries = new HistoryQueries(connection, dialect);
    }

    /**
     * Connects to the store: a file path or {@code jdbc:sqlite:FILE} for SQLite, or
     * {@code jdbc:postgresql://HOST:PORT/DB}. A user and password may be in the URL's parameters or in the
     * environment (RPCBENCH_HISTORY_USER, RPCBENCH_HISTORY_PASSWORD); the address itself comes from the
     * environment or a file ({@link StoreAddress}), never from a command line, where any user can read it.
     */
    public static HistoryStore open(String where) throws SQLException {
        Dialect dialect = Dialect.of(where);
        return new HistoryStore(dialect.connect(where), dialect, redact(where));
    }

    /**
     * Whether a store can be used, asked before any work starts: its address is one of the two kinds, and a
     * PostgreSQL store answers (within seconds). A SQLite file is made when it is first written.
     *
     * @throws SQLException one line: what is wrong with the address, or why the store did not answer
     */
    public static void check(String where) throws SQLException {
        Dialect dialect = Dialect.of(where);
        if (dialect == Dialect.POSTGRESQL) {
            dialect.connect(where).close();
        }
    }

    /** The store's address with any password taken out, fit to print. */
    public static String redact(String where) {
        return Redaction.redact(where);
    }

    /** The store's address as it may be printed. */
    public String where() {
        return where;
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
        return writer.record(record, suite, null);
    }

    /**
     * Records a run under a name of its own: a suite's row on a Dubbo release of its own ("dubbo-hessian@3.0.15"),
     * whose series must not mix with the pair's on the build's release; null: the run's pair.
     */
    public boolean record(RunRecord record, String suite, String pair) throws SQLException {
        return writer.record(record, suite, pair);
    }

    /** The stored runs of a pair and case in a series, oldest first, at most the newest {@code limit}. */
    public List<TrendPoint> trend(SeriesKey key, String caseName, int limit) throws SQLException {
        return queries.trend(key, caseName, limit);
    }

    /** One stored run of a pair and case, as the command line lists it. */
    public record Stored(Instant time, int threads, String jmhSettings, String host, String settingsHash, TrendPoint point) {}

    /** Every stored run of a pair and case, newest last, at most the newest {@code limit}. */
    public List<Stored> list(String pair, String caseName, int limit) throws SQLException {
        return queries.select("r.pair = ? AND x.case_name = ?", List.of(pair, caseName), limit);
    }

    /**
     * As {@link #list}, with the runs of the pair on the other framework releases a suite ran it on (kept as
     * {@code PAIR@RELEASE}): one case across releases.
     */
    public List<Stored> listAcrossReleases(String pair, String caseName, int limit) throws SQLException {
        return queries.select("(r.pair = ? OR r.pair LIKE ?) AND x.case_name = ?", List.of(pair, pair + "@%", caseName), limit);
    }

    /** The stored runs of a pair and case measured with these settings (the same settings hash), newest last. */
    public List<Stored> sameSettings(String pair, String caseName, String settingsHash, int limit) throws SQLException {
        return queries.select("r.pair = ? AND x.case_name = ? AND r.settings_hash = ?", List.of(pair, caseName, settingsHash), limit);
    }

    /** A time as the command line prints it. */
    public static String format(Instant time) {
        return Dialect.SQLITE_TIME.format(time);
    }

    /** Any query, each row's columns as text: what a dashboard or a test would read. */
    List<String[]> query(String sql) throws SQLException {
        return queries.query(sql);
    }

    @Override
    public void close() throws SQLException {
        writer.connection().close();
    }
}
