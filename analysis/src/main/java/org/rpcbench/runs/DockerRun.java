package org.rpcbench.runs;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.rpcbench.history.Recorder;
import org.rpcbench.merge.MergeClients;
import org.rpcbench.record.Records;
import org.rpcbench.record.RunRecord;
import org.rpcbench.record.RunSummary;

/**
 * A {@link ContainerPlan} run on the local Docker engine through its command-line client: the network, the
 * server (until its ready line), the clients at once, each waited for; then every container's output kept
 * beside the records ({@code server.log}, each client's {@code client.log}), the clients' records merged into the run's,
 * and every object of the run removed by its label, whatever happened (a failure, a stop). A failure is one
 * line naming it; what the clients measured stays in their folders.
 */
public final class DockerRun {
    private static final Pattern PID = Pattern.compile("\\(pid (\\d+)\\)");
    /** How long a client may take beyond nothing: none of them, once started, may outlast this. */
    private static final long CLIENT_LIMIT_MILLIS = TimeUnit.HOURS.toMillis(6);

    private final PairRunSettings s;
    private final ContainerPlan plan;
    private final Stop stop;
    private final Clock clock;
    private final PrintStream out;
    private final PrintStream err;

    public DockerRun(PairRunSettings s, ContainerPlan plan, Stop stop, Clock clock, PrintStream out, PrintStream err) {
        this.s = s;
        this.plan = plan;
        this.stop = stop;
        this.clock = clock;
        this.out = out;
        this.err = err;
    }

    /** The number of CPUs the engine's host has, or why the engine cannot be used. */
    public static int engineCpus() throws CannotRun, IOException, InterruptedException {
        Output o = docker(List.of("info", "--format", "{{.NCPU}}"), null);
        if (o.exit != 0) {
            List<String> lines = o.text.lines().map(String::strip).filter(l -> !l.isEmpty() && !l.matches("\\d+")).toList();
            throw new CannotRun("no Docker engine answers (docker/engine.sh starts one)" + (lines.isEmpty() ? "" : ": " + lines.get(0)));
        }
        return Integer.parseInt(o.text.strip());
    }

    /** Whether the engine has the image. */
    public static boolean hasImage(String image) throws IOException, InterruptedException {
        return docker(List.of("image", "inspect", "--format", "{{.Id}}", image), null).exit == 0;
    }

    /** The run: 0 passed, 1 failed (said in one line), a stop's code when stopped. */
    public int run() throws IOException, InterruptedException, org.rpcbench.cli.UsageException {
        Path dir = s.resultFile().getParent();
        try (ResultDirs.Claim c = ResultDirs.claim(s.resultFiles(), s.overwrite())) {
            for (Path p : plan.clientDirs()) {
                Files.createDirectories(p);
            }
            say("run " + plan.runId() + ": " + s.pair().name() + ", server and " + plan.clients().size() + " client(s) in containers of "
                    + plan.image() + " on network " + plan.network()
                    + (plan.pinning().pinned() ? " (" + plan.pinning().describe() + ")" : " (no CPU sets: the host has one CPU)"));
            return measure(dir);
        } catch (Stopped e) {
            return stop.exitCode();
        } finally {
            stopClients();
            keepLogs(dir);
            removeAll();
        }
    }

    private int measure(Path dir) throws IOException, InterruptedException, Stopped {
        if (!ok(List.of("network", "create", "--label", ContainerPlan.LABEL + "=" + plan.runId(), plan.network()), "the network")) {
            return 1;
        }
        if (!ok(plan.server().createArgs(plan.network(), plan.image()), "the server's container")
                || !ok(List.of("start", plan.server().name()), "the server's container")) {
            return 1;
        }
        // the clients' containers are made while the server starts (seconds apiece on vfs)
        List<Process> making = beginClients();
        long pid = -1;
        try {
            pid = awaitServer();
        } finally {
            pid = madeClients(making) ? pid : -1; // each is waited for, whatever happened: none is made after the clean-up
        }
        if (pid < 0) {
            return stop.requested() ? stop.exitCode() : 1;
        }
        if (pid != ContainerPlan.SERVER_PID) {
            fail("the server is process " + pid + " of its container, not its first (" + ContainerPlan.SERVER_PID + "), which the clients meter");
            return 1;
        }
        say("server ready in " + plan.server().name() + " (pid " + pid + " in its container)");
        if (stop.requested()) {
            throw new Stopped();
        }
        List<String> start = new ArrayList<>(List.of("start"));
        plan.clients().forEach(c -> start.add(c.name()));
        if (!ok(start, "the clients' start")) {
            return 1;
        }
        int status = 0;
        List<String> failed = new ArrayList<>();
        for (ContainerPlan.Container c : plan.clients()) {
            int exit = await(c.name());
            if (stop.requested()) {
                return stop.exitCode();
            }
            if (exit != 0) {
                failed.add(c.name() + " exited " + exit + " (its output: " + c.results().resolve("client.log") + ")");
                status = Math.max(status, exit > 0 && exit <= 3 ? exit : 1); // 2: bad input, 3: no server, as the client judged
            }
        }
        if (!running(plan.server().name())) {
            fail("the server's container " + plan.server().name() + " ended during the run (its output: " + dir.resolve("server.log") + ")");
            return 1;
        }
        if (!failed.isEmpty()) {
            // what the others measured stays in their folders; a merge without every client would not be the run
            fail(String.join("; ", failed));
            return status;
        }
        return merged(dir);
    }

