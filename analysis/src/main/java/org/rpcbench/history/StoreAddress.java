package org.rpcbench.history;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * Where the history store is, from where a password in it stays private: the environment
 * ({@code RPCBENCH_HISTORY}) or a file holding the address, never a command line, which every user of the
 * machine can read (ps). Unset or empty means the checkout's {@code results/history.db}; {@code off}, no
 * store.
 */
public final class StoreAddress {
    /** The environment variable that names the store. */
    public static final String VARIABLE = "RPCBENCH_HISTORY";
    /** Its value for "keep no history". */
    public static final String OFF = "off";

    private StoreAddress() {}

    /** The store the environment names (the process's own), or empty when the history is off. */
    public static Optional<String> fromEnvironment() {
        return fromEnvironment(System.getenv());
    }

    /**
     * The store {@code env} names, or empty when the history is off: {@code RPCBENCH_HISTORY}, else
     * {@code results/history.db} in the checkout ({@code RPCBENCH_ROOT}, else the working directory).
     */
    public static Optional<String> fromEnvironment(Map<String, String> env) {
        String named = env.get(VARIABLE);
        if (named == null || named.isBlank()) {
            String root = env.get("RPCBENCH_ROOT");
            Path dir = (root == null || root.isBlank() ? Path.of("") : Path.of(root)).toAbsolutePath();
            return Optional.of(dir.resolve("results").resolve("history.db").toString());
        }
        return named.trim().equals(OFF) ? Optional.empty() : Optional.of(named.trim());
    }

    /**
     * The store a file names: its first line that is not blank, as {@code RPCBENCH_HISTORY} would be
     * ({@code off} included). Keep such a file readable by its owner only.
     */
    public static Optional<String> fromFile(Path file) throws IOException {
        String first;
        try {
            first = Files.readAllLines(file, StandardCharsets.UTF_8).stream().map(String::trim).filter(l -> !l.isEmpty())
                    .findFirst().orElse(null);
        } catch (IOException e) {
            throw new IOException("cannot read the store file " + file + ": " + e.getMessage(), e);
        }
        if (first == null) {
            throw new IOException("the store file " + file + " names no store (its first line that is not blank is the"
                    + " store's address, or off)");
        }
        return first.equals(OFF) ? Optional.empty() : Optional.of(first);
    }
}
