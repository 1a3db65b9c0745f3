package org.rpcbench.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
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
}
