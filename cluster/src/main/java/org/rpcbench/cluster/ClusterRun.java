package org.rpcbench.cluster;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A run on the cluster as a command ends it: the coordinator's outcome turned into an exit code and one
 * line, and each client's result folder laid out under the run's folder as client-INDEX/ (run.json,
 * jmh.json, tallies/), ready for {@code merge OUT client-0 client-1 ...}. What the CLI's
 * {@code ./benchmark.sh --on kubernetes PAIR} calls (analysis' KubernetesPairRun), then merges.
 */
public final class ClusterRun {
    public static final int PASSED = 0;
    public static final int FAILED = 1;
    public static final int REFUSED = 2;
    public static final int STOPPED = 130;

    /**
     * @param exitCode   {@link #PASSED}, {@link #FAILED}, {@link #REFUSED} or {@link #STOPPED}
     * @param line       null when passed; else the one line to print on stderr
     * @param clientDirs the client folders written, also for a failed run (nothing measured is dropped)
     * @param outcome    the coordinator's outcome, or null when the run was refused
     */
    public record Result(int exitCode, String line, List<Path> clientDirs, ClusterOutcome outcome) {
        public Result {
            clientDirs = List.copyOf(clientDirs);
        }
    }

    private ClusterRun() {}

    public static Result run(Coordinator coordinator, Path out) throws IOException {
        ClusterOutcome outcome;
        try {
            outcome = coordinator.run();
        } catch (ClusterRefusal e) {
            return new Result(REFUSED, "rpc-bench cluster: " + e.getMessage(), List.of(), null);
        }
        List<Path> dirs = new ArrayList<>();
        Files.createDirectories(out);
        for (ClientRecord r : outcome.records()) {
            Path dir = out.resolve("client-" + r.index());
            r.writeTo(dir);
            dirs.add(dir);
        }
        if ("stopped".equals(outcome.failure())) {
            return new Result(STOPPED, "rpc-bench cluster: stopped; " + dirs.size() + " client folder(s) kept in " + out, dirs, outcome);
        }
        if (outcome.failure() != null) {
            return new Result(FAILED, "rpc-bench cluster: FAILED: " + outcome.failure() + leftovers(outcome), dirs, outcome);
        }
        if (!outcome.leftovers().isEmpty()) {
            return new Result(FAILED, "rpc-bench cluster: FAILED: the run passed but" + leftovers(outcome).substring(1), dirs, outcome);
        }
        return new Result(PASSED, null, dirs, outcome);
    }

    private static String leftovers(ClusterOutcome outcome) {
        return outcome.leftovers().isEmpty() ? "" : "; left behind: " + String.join(", ", outcome.leftovers());
    }
}