    /** The clients' records, merged into the run's when there are several, and kept in the history store. */
    private int merged(Path dir) throws IOException {
        List<Path> records = new ArrayList<>();
        for (Path p : plan.clientDirs()) {
            if (!Files.isRegularFile(p.resolve(Records.FILE))) {
                fail("no run record from " + p + " (the client wrote none)");
                return 1;
            }
            records.add(p.resolve(Records.FILE));
        }
        Path record = records.get(0);
        if (records.size() > 1) {
            RunRecord m;
            try {
                m = MergeClients.merge(dir, plan.clientDirs());
            } catch (IOException | RuntimeException e) {
                fail("the clients' records cannot be merged: " + e.getMessage());
                return 1;
            }
            record = dir.resolve(Records.FILE);
            Records.write(m, record);
            out.print(RunSummary.render(RunSummary.title(m) + ", " + records.size() + " clients merged", m));
            say("merged run record: " + record);
        }
        int status = Records.read(record).passed() ? 0 : 1;
        if (s.historyStore() != null && !s.calibrating()) {
            status = Math.max(status, Recorder.record(s.historyStore(), s.suite(), s.historyPair(), List.of(record), out, err) == 0 ? 0 : 1);
        }
        return status;
    }

    /**
     * Every client's container being made, all at once (an engine on vfs copies the image for each, seconds
     * apiece), so that one {@code docker start} starts them together. Not through the stop: a docker create cut
     * short leaves the engine making the container anyway. Their output in temporary files, read by
     * {@link #madeClients}.
     */
    private List<Process> beginClients() throws IOException {
        List<Process> making = new ArrayList<>();
        for (ContainerPlan.Container c : plan.clients()) {
            List<String> command = new ArrayList<>(List.of("docker"));
            command.addAll(c.createArgs(plan.network(), plan.image()));
            Path text = Files.createTempFile("rpcbench-docker", ".txt");
            text.toFile().deleteOnExit();
            making.add(new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(text.toFile()).start());
            createOutputs.add(text);
        }
        return making;
    }

    private final List<Path> createOutputs = new ArrayList<>();

    /** Whether every client's container was made, once each is done (said when one was not). */
    private boolean madeClients(List<Process> making) throws IOException, InterruptedException {
        boolean made = true;
        try {
            for (int i = 0; i < making.size(); i++) {
                Process p = making.get(i);
                if (!p.waitFor(5, TimeUnit.MINUTES)) {
                    p.destroyForcibly().waitFor();
                }
                if (p.exitValue() != 0 && made && !stop.requested()) {
                    fail("client container " + plan.clients().get(i).name() + " could not be made: "
                            + new Output(p.exitValue(), Files.readString(createOutputs.get(i), StandardCharsets.UTF_8)).firstLine());
                    made = false;
                }
            }
            return made && !stop.requested();
        } finally {
            for (Path text : createOutputs) {
                Files.deleteIfExists(text);
            }
        }
    }

    /** The server's process id once it says it is ready; -1 (said) when it ends first, says nothing in time, or a stop comes. */
    private long awaitServer() throws IOException, InterruptedException, Stopped {
        long deadline = clock.millis() + s.readyTimeout().toMillis();
        String name = plan.server().name();
        while (true) {
            Output logs = docker(List.of("logs", name), null);
            for (String line : logs.text.split("\n")) {
                if (line.startsWith(PairRun.READY)) {
                    Matcher m = PID.matcher(line);
                    if (m.find()) {
                        return Long.parseLong(m.group(1));
                    }
                    fail("the server's ready line names no process: " + line);
                    return -1;
                }
            }
            if (stop.requested()) {
                return -1;
            }
            if (!running(name)) {
                List<String> lines = logs.text.lines().map(String::strip).filter(l -> !l.isEmpty()).toList();
                fail("the server's container " + name + " ended before it was ready: "
                        + (lines.isEmpty() ? "no output" : lines.get(lines.size() - 1)));
                return -1;
            }
            if (clock.millis() > deadline) {
                fail("the server in " + name + " printed no ready line within " + s.readyTimeout().toSeconds() + " s");
                return -1;
            }
            Thread.sleep(200);
        }
    }

