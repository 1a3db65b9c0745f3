package org.rpcbench.runs;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.rpcbench.cli.UsageException;
import org.rpcbench.history.Recorder;
import org.rpcbench.record.Records;
import org.rpcbench.record.RunRecord;
import org.rpcbench.report.ReportTable;
import org.rpcbench.report.SweepTable;

/**
 * One run of a pair, as its settings say: the server on a free port of its host, its output in
 * {@code server.log}, until it prints its ready line (which names the address it bound); then the client
 * against it, once per concurrency of a sweep; then both stopped with everything below them. The server is
 * watched: one that dies mid-run stops the run within a second, and says so. After the runs, the sweep's
 * table and the records kept in the history store. A client alone runs against a server given; a server
 * alone serves in the foreground until a stop.
 *
 * <p>Every process starts through the {@link Stop}: a stop ends them, and a run that a stop interrupted is
 * no result (nothing is kept of it, and the caller is told).
 */
public final class PairRun {
    /** The server's ready line (server-base's and the Go server's): "... ready: PAIR on HOST:PORT (pid N)". */
    static final String READY = "rpc-bench server ready:";
    private static final Pattern BOUND = Pattern.compile(" on (\\S+) \\(pid");
    private static final long WATCH_MILLIS = 200;

    /**
     * @param exit 0 passed, 1 failed, 2 bad input (as the server or the client judged it), 3 the server could
     *     not be benchmarked; a stop's code when stopped
     * @param records the run records written, one per concurrency
     * @param stopped whether a stop interrupted it: then it is no result
     */
    public record Result(int exit, List<Path> records, boolean stopped) {}

    private final PairRunSettings s;
    private final Stop stop;
    private final Clock clock;
    private final PrintStream terminalOut;
    private final PrintStream terminalErr;

    /** @param out, err where the run speaks when it has no log of its own */
    public PairRun(PairRunSettings settings, Stop stop, Clock clock, PrintStream out, PrintStream err) {
        this.s = settings;
        this.stop = stop;
        this.clock = clock;
        this.terminalOut = out;
        this.terminalErr = err;
    }

    /** A pair run, or a client alone. */
    public Result run() throws UsageException, CannotRun, IOException {
        if (s.side() == PairRunSettings.Side.SERVER) {
            throw new IllegalStateException("a server alone is served, not run");
        }
        try (ResultDirs.Claim claim = ResultDirs.claim(s.resultFiles(), s.overwrite()); Speech say = speech()) {
            return runClaimed(say);
        }
    }

    private Result runClaimed(Speech say) throws CannotRun, IOException {
        Pinning pinning = Pinning.of(s.pin());
        Path dir = s.resultFile().getParent();
        Profiler profiler = profiler("client");
        if (s.profiling() && profiler == null) {
            say.err("no async-profiler library for this platform: flight recordings only");
        }
        Launch launch = new Launch(s, pinning, profiler);
        Server server = null;
        Path serverLog = dir.resolve("server.log");
        try {
            Integer port = s.port();
            if (s.side() == PairRunSettings.Side.PAIR) {
                List<String> command = launch.server(port == null ? 0 : port, s.profiling() ? dir.resolve("server.jfr") : null,
                        s.profiling() ? dir.resolve("server-flame.html") : null);
                server = startServer(command, serverLog, say);
                if (server.exit != 0) {
                    return new Result(server.exit, List.of(), false);
                }
                say.out(s.pair().name() + " server on " + server.address + " (pid " + server.process.pid() + ", log " + serverLog + ")");
                port = Integer.valueOf(server.address.substring(server.address.lastIndexOf(':') + 1));
            }
            int status = 0;
            for (Integer threads : s.concurrency().isEmpty() ? java.util.Collections.<Integer>singletonList(null) : s.concurrency()) {
                if (threads != null && s.sweep()) {
                    say.out("concurrency " + threads);
                }
                ClientEnd end = client(launch, pinning, server, port, threads, serverLog, say);
                status = end.serverDied() ? 1 : Math.max(status, end.exit()); // a dead server fails the run, whatever the client said
                if (end.serverDied() || stop.requested()) {
                    break;
                }
            }
            if (server != null) {
                stop.end(server.process);
            }
            if (stop.requested()) {
                return new Result(stop.exitCode(), List.of(), true);
            }
            List<Path> records = s.resultFiles().stream().map(Records::besideResult).filter(Files::isRegularFile).toList();
            if (!afterRuns(records, say)) {
                status = Math.max(status, 1);
            }
            if (s.profiling()) {
                say.out("flight recordings: " + (server == null ? "" : dir.resolve("server.jfr") + " (server), ") + dir.resolve("jfr")
                        + " (client forks)");
                if (profiler != null) {
                    say.out("flame graphs: " + (server == null ? "" : dir.resolve("server-flame.html") + " (server), ")
                            + dir.resolve("flame") + " (client, per case)");
                }
            }
            return new Result(status, records, false);
        } catch (Stopped e) {
            return new Result(stop.exitCode(), List.of(), true);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Result(Stop.INTERRUPTED, List.of(), true);
        } finally {
            if (server != null && server.process.isAlive()) {
                stop.end(server.process);
            }
        }
    }

