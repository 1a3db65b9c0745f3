package org.rpcbench.suite;

import java.nio.file.Path;
import java.util.Map;

/**
 * The checkout a command works in (benchmark.sh names it in RPCBENCH_ROOT) and its history store:
 * results/history.db unless RPCBENCH_HISTORY names another file or a PostgreSQL database, or is "off".
 */
record Checkout(Path root, String historyStore) {

    static Checkout fromEnvironment() {
        String root = System.getenv("RPCBENCH_ROOT");
        Path dir = (root == null || root.isBlank() ? Path.of("") : Path.of(root)).toAbsolutePath();
        String history = System.getenv("RPCBENCH_HISTORY");
        String store = history == null || history.isBlank() ? dir.resolve("results").resolve("history.db").toString()
                : history.equals("off") ? null : history;
        return new Checkout(dir, store);
    }

    /** What a run's environment says of the history: nothing to add (runs inherit it). */
    Map<String, String> historyEnv() {
        return Map.of();
    }

    /** For runs that must not be kept: an ab's, a calibration's. */
    static Map<String, String> noHistory() {
        return Map.of("RPCBENCH_HISTORY", "off");
    }
}
