package org.rpcbench.history;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.sql.SQLException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
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
        Path bin = LocalPostgres.binaries();
        if (bin == null) {
            String why = "PostgreSQL is not installed (Debian: apt-get install postgresql; ./test.sh does it)";
            if (System.getenv("CI") != null) {
                throw new IllegalStateException(why);
            }
            Assumptions.abort(why);
        }
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
}