    /**
     * A server alone, in the foreground, until it ends or a stop: its output is the terminal's (its ready
     * line carries its process id). Returns its exit code, or the stop's.
     */
    public int serve() throws CannotRun, IOException, UsageException {
        Pinning pinning = Pinning.of(s.pin());
        Path dir = s.resultFile();
        Profiler profiler = null;
        if (s.profiling()) {
            profiler = profiler("server");
            try {
                Files.createDirectories(dir);
            } catch (IOException e) {
                throw ResultDirs.unwritable(dir, e);
            }
        }
        Launch launch = new Launch(s, pinning, profiler);
        List<String> command = launch.server(s.port(), s.profiling() ? dir.resolve("server.jfr") : null,
                s.profiling() ? dir.resolve("server-flame.html") : null);
        try {
            Process server = stop.start(new ProcessBuilder(command).inheritIO());
            int exit = server.waitFor();
            if (s.profiling()) {
                terminalOut.println("benchmark.sh: flight recording: " + dir.resolve("server.jfr")
                        + (profiler == null ? "" : ", flame graph: " + dir.resolve("server-flame.html")));
            }
            return stop.requested() ? stop.exitCode() : exit;
        } catch (Stopped e) {
            return stop.exitCode();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Stop.INTERRUPTED;
        }
    }

    private Profiler profiler(String side) throws IOException {
        return s.profiling() && !s.pair().go() ? Profiler.from(s.checkout().jar(s.pair().name(), side), s.checkout().results()) : null;
    }

    /** How a client run ended: its exit code, and whether its server died under it. */
    private record ClientEnd(int exit, boolean serverDied) {}

    /** One client run (one concurrency of a sweep), its server watched: one that dies stops the client within a second. */
    private ClientEnd client(Launch launch, Pinning pinning, Server server, Integer port, Integer threads, Path serverLog, Speech say)
            throws IOException, Stopped, InterruptedException {
        Path dir = s.resultFile().getParent();
        Process client = stop.start(clientBuilder(launch.client(port, s.resultFor(threads), threads,
                server == null ? -1 : server.process.pid(), s.profiling() ? dir.resolve("flame") : null), pinning, server, say));
        boolean died = false;
        while (!client.waitFor(WATCH_MILLIS, TimeUnit.MILLISECONDS)) {
            if (server != null && !server.process.isAlive() && !stop.requested()) {
                say.err("the " + s.pair().name() + " server died during the run; stopping the client (server log: " + serverLog + ")");
                stop.end(client);
                died = true;
                break;
            }
        }
        client.waitFor();
        // the client may have ended first, its calls refused by a server that had just died
        if (!died && !stop.requested() && server != null && !server.process.isAlive()) {
            say.err("the " + s.pair().name() + " server died during the run (server log: " + serverLog + ")");
            died = true;
        }
        return new ClientEnd(client.exitValue(), died);
    }

    /** A started server and the address it bound, or the exit code of one that never got ready. */
    private record Server(Process process, List<String> command, String address, int exit) {}

