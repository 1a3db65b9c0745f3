package org.rpcbench.history;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * What {@code ps} shows every user of the machine: each process's command line, read from /proc over and
 * over while a process lives.
 */
final class ProcessList {

    /**
     * @param sawProcess how many passes found the watched process's own command line (none: it was never seen,
     *     and nothing was shown)
     * @param showing the command lines that held the text looked for
     */
    record Watch(int sawProcess, List<String> showing) {}

    private ProcessList() {}

    /** Every process's command line, read until {@code process} ends; those holding {@code text}. */
    static Watch watch(Process process, String text) throws IOException, InterruptedException {
        int seen = 0;
        List<String> showing = new ArrayList<>();
        String own = "/proc/" + process.pid() + "/cmdline";
        do {
            for (String line : commandLines()) {
                if (line.contains(text) && !showing.contains(line)) {
                    showing.add(line);
                }
            }
            if (!read(Path.of(own)).isEmpty()) {
                seen++;
            }
            // a command line lasts as long as its process; the JVMs watched live for seconds
            Thread.sleep(10);
        } while (process.isAlive());
        return new Watch(seen, showing);
    }

    /** The command lines of the processes running now, their arguments joined by spaces. */
    static List<String> commandLines() throws IOException {
        List<String> lines = new ArrayList<>();
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            for (Path p : procs.filter(p -> p.getFileName().toString().chars().allMatch(Character::isDigit)).toList()) {
                String line = read(p.resolve("cmdline"));
                if (!line.isEmpty()) {
                    lines.add(line);
                }
            }
        }
        return lines;
    }

    /** A process's command line, or nothing once it has gone. */
    private static String read(Path cmdline) {
        try {
            return new String(Files.readAllBytes(cmdline), StandardCharsets.UTF_8).replace('\0', ' ').trim();
        } catch (IOException e) {
            return "";
        }
    }
}
