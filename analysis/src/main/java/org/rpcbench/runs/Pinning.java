package org.rpcbench.runs;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Where each side runs when pinned (-c): the server on CPU 0, the client on the others, through taskset;
 * the run record says so. {@link #NONE} when not pinned.
 *
 * @param serverCpus taskset's CPU list for the server, or null
 * @param clientCpus taskset's CPU list for the client, or null
 */
public record Pinning(String serverCpus, String clientCpus) {
    public static final Pinning NONE = new Pinning(null, null);

    /** The pinning of this machine, or why it cannot be had. */
    public static Pinning of(boolean pin) throws CannotRun {
        if (!pin) {
            return NONE;
        }
        int cpus = Runtime.getRuntime().availableProcessors();
        if (cpus < 2) {
            throw new CannotRun("-c needs at least 2 CPUs, this machine has " + cpus);
        }
        if (!onPath("taskset")) {
            throw new CannotRun("-c needs taskset (util-linux)");
        }
        return new Pinning("0", "1-" + (cpus - 1));
    }

    public boolean pinned() {
        return serverCpus != null;
    }

    /** What the run record says of it. */
    public String describe() {
        return "server on CPU " + serverCpus + ", client on CPUs " + clientCpus;
    }

    /** The command, pinned to these CPUs when pinned. */
    static List<String> on(String cpus, List<String> command) {
        if (cpus == null) {
            return command;
        }
        List<String> pinned = new java.util.ArrayList<>(List.of("taskset", "-c", cpus));
        pinned.addAll(command);
        return pinned;
    }

    private static boolean onPath(String tool) {
        String path = System.getenv("PATH");
        if (path == null) {
            return false;
        }
        for (String dir : path.split(java.io.File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, tool))) {
                return true;
            }
        }
        return false;
    }
}
