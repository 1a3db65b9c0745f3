package org.rpcbench.history;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.HexFormat;
import java.util.List;
import org.rpcbench.record.CaseRecord;
import org.rpcbench.record.Records;
import org.rpcbench.record.RunRecord;

/**
 * Keeps runs in the store, each once: the schema brought up to date if need be (its own transaction, and
 * only the first time), then in one transaction the run's row, inserted unless a row with its id is there
 * already (the check is the insert itself, so two writers of one run cannot both insert it), and its
 * cases' rows. All of the run or nothing.
 *
 * <p>A run's id is a hash of what makes it unique (pair, start time, host, target, concurrency), so
 * recording the same run.json again changes nothing. A calibration run (a known cost added to every server
 * call) is refused: it must never pass as a real one.
 */
record RunWriter(Connection connection, Dialect dialect) {

    /** Records a run; false when it was already there. */
    boolean record(RunRecord record, String suite, String pair) throws SQLException {
        if (record.calibration() != null) {
            throw new IllegalArgumentException("a calibration run (" + record.calibration() + " ns of CPU added to every"
                    + " server call) is never kept in the history: it is not a real result");
        }
        Instant started = started(record);
        connection.setAutoCommit(false);
        try {
            HistorySchema.ensure(connection, dialect);
            connection.commit(); // the schema is kept, whatever becomes of the run
            String runId = runId(record);
            boolean added = insertRun(runId, started, record, suite, pair);
            if (added) {
                insertResults(runId, record.cases());
            }
            connection.commit();
            return added;
        } catch (SQLException | RuntimeException e) {
            connection.rollback();
            throw e;
        } finally {
            connection.setAutoCommit(true);
        }
    }

    static Instant started(RunRecord record) {
        String date = record.environment().date();
        try {
            return Instant.parse(date);
        } catch (DateTimeParseException | NullPointerException e) {
            throw new IllegalArgumentException("the run's environment.date, " + date + ", is not an ISO-8601 time");
        }
    }

    /** The run's row, unless one with its id is there; whether it was inserted. */
    private boolean insertRun(String runId, Instant started, RunRecord record, String suite, String pair) throws SQLException {
        var fw = record.framework();
        var env = record.environment();
        HistoryStore.SeriesKey key = HistoryStore.SeriesKey.of(record);
        try (PreparedStatement run = connection.prepareStatement("INSERT INTO " + HistorySchema.RUNS + " (run_id, started_at,"
                + " suite, pair, protocol, serialization, framework, framework_version, loop, threads, jmh_settings,"
                + " settings_hash, jdk, host, cpu_model, cores, git_commit, passed, record, data_model)"
                + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (run_id) DO NOTHING")) {
            int i = 1;
            run.setString(i++, runId);
            dialect.setTime(run, i++, started);
            run.setString(i++, suite);
            run.setString(i++, pair != null ? pair : key.pair());
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
            return run.executeUpdate() == 1;
        }
    }

    private void insertResults(String runId, List<CaseRecord> cases) throws SQLException {
        try (PreparedStatement result = connection.prepareStatement("INSERT INTO " + HistorySchema.RESULTS + " (run_id,"
                + " case_name, ops_per_second, ops_error, answered_per_second, p50_ms, p90_ms, p99_ms, p999_ms, p9999_ms,"
                + " max_ms, calls, errors, request_bytes, response_bytes, server_cpu_percent, client_cpu_percent,"
                + " server_cpu_us_per_call, client_cpu_us_per_call, server_alloc_bytes_per_call, client_alloc_bytes_per_call)"
                + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            for (CaseRecord c : cases) {
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

    private static void setNumber(PreparedStatement s, int i, double v) throws SQLException {
        if (Double.isFinite(v)) {
            s.setDouble(i, v);
        } else {
            s.setNull(i, Types.DOUBLE);
        }
    }
}
