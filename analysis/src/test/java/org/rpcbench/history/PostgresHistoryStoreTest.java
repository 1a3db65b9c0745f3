package org.rpcbench.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.sql.SQLException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A team's store: a real PostgreSQL server, started for this test from Debian's postgresql package. Where
 * the package is missing the test is skipped and says so, except under CI, where it fails: CI installs it.
 */
class PostgresHistoryStoreTest extends HistoryStoreContract {
    static LocalPostgres server;
    static final java.util.concurrent.atomic.AtomicInteger DATABASES = new java.util.concurrent.atomic.AtomicInteger();

    @BeforeAll
    static void startPostgres() throws Exception {
        Path bin = LocalPostgres.binariesOrSkip();
        server = LocalPostgres.start(bin);
    }

    @AfterAll
    static void stopPostgres() throws Exception {
        if (server != null) {
            server.close();
        }
    }

    @Override
    String store() throws Exception {
        return server.createDatabase("history_" + DATABASES.getAndIncrement());
    }

    @Test
    void aServerThatIsNotThereIsRefusedWithoutItsPassword() throws Exception {
        int port;
        try (java.net.ServerSocket s = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        assertThatThrownBy(() -> HistoryStore.open("jdbc:postgresql://127.0.0.1:" + port + "/x?user=u&password=secret"))
                .isInstanceOf(SQLException.class).hasMessageNotContaining("secret");
    }

    @Test
    void aReaderWithSelectAloneReadsAndAWriterWithoutCreateRecordsIntoAStoreMadeAlready() throws Exception {
        String where = store();
        try (HistoryStore store = HistoryStore.open(where)) {
            store.record(run("dubbo-hessian", T0, 32, 30000, 0), null);
        }
        int n = DATABASES.get();
        String reader = "reader_" + n;
        String writer = "writer_" + n;
        try (java.sql.Connection c = java.sql.DriverManager.getConnection(where); java.sql.Statement s = c.createStatement()) {
            s.execute("REVOKE CREATE ON SCHEMA public FROM PUBLIC");
            s.execute("CREATE ROLE " + reader + " LOGIN");
            s.execute("GRANT SELECT ON ALL TABLES IN SCHEMA public TO " + reader);
            s.execute("CREATE ROLE " + writer + " LOGIN");
            s.execute("GRANT SELECT, INSERT ON ALL TABLES IN SCHEMA public TO " + writer);
        }
        try (HistoryStore store = HistoryStore.open(where.replace("user=rpcbench", "user=" + reader))) {
            assertThat(store.list("dubbo-hessian", "getUser", 10)).hasSize(1);
            assertThat(store.query("SELECT count(*) FROM rpcbench_series")).singleElement().satisfies(r -> assertThat(r[0]).isEqualTo("2"));
            assertThatThrownBy(() -> store.record(run("dubbo-hessian", T0.plusSeconds(30), 32, 30000, 0), null))
                    .as("the reader may not write").isInstanceOf(SQLException.class);
        }
        String asWriter = where.replace("user=rpcbench", "user=" + writer);
        try (HistoryStore store = HistoryStore.open(asWriter)) {
            org.assertj.core.api.Assertions.assertThat(store.record(run("dubbo-hessian", T0.plusSeconds(60), 32, 31000, 0), null)).isTrue();
            assertThat(store.list("dubbo-hessian", "getUser", 10)).hasSize(2);
        }
        try (java.sql.Connection c = java.sql.DriverManager.getConnection(asWriter); java.sql.Statement s = c.createStatement()) {
            assertThatThrownBy(() -> s.execute("CREATE TABLE anything (a INTEGER)")).as("the writer has no CREATE right")
                    .isInstanceOf(SQLException.class);
        }
    }
}
