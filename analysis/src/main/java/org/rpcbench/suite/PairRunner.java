package org.rpcbench.suite;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs a pair as a user would, through a checkout's benchmark.sh (a server and a client on loopback, every
 * answer checked, the run record written), one at a time: the orchestrator decides what runs, benchmark.sh
 * starts and stops the processes. The run under way can be stopped from another thread (a signal): its
 * benchmark.sh is told to stop (SIGTERM), stops its server, client and forks, and is waited for.
 */
final class PairRunner {
    /** The exit code of a run refused because the runner was stopped. */
    static final int STOPPED = 130;
    private final Path checkout;
    private Process current;
    private boolean stopped;

    /** @param checkout the directory whose benchmark.sh and built jars run the pair */
    PairRunner(Path checkout) {
        this.checkout = checkout;
    }

    Path checkout() {
        return checkout;
    }

    /**
     * One run of a pair.
     *
     * @param dir where the run writes (jmh.json, run.json, server.log, ...)
     * @param concurrency calls in flight, several for a sweep against one server; empty for the default
     * @param log where the run's output goes; null to show it
     * @param env what the run's environment adds (the history store, a suite's name, the server's JVM options)
     */
    record Run(String pair, Path dir, String jmh, List<Integer> concurrency, List<String> switches, boolean pin,
               Map<String, String> env, Path log) {}

    /** Runs it and returns benchmark.sh's exit code. */
    int run(Run r) throws IOException, InterruptedException {
        Files.createDirectories(r.dir());
        List<String> command = new ArrayList<>(List.of(checkout.resolve("benchmark.sh").toString(), "-n", "-f",
                r.dir().resolve("jmh.json").toString(), "-a", r.jmh()));
        if (!r.concurrency().isEmpty()) {
            command.add("-t");
            command.add(String.join(",", r.concurrency().stream().map(String::valueOf).toList()));
        }
        for (String s : r.switches()) {
            command.add("-o");
            command.add(s);
        }
        if (r.pin()) {
            command.add("-c");
        }
        command.add(r.pair());
        return start(command, r.env(), r.log());
    }

    /** Builds these pairs in the checkout (benchmark.sh build), with extra Maven options or none. */
    int build(List<String> pairs, String mavenOptions, Path log) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(checkout.resolve("benchmark.sh").toString()));
        if (mavenOptions != null) {
            command.add("-b");
            command.add(mavenOptions);
        }
        command.add("build");
        command.addAll(pairs);
        return start(command, Map.of(), log);
    }

    private int start(List<String> command, Map<String, String> env, Path log) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(command).directory(checkout.toFile());
        builder.environment().putAll(env);
        if (log == null) {
            builder.inheritIO();
        } else {
            Files.createDirectories(log.toAbsolutePath().getParent());
            builder.redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        }
        Process p;
        synchronized (this) {
            if (stopped) {
                return STOPPED; // a stop came first: nothing may start after it
            }
            p = builder.start();
            current = p;
        }
        try {
            return p.waitFor();
        } finally {
            synchronized (this) {
                current = null;
            }
        }
    }

    /**
     * Stops the run under way, if any, as a supervisor would (SIGTERM, then its own clean-up, waited for), and
     * refuses every run after it.
     */
    void stop() {
        Process p;
        synchronized (this) {
            stopped = true;
            p = current;
        }
        if (p == null) {
            return;
        }
        p.destroy();
        try {
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
