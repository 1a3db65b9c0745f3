package org.rpcbench.launcher;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A process's limit on open files and how many it has open: a connection per caller needs a socket per
 * caller in the client and in the server, and a limit too low fails the run part-way with errors that do
 * not say why. Read before the run, so that it is said in one line.
 *
 * @param limit the soft limit (a JVM on Linux raises its own to the hard one at start)
 */
record OpenFiles(long limit, long open) {
    /** What a process keeps for everything but the callers' connections: jars, logs, the JVM's own. */
    static final int SPARE = 128;

    static OpenFiles own() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.UnixOperatingSystemMXBean unix) {
            return new OpenFiles(unix.getMaxFileDescriptorCount(), unix.getOpenFileDescriptorCount());
        }
        return new OpenFiles(Long.MAX_VALUE, 0);
    }

    /** Another process's, from /proc; empty when it cannot be read (another user's, or not Linux). */
    static Optional<OpenFiles> of(long pid) {
        try {
            long limit = -1;
            for (String line : Files.readAllLines(Path.of("/proc", String.valueOf(pid), "limits"))) {
                if (line.startsWith("Max open files")) {
                    String soft = line.substring("Max open files".length()).trim().split("\\s+")[0];
                    limit = soft.equals("unlimited") ? Long.MAX_VALUE : Long.parseLong(soft);
                }
            }
            try (Stream<Path> fds = Files.list(Path.of("/proc", String.valueOf(pid), "fd"))) {
                return limit < 0 ? Optional.empty() : Optional.of(new OpenFiles(limit, fds.count()));
            }
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** Null when {@code who} can open {@code connections} more; else what is wrong, in one line. */
    String shortOf(int connections, String who) {
        if (limit - open >= (long) connections + SPARE) {
            return null;
        }
        return connections + " connections, one per caller, need " + (connections + SPARE) + " more open files in " + who
                + ", whose limit is " + limit + " with " + open + " open: raise its limit (ulimit -n) or give fewer threads";
    }
}
