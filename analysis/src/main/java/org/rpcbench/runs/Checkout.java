package org.rpcbench.runs;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A checkout of rpc-bench whose built jars run: this one, or a side of an ab built in a directory of its own.
 * It knows where each pair's jars (or the Go module's binary) are built, and which commit it is, for the run
 * record.
 */
public final class Checkout {
    private final Path root;
    private String commit;

    private Checkout(Path root, String commit) {
        this.root = root.toAbsolutePath().normalize();
        this.commit = commit;
    }

    /** A git checkout: its commit is asked of git when a run first needs it. */
    public static Checkout at(Path root) {
        return new Checkout(root, null);
    }

    /** A copy that is not a git checkout (an ab side), of the commit given. */
    public static Checkout copyOf(Path root, String commit) {
        return new Checkout(root, commit);
    }

    public Path root() {
        return root;
    }

    public Path results() {
        return root.resolve("results");
    }

    public Pairs pairs() throws IOException {
        return Pairs.of(root);
    }

    /** A pair's side built as a runnable jar: {@code PAIR-server/target/PAIR-server.jar}. */
    public Path jar(String pair, String side) {
        return root.resolve(pair + "-" + side).resolve("target").resolve(pair + "-" + side + ".jar");
    }

    /** The Go module's one binary, both sides of every Go pair. */
    public Path goBinary() {
        return root.resolve("go").resolve("target").resolve("bin").resolve("rpcbench-go");
    }

    /** What runs a pair's side: its jar, or the Go binary. */
    public Path built(Pair pair, String side) {
        return pair.go() ? goBinary() : jar(pair.name(), side);
    }

    /** HEAD's commit, with "+dirty" when the working tree has changes; "unknown" outside git. */
    public synchronized String commit() {
        if (commit == null) {
            String head = git(List.of("git", "rev-parse", "HEAD"));
            String changes = head == null ? null : git(List.of("git", "status", "--porcelain"));
            commit = head == null ? "unknown" : head + (changes == null || changes.isEmpty() ? "" : "+dirty");
        }
        return commit;
    }

    private String git(List<String> command) {
        try {
            Path out = Files.createTempFile("rpcbench-git", ".txt");
            try {
                Process git = new ProcessBuilder(command).directory(root.toFile()).redirectErrorStream(false)
                        .redirectOutput(out.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
                if (!git.waitFor(30, TimeUnit.SECONDS)) {
                    git.destroyForcibly();
                    return null;
                }
                return git.exitValue() == 0 ? Files.readString(out, StandardCharsets.UTF_8).trim() : null;
            } finally {
                Files.deleteIfExists(out);
            }
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    @Override
    public String toString() {
        return root.toString();
    }
}