    private Server startServer(List<String> command, Path log, Speech say) throws IOException, Stopped, InterruptedException {
        ProcessBuilder b = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        Process p = stop.start(b);
        long deadline = clock.millis() + s.readyTimeout().toMillis();
        while (true) {
            String ready = firstLine(log, READY);
            if (ready != null) {
                Matcher m = BOUND.matcher(ready);
                if (m.find()) {
                    return new Server(p, command, m.group(1), 0);
                }
                say.err("the " + s.pair().name() + " server's ready line names no address: " + ready);
                stop.end(p);
                return new Server(p, command, null, 1);
            }
            if (!p.isAlive()) {
                if (stop.requested()) {
                    throw new Stopped();
                }
                String why = firstLine(log, "rpc-bench server");
                if (why == null) {
                    why = lastLine(log);
                }
                say.err("the " + s.pair().name() + " server did not start: " + (why == null ? "exit " + p.exitValue() : why));
                // a bad -o, as the server judged it, is bad input
                return new Server(p, command, null, why != null && why.startsWith("rpc-bench server: switch ") ? 2 : 1);
            }
            if (stop.requested()) {
                stop.end(p);
                throw new Stopped();
            }
            if (clock.millis() > deadline) {
                say.err("the " + s.pair().name() + " server printed no ready line within " + s.readyTimeout().toSeconds() + "s (see " + log + ")");
                stop.end(p);
                return new Server(p, command, null, 1);
            }
            Thread.sleep(100);
        }
    }

    private ProcessBuilder clientBuilder(List<String> command, Pinning pinning, Server server, Speech say) {
        ProcessBuilder b = new ProcessBuilder(command);
        Map<String, String> env = b.environment();
        env.put("RPCBENCH_GIT_COMMIT", s.checkout().commit());
        if (pinning.pinned()) {
            env.put("RPCBENCH_PINNING", pinning.describe());
        }
        if (server != null) {
            env.put("RPCBENCH_SERVER_COMMAND", String.join(" ", server.command()));
        }
        if (say.log != null) {
            b.redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(say.log.toFile()));
        } else {
            b.inheritIO();
        }
        return b;
    }

    /** The sweep's table, and the records kept in the history store; false when they could not be kept. */
    private boolean afterRuns(List<Path> records, Speech say) {
        if (records.isEmpty()) {
            return true;
        }
        if (s.sweep()) {
            List<RunRecord> read = new ArrayList<>();
            try {
                for (Path f : records) {
                    read.add(Records.read(f));
                }
                say.out.println();
                say.out.print(SweepTable.text(ReportTable.ofSweep("sweep", read.stream().map(RunRecord::binding).distinct().toList(), read),
                        null));
            } catch (IOException | RuntimeException e) {
                say.err("the sweep's table cannot be made: " + e.getMessage());
            }
        }
        if (s.historyStore() == null) {
            return true;
        }
        if (s.calibrating()) {
            say.out("history: not kept (the calibration cost makes it no real result)");
            return true;
        }
        return Recorder.record(s.historyStore(), s.suite(), s.historyPair(), records, say.out, say.err) == 0;
    }

    private static String firstLine(Path file, String prefix) throws IOException {
        if (!Files.isRegularFile(file)) {
            return null;
        }
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            if (line.startsWith(prefix)) {
                return line;
            }
        }
        return null;
    }

    private static String lastLine(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            return null;
        }
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8).stream().map(String::strip).filter(l -> !l.isEmpty()).toList();
        return lines.isEmpty() ? null : lines.get(lines.size() - 1);
    }

    private Speech speech() throws UsageException {
        if (s.log() == null) {
            return new Speech(terminalOut, terminalErr, null);
        }
        try {
            Files.createDirectories(s.log().getParent());
            PrintStream log = new PrintStream(new FileOutputStream(s.log().toFile(), true), true, StandardCharsets.UTF_8);
            return new Speech(log, log, s.log());
        } catch (IOException e) {
            throw ResultDirs.unwritable(s.log().getParent(), e);
        }
    }

    /** Where the run says what it does: the terminal, or the run's log (with the client's output). */
    private record Speech(PrintStream out, PrintStream err, Path log) implements AutoCloseable {
        void out(String line) {
            out.println("benchmark.sh: " + line);
        }

        void err(String line) {
            err.println("benchmark.sh: " + line);
        }

        @Override
        public void close() {
            if (log != null) {
                out.close();
            }
        }
    }
}
