package org.rpcbench.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The default store: an embedded SQLite file, named by its path, created with its folder on first use. */
class SqliteHistoryStoreTest extends HistoryStoreContract {
    @TempDir
    Path dir;
    int stores;

    @Override
    String store() {
        return dir.resolve("nested/folder/history-" + stores++ + ".db").toString();
    }

    @Test
    void aPathAndAJdbcUrlNameTheSameFile() throws Exception {
        Path file = dir.resolve("h.db");
        try (HistoryStore store = HistoryStore.open(file.toString())) {
            store.record(run("dubbo-hessian", T0, 32, 1000, 0), null);
        }
        assertThat(Files.size(file)).isPositive();
        try (HistoryStore store = HistoryStore.open("jdbc:sqlite:" + file)) {
            assertThat(store.list("dubbo-hessian", "getUser", 5)).hasSize(1);
        }
    }

    @Test
    void anUnknownKindOfStoreIsRefusedByName() {
        assertThatThrownBy(() -> HistoryStore.open("jdbc:mysql://db/bench?password=secret"))
                .isInstanceOf(SQLException.class).hasMessageContaining("jdbc:mysql://db/bench?password=***")
                .hasMessageNotContaining("secret");
    }

    @Test
    void passwordsAreNeverPrinted() {
        assertThat(HistoryStore.redact("jdbc:postgresql://h:5432/db?user=u&password=s3cret&ssl=true"))
                .isEqualTo("jdbc:postgresql://h:5432/db?user=u&password=***&ssl=true");
        assertThat(HistoryStore.redact("jdbc:postgresql://u:s3cret@h/db")).isEqualTo("jdbc:postgresql://u:***@h/db");
    }

    /** SQLite's schema cookie: it changes with every change to the schema, a view dropped and made again included. */
    static int schemaCookie(Path file) throws SQLException {
        try (java.sql.Connection c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + file);
             java.sql.ResultSet r = c.createStatement().executeQuery("PRAGMA schema_version")) {
            r.next();
            return r.getInt(1);
        }
    }

    @Test
    void aStoreIsAlteredOnceByItsFirstWriterAndNeverByReadersOrLaterWriters() throws Exception {
        Path file = dir.resolve("h.db");
        try (HistoryStore store = HistoryStore.open(file.toString())) {
            store.record(run("dubbo-hessian", T0, 32, 1000, 0), null);
        }
        int made = schemaCookie(file);
        assertThat(made).isPositive();
        try (HistoryStore store = HistoryStore.open(file.toString())) {
            assertThat(store.list("dubbo-hessian", "getUser", 5)).hasSize(1);
            assertThat(store.query("SELECT count(*) FROM rpcbench_series").get(0)[0]).isEqualTo("2");
            store.record(run("dubbo-hessian", T0.plusSeconds(60), 32, 1000, 0), null);
        }
        assertThat(schemaCookie(file)).as("no DDL after the first write").isEqualTo(made);
    }

    @Test
    void aStoreMadeBeforeVersionsIsReadAndBroughtUpToDateByItsNextWriter() throws Exception {
        Path file = dir.resolve("old.db");
        try (java.sql.Connection c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + file);
             java.sql.Statement s = c.createStatement()) {
            // the tables as the first stores had them: no data model, no costs per call, no version
            s.execute("CREATE TABLE rpcbench_run (run_id VARCHAR(64) PRIMARY KEY, started_at TEXT NOT NULL, suite VARCHAR(64),"
                    + " pair VARCHAR(64) NOT NULL, protocol VARCHAR(200), serialization VARCHAR(200), framework VARCHAR(200),"
                    + " framework_version VARCHAR(64), loop VARCHAR(16) NOT NULL, threads INTEGER NOT NULL, jmh_settings"
                    + " VARCHAR(200) NOT NULL, settings_hash VARCHAR(64), jdk VARCHAR(64), host VARCHAR(200) NOT NULL, cpu_model"
                    + " VARCHAR(200), cores INTEGER, git_commit VARCHAR(64), passed BOOLEAN NOT NULL, record TEXT NOT NULL)");
            s.execute("CREATE TABLE rpcbench_result (run_id VARCHAR(64) NOT NULL, case_name VARCHAR(64) NOT NULL, ops_per_second"
                    + " DOUBLE PRECISION, ops_error DOUBLE PRECISION, answered_per_second DOUBLE PRECISION, p50_ms DOUBLE PRECISION,"
                    + " p90_ms DOUBLE PRECISION, p99_ms DOUBLE PRECISION, p999_ms DOUBLE PRECISION, p9999_ms DOUBLE PRECISION,"
                    + " max_ms DOUBLE PRECISION, calls BIGINT NOT NULL, errors BIGINT NOT NULL, request_bytes DOUBLE PRECISION,"
                    + " response_bytes DOUBLE PRECISION, server_cpu_percent DOUBLE PRECISION, client_cpu_percent DOUBLE PRECISION,"
                    + " PRIMARY KEY (run_id, case_name))");
            s.execute("INSERT INTO rpcbench_run VALUES ('old', '2026-10-01T00:00:00.000Z', NULL, 'dubbo-hessian', 'dubbo', 'hessian2',"
                    + " 'Apache Dubbo', '3.3.5', 'closed-loop', 32, 'thrpt, 1 fork, 2 x 5 s + 4 x 5 s', 'h', '17', 'test-host',"
                    + " 'cpu', 2, 'abc', 1, '{}')");
            s.execute("INSERT INTO rpcbench_result VALUES ('old', 'getUser', 900, 1, 900, 1, 2, 3, 4, 5, 6, 100, 0, 1, 1, 50, 50)");
        }
        int before = schemaCookie(file);
        try (HistoryStore store = HistoryStore.open(file.toString())) {
            List<HistoryStore.Stored> rows = store.list("dubbo-hessian", "getUser", 5);
            assertThat(rows).singleElement().satisfies(r -> {
                assertThat(r.point().opsPerSecond()).isEqualTo(900.0);
                assertThat(r.point().serverMicrosPerCall()).as("not kept then").isNaN();
            });
        }
        assertThat(schemaCookie(file)).as("reading changed nothing").isEqualTo(before);
        try (HistoryStore store = HistoryStore.open(file.toString())) {
            assertThat(store.record(run("dubbo-hessian", T0, 32, 1000, 0), null)).isTrue();
            assertThat(store.list("dubbo-hessian", "getUser", 5)).hasSize(2);
            assertThat(store.query("SELECT version FROM rpcbench_schema").get(0)[0]).isEqualTo(String.valueOf(HistorySchema.VERSION));
        }
    }
}
