package org.rpcbench.suite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.rpcbench.cli.UsageException;

/** How benchmark.sh's words reach the commands behind them. */
class MainTest {

    @Test
    void historyOfAPairAndCaseShowsTheCheckoutsStore() throws UsageException {
        Checkout checkout = new Checkout(Path.of("/x"), "/x/results/history.db");
        assertThat(Main.historyArgs(checkout, List.of("dubbo-hessian", "getUser")))
                .containsExactly("show", "/x/results/history.db", "dubbo-hessian", "getUser");
        assertThat(Main.historyArgs(checkout, List.of("record", "store.db", "run.json")))
                .containsExactly("record", "store.db", "run.json");
    }

    @Test
    void historyWithTheStoreOffIsRefused() {
        assertThatThrownBy(() -> Main.historyArgs(new Checkout(Path.of("/x"), null), List.of("dubbo-hessian", "getUser")))
                .isInstanceOf(UsageException.class).hasMessageContaining("RPCBENCH_HISTORY=off");
    }
}