    /** A container's exit code, once it ends (a stop ends the wait). */
    private int await(String name) throws IOException, InterruptedException, Stopped {
        Path text = Files.createTempFile("rpcbench-docker", ".txt");
        try {
            Process p = stop.start(new ProcessBuilder("docker", "wait", name).redirectOutput(text.toFile())
                    .redirectError(ProcessBuilder.Redirect.DISCARD));
            if (!p.waitFor(CLIENT_LIMIT_MILLIS, TimeUnit.MILLISECONDS)) {
                stop.end(p);
                fail(name + " did not end within " + TimeUnit.MILLISECONDS.toHours(CLIENT_LIMIT_MILLIS) + " h");
                return 1;
            }
            String code = Files.readString(text, StandardCharsets.UTF_8).strip();
            return p.exitValue() == 0 && code.matches("\\d+") ? Integer.parseInt(code) : -1;
        } finally {
            Files.deleteIfExists(text);
        }
    }

    private boolean running(String name) throws IOException, InterruptedException {
        Output o = docker(List.of("inspect", "--format", "{{.State.Running}}", name), null);
        return o.exit == 0 && o.text.strip().equals("true");
    }

    /** After a stop, the clients stopped by SIGTERM first, as a stop does on one host: each keeps the cases it finished. */
    private void stopClients() {
        if (!stop.requested()) {
            return;
        }
        List<String> clients = new ArrayList<>(List.of("stop", "--time", "10"));
        plan.clients().forEach(c -> clients.add(c.name()));
        try {
            docker(clients, null);
        } catch (IOException e) {
            // none was made
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Each container's output beside the records, while the containers are still there. */
    private void keepLogs(Path dir) {
        List<ContainerPlan.Container> all = new ArrayList<>(List.of(plan.server()));
        all.addAll(plan.clients());
        for (ContainerPlan.Container c : all) {
            try {
                Path log = c == plan.server() ? dir.resolve("server.log") : c.results().resolve("client.log");
                docker(List.of("logs", c.name()), log);
            } catch (IOException e) {
                // nothing to keep: the container was never made
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Every container and the network of the run, by its label; said when any is left. */
    private void removeAll() {
        String label = "label=" + ContainerPlan.LABEL + "=" + plan.runId();
        try {
            // a container the engine was still making when the run ended shows up late: looked for again, a while
            for (int pass = 0; pass < 3; pass++) {
                Output ids = docker(List.of("ps", "--all", "--quiet", "--filter", label), null);
                List<String> rm = new ArrayList<>(List.of("rm", "--force", "--volumes"));
                ids.text.lines().map(String::strip).filter(l -> !l.isEmpty()).forEach(rm::add);
                if (rm.size() > 3) {
                    docker(rm, null);
                } else if (pass > 0) {
                    break;
                }
                Thread.sleep(1000);
            }
            Output nets = docker(List.of("network", "ls", "--quiet", "--filter", label), null);
            List<String> nrm = new ArrayList<>(List.of("network", "rm"));
            nets.text.lines().map(String::strip).filter(l -> !l.isEmpty()).forEach(nrm::add);
            if (nrm.size() > 2) {
                docker(nrm, null);
            }
            Output left = docker(List.of("ps", "--all", "--quiet", "--filter", label), null);
            if (!left.text.isBlank()) {
                err.println("benchmark.sh: containers of run " + plan.runId() + " are left: docker rm -f $(docker ps -aq --filter " + label + ")");
            }
        } catch (IOException e) {
            err.println("benchmark.sh: the run's containers could not be removed (" + e.getMessage() + "): docker rm -f $(docker ps -aq --filter "
                    + label + ")");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private boolean ok(List<String> args, String what) throws IOException, InterruptedException, Stopped {
        if (stop.requested()) {
            throw new Stopped();
        }
        Output o = docker(args, null);
        if (o.exit != 0) {
            fail(what + " could not be made: " + o.firstLine());
        }
        return o.exit == 0;
    }

    private void say(String line) {
        out.println("benchmark.sh: docker: " + line);
    }

    private void fail(String line) {
        err.println("benchmark.sh: docker: " + line);
    }

    /** What a docker command printed (stdout and stderr) and its exit code. */
    private record Output(int exit, String text) {
        String firstLine() {
            return text.lines().map(String::strip).filter(l -> !l.isEmpty()).findFirst().orElse("exit " + exit);
        }
    }

    /**
     * One docker command, to its end (a minute at most): not through the stop, so that the run's clean-up still
     * runs after a stop. Its output into {@code into} when given.
     */
    private static Output docker(List<String> args, Path into) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("docker"));
        command.addAll(args);
        Path text = into != null ? into : Files.createTempFile("rpcbench-docker", ".txt");
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(text.toFile()).start();
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return new Output(-1, "docker " + String.join(" ", args) + " took more than 60 s");
            }
            return new Output(p.exitValue(), Files.readString(text, StandardCharsets.UTF_8));
        } finally {
            if (into == null) {
                Files.deleteIfExists(text);
            }
        }
    }
}
