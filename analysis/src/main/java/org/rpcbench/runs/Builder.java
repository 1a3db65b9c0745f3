package org.rpcbench.runs;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Builds what runs need in a checkout, every time, so that a stale jar is never run:
 * {@code mvn -B -q -T 1C [options] -pl MODULES -am package -DskipTests}, the pairs' two modules each (the Go
 * module for a Go pair). A failed build shows the Maven log's ERROR lines. With -n nothing is built, and a
 * jar that is missing is said.
 */
public final class Builder {
    private static final int ERROR_LINES = 20;
    private final Stop stop;

    public Builder(Stop stop) {
        this.stop = stop;
    }

    /** The stop its processes start through, which the sources a side is made from start through too. */
    Stop stop() {
        return stop;
    }

    /** The modules that build these pairs, each once. */
    static List<String> modules(List<Pair> pairs) {
        Set<String> modules = new LinkedHashSet<>();
        pairs.forEach(p -> modules.addAll(p.modules()));
        return List.copyOf(modules);
    }

    /**
     * The Maven command line of a build: a thread per core unless the options say how many (a pair's server and
     * client modules build side by side; one Maven thread leaves a core of two idle through most of a build).
     */
    static List<String> command(List<Pair> pairs, String mavenOptions) {
        List<String> cmd = new ArrayList<>(List.of("mvn", "-B", "-q"));
        List<String> given = mavenOptions == null || mavenOptions.isBlank() ? List.of() : List.of(mavenOptions.trim().split("\\s+"));
        if (given.stream().noneMatch(o -> o.startsWith("-T") || o.startsWith("--threads"))) {
            cmd.addAll(List.of("-T", "1C"));
        }
        cmd.addAll(given);
        cmd.addAll(List.of("-pl", String.join(",", modules(pairs)), "-am", "package", "-DskipTests"));
        return cmd;
    }

    /**
     * Builds the pairs in the checkout.
     *
     * @param log where Maven's output goes (kept), or null for a file that is removed after
     * @throws CannotRun when the build fails (its ERROR lines said on {@code err} first)
     */
    public void build(Checkout checkout, List<Pair> pairs, String mavenOptions, Path log, PrintStream out, PrintStream err)
            throws CannotRun, Stopped, IOException {
        String what = String.join(" ", pairs.stream().map(Pair::name).toList());
        out.println("benchmark.sh: building " + what + " ...");
        Path output = log != null ? log : Files.createTempFile("rpcbench-build", ".log");
        try {
            Files.createDirectories(output.toAbsolutePath().getParent());
            Process mvn;
            try {
                mvn = stop.start(new ProcessBuilder(command(pairs, mavenOptions)).directory(checkout.root().toFile())
                        .redirectErrorStream(true).redirectOutput(output.toFile()));
            } catch (IOException e) {
                throw new CannotRun("mvn cannot be started (Maven 3.8 or newer must be on the PATH): " + e.getMessage());
            }
            int exit;
            try {
                exit = mvn.waitFor();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new Stopped();
            }
            if (stop.requested()) {
                throw new Stopped();
            }
            if (exit != 0) {
                err.println("benchmark.sh: the build of " + what + " failed" + (log != null ? " (log: " + log + ")" : "") + ":");
                List<String> lines = Files.readAllLines(output, StandardCharsets.UTF_8);
                List<String> errors = lines.stream().filter(l -> l.contains("ERROR") || l.contains("BUILD")).limit(ERROR_LINES).toList();
                (errors.isEmpty() ? lines.subList(Math.max(0, lines.size() - ERROR_LINES), lines.size()) : errors).forEach(err::println);
                throw new CannotRun("the build of " + what + " failed");
            }
        } finally {
            if (log == null) {
                Files.deleteIfExists(output);
            }
        }
    }

    /** With -n: what the pairs need must be built already. */
    public static void requireBuilt(Checkout checkout, List<Pair> pairs, boolean client, boolean server) throws CannotRun {
        for (Pair p : pairs) {
            for (String side : List.of("server", "client")) {
                if ((side.equals("server") ? server : client) && !Files.isRegularFile(checkout.built(p, side))) {
                    throw new CannotRun(checkout.built(p, side) + " is not built (run mvn package, or drop -n)");
                }
            }
        }
    }
}
