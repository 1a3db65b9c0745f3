package org.rpcbench.client;

import com.alibaba.fastjson2.JSONObject;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.VerboseMode;
import org.rpcbench.binding.Bindings;
import org.rpcbench.binding.ClientBinding;
import org.rpcbench.binding.Switch;
import org.rpcbench.binding.Target;
import org.rpcbench.cases.Case;
import org.rpcbench.cli.CommandLine;
import org.rpcbench.cli.Option;
import org.rpcbench.cli.UsageException;
import org.rpcbench.report.CaseResult;
import org.rpcbench.report.Costs;
import org.rpcbench.report.CostsTable;
import org.rpcbench.report.Latency;
import org.rpcbench.report.RunRecord;
import org.rpcbench.report.SummaryTable;
import org.rpcbench.report.WireSize;

/**
 * Runs the benchmarks of the jar's one {@link ClientBinding} against a server.
 *
 * <p>Order of work: parse options (ours, then JMH's); make one checked call of each case; run JMH;
 * merge the forks' tallies; write run.json beside JMH's JSON; print the summary. Exit codes: 0 when
 * every selected case ran with no error, 1 when any call failed or was answered wrongly or a case
 * produced no result, 2 for bad options, 3 when the server cannot be benchmarked at all.
 */
public final class ClientMain {
    static final long PREFLIGHT_DEADLINE_MILLIS = 10_000;
    static final long WIRE_SIZES_DEADLINE_MILLIS = 20_000;

    /** Set while the launcher records a run that was stopped part-way. */
    static final String INTERRUPTED_PROPERTY = "rpcbench.interrupted";
    static final Option<String> HOST = Option.text("host", "HOST", "127.0.0.1", "address of the server");
    static final Option<Integer> PORT = Option.port("port", -1, "port of the server (default: the binding's own port)");
    static final Option<String> RESULT = Option.text("result", "FILE", null,
            "JMH's JSON result file; run.json is written beside it (default: results/<binding>-<time>/jmh.json)");
    static final Option<Integer> TIMEOUT = Option.integer("timeout-ms", "MILLIS", 5000, 100, 600_000,
            "limit for connecting and for each call; a call over it counts as an error");
    static final Option<Boolean> JFR = Option.flag("jfr",
            "record every fork with Java Flight Recorder; recordings land in <results>/jfr");
    static final Option<Integer> SERVER_PID = Option.optionalInteger("server-pid", "PID", 1, Integer.MAX_VALUE,
            "the server's process, when it runs on this machine: its CPU and GC pauses are measured beside the"
                    + " client's (benchmark.sh gives it in pair runs)");
    static final Option<Integer> CONCURRENCY = Option.integer("concurrency", "N", JmhSettings.THREADS, 1, 100_000,
            "calls in flight at once, all on one connection: JMH threads in the closed loop (each waits for its answer"
                    + " before its next call; the same as JMH's -t), senders in the open loop");
    static final Option<Integer> RATE = Option.optionalInteger("rate", "N", 1, 10_000_000,
            "open loop instead of JMH's closed loop: N calls per second on a fixed schedule, each timed from when it"
                    + " was due (coordinated omission corrected) and from when it was sent");
    static final Option<Integer> WARMUP_SECONDS = Option.integer("warmup-seconds", "S", 10, 0, 86_400,
            "open loop: seconds on schedule before timing starts, per case");
    static final Option<Integer> MEASURE_SECONDS = Option.integer("measure-seconds", "S", 30, 1, 86_400,
            "open loop: seconds timed, per case");

    private ClientMain() {}

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    public static int run(String[] args, PrintStream out, PrintStream err) {
        ClientBinding binding;
        try {
            binding = Bindings.load(ClientBinding.class);
        } catch (RuntimeException e) {
            err.println("rpc-bench client: " + e.getMessage());
            return 1;
        }
        return run(binding, args, out, err);
    }

    static int run(ClientBinding binding, String[] args, PrintStream out, PrintStream err) {
        CommandLine cli = CommandLine.passingThrough("java -jar " + binding.name() + "-client.jar",
                "Benchmarks a " + binding.name() + " server with the UserService cases.",
                List.of(HOST, PORT, RESULT, TIMEOUT, CONCURRENCY, RATE, WARMUP_SECONDS, MEASURE_SECONDS, SERVER_PID, JFR),
                "Every other argument is a JMH option and passes through (-wi, -w, -i, -r, -f, -t, -prof, ...;\n"
                        + "a case name such as getUser selects cases). " + JmhSettings.describeDefaults()
                        + (binding.switches().isEmpty() ? ""
                        : "\n\nFramework switches, as JVM options -D" + Switch.PREFIX + "NAME=VALUE (the server needs the same;\n"
                        + "the JMH forks get them from here):\n" + Switch.describe(binding.switches()).stripTrailing()));
        CommandLine.Values values;
        CommandLineOptions jmhGiven;
        try {
            values = cli.parse(args);
            if (values.helpRequested()) {
                out.print(cli.usage());
                return 0;
            }
            jmhGiven = new CommandLineOptions(values.rest().toArray(String[]::new));
        } catch (UsageException e) {
            err.println("rpc-bench client: " + e.getMessage() + " (see --help)");
            return 2;
        } catch (CommandLineOptionException e) {
            err.println("rpc-bench client: JMH option: " + e.getMessage() + " (see --help)");
            return 2;
        }
        String conflict = conflict(values, jmhGiven);
        if (conflict != null) {
            err.println("rpc-bench client: " + conflict + " (see --help)");
            return 2;
        }

        Map<String, String> switches;
        try {
            switches = Switch.given(binding);
        } catch (IllegalArgumentException e) {
            err.println("rpc-bench client: " + e.getMessage());
            return 2;
        }
        int port = values.get(PORT) < 0 ? binding.defaultPort() : values.get(PORT);
        Target target = new Target(values.get(HOST), port, values.get(TIMEOUT));
        Path resultFile = values.has(RESULT) ? Path.of(values.get(RESULT))
                : Path.of("results", binding.name() + "-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")), "jmh.json");
        resultFile = resultFile.toAbsolutePath();
        String stem = resultFile.getFileName().toString().replaceFirst("\\.json$", "");
        boolean plainName = stem.equals("jmh");
        Path runRecordFile = resultFile.resolveSibling(plainName ? "run.json" : stem + ".run.json");
        Path tallyDir = resultFile.resolveSibling(plainName ? "tallies" : stem + ".tallies");
        Path jfrDir = values.get(JFR) ? resultFile.resolveSibling(plainName ? "jfr" : stem + ".jfr") : null;

        long serverPid = values.has(SERVER_PID) ? values.get(SERVER_PID) : -1;
        if (values.has(RATE)) {
            OpenLoopPlan plan = new OpenLoopPlan(values.get(RATE), values.get(CONCURRENCY),
                    Duration.ofSeconds(values.get(WARMUP_SECONDS)), Duration.ofSeconds(values.get(MEASURE_SECONDS)));
            List<Case> cases = openLoopCases(values.rest());
            if (!preflight(binding, target, cases, err)) {
                return 3;
            }
            return OpenLoopLauncher.run(binding, target, plan, cases, wireSizes(binding, target, cases, err),
                    serverPid, runRecordFile, out, err);
        }

        ForkSettings fork = new ForkSettings(target, tallyDir, serverPid);
        List<String> forkArgs = new ArrayList<>(moduleOpenings());
        switches.forEach((name, value) -> forkArgs.add("-D" + Switch.PREFIX + name + "=" + value));
        fork.asProperties().forEach((k, v) -> {
            forkArgs.add("-D" + k + "=" + v);
            System.setProperty(k, v); // for -f 0, where JMH runs in this JVM
        });
        Options options = JmhSettings.build(jmhGiven, values.get(CONCURRENCY), forkArgs, resultFile.toString(),
                jfrDir == null ? null : jfrDir.toString());
        List<Case> selected = JmhSettings.selectedCases(options);
        if (selected.isEmpty()) {
            err.println("rpc-bench client: the benchmark patterns " + options.getIncludes() + " select no case; cases are " + Case.names());
            return 2;
        }
        if (!preflight(binding, target, selected, err)) {
            return 3;
        }
        try {
            Files.createDirectories(resultFile.getParent());
            clear(tallyDir);
        } catch (IOException e) {
            err.println("rpc-bench client: cannot write results under " + resultFile.getParent() + ": " + e.getMessage());
            return 1;
        }
        Map<Case, WireSize> sizes = wireSizes(binding, target, selected, err);

        Collection<RunResult> results;
        FinishedCases progress = new FinishedCases(OutputFormatFactory.createFormatInstance(out,
                options.verbosity().orElse(VerboseMode.NORMAL)));
        // stopped part-way (SIGTERM, Ctrl-C: benchmark.sh stops the client so when the server dies), the
        // cases already finished are still recorded, and the record says the run did not finish
        Path jmhFile = resultFile;
        Thread onStop = new Thread(() -> {
            String running = progress.last();
            err.println("rpc-bench client: stopped before the run finished"
                    + (running == null ? "" : " (during " + Case.ofBenchmark(running).method() + ")")
                    + "; recording the cases that finished");
            System.setProperty(INTERRUPTED_PROPERTY, "true");
            report(binding, target, options, selected, progress.finished(), sizes, jmhFile, runRecordFile, tallyDir, jfrDir, out, err);
        }, "rpc-bench-stopped");
        Runtime.getRuntime().addShutdownHook(onStop);
        try {
            results = new Runner(options, progress).run();
        } catch (RunnerException e) {
            err.println("rpc-bench client: JMH stopped: " + Caller.describe(e));
            return 1;
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(onStop);
            } catch (IllegalStateException shuttingDown) {
                // already stopping: the hook records what finished
            }
        }
        return report(binding, target, options, selected, results, sizes, resultFile, runRecordFile, tallyDir, jfrDir, out, err);
    }

    /**
     * Bytes per call of each case, measured through a relay before the run. Not measurable for every
     * protocol; a failure here is reported in one line and leaves the sizes unknown, never the run failed.
     */
    static Map<Case, WireSize> wireSizes(ClientBinding binding, Target target, List<Case> cases, PrintStream err) {
        ExecutorService runner = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "rpc-bench-wire-sizes");
            t.setDaemon(true);
            return t;
        });
        Future<Map<Case, WireSize>> sizes = runner.submit(() -> WireMeter.measure(binding, target, cases));
        try {
            Map<Case, WireSize> measured = sizes.get(WIRE_SIZES_DEADLINE_MILLIS, TimeUnit.MILLISECONDS);
            if (measured.values().stream().allMatch(Objects::isNull)) {
                err.println("rpc-bench client: note: bytes on the wire not measured: " + binding.name()
                        + "'s calls did not pass through the relay (its client connects to an address the server gave it)");
            }
            return measured;
        } catch (TimeoutException e) {
            sizes.cancel(true);
            err.println("rpc-bench client: note: bytes on the wire not measured: no answers through the relay within "
                    + WIRE_SIZES_DEADLINE_MILLIS / 1000 + " s");
        } catch (ExecutionException e) {
            err.println("rpc-bench client: note: bytes on the wire not measured: " + Caller.rootCause(e.getCause()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            runner.shutdownNow();
        }
        return Map.of();
    }

    /** Options that contradict each other or do not apply to the chosen loop; null when there are none. */
    static String conflict(CommandLine.Values values, CommandLineOptions jmhGiven) {
        if (values.has(CONCURRENCY) && jmhGiven.getThreads().hasValue()) {
            return "--concurrency and JMH's -t both set the number of threads: give one";
        }
        if (values.has(RATE)) {
            String jmhOption = values.rest().stream().filter(a -> a.startsWith("-")).findFirst().orElse(null);
            if (jmhOption != null) {
                return "JMH options such as " + jmhOption + " do not apply to an open-loop run (--rate); it takes"
                        + " --warmup-seconds, --measure-seconds, --concurrency and case names";
            }
            if (values.has(JFR)) {
                return "--jfr records JMH's forks; an open-loop run (--rate) has none";
            }
            for (String name : values.rest()) {
                if (Case.named(name) == null) {
                    return "no case named '" + name + "'; cases are " + Case.names();
                }
            }
        } else if (values.has(WARMUP_SECONDS) || values.has(MEASURE_SECONDS)) {
            return "--warmup-seconds and --measure-seconds are for open-loop runs (--rate); JMH's -w, -wi, -r and -i"
                    + " time the closed loop";
        }
        return null;
    }

    /** One checked call of each case to be measured; false (with the reason said) when the server fails it. */
    private static boolean preflight(ClientBinding binding, Target target, List<Case> cases, PrintStream err) {
        String problem = Preflight.check(binding, target, cases, PREFLIGHT_DEADLINE_MILLIS);
        if (problem != null) {
            err.println("rpc-bench client: cannot benchmark " + binding.name() + " at " + target + ": " + problem);
            return false;
        }
        return true;
    }

    private static List<Case> openLoopCases(List<String> names) {
        return names.isEmpty() ? Case.DEFAULT : names.stream().map(Case::named).distinct().toList();
    }

    private static int report(ClientBinding binding, Target target, Options options, List<Case> selected,
                              Collection<RunResult> results, Map<Case, WireSize> sizes, Path resultFile, Path runRecordFile, Path tallyDir,
                              Path jfrDir, PrintStream out, PrintStream err) {
        Map<String, Tally> tallies;
        Map<String, Usage> usage;
        try {
            tallies = readTallies(tallyDir);
            usage = readUsage(tallyDir);
        } catch (IOException e) {
            err.println("rpc-bench client: cannot read the forks' tallies in " + tallyDir + ": " + e.getMessage());
            return 1;
        }
        List<CaseResult> cases = new ArrayList<>();
        List<String> missing = new ArrayList<>();
        BenchmarkParams params = null;
        for (Case c : selected) {
            RunResult run = results.stream()
                    .filter(r -> Case.ofBenchmark(r.getParams().getBenchmark()) == c).findFirst().orElse(null);
            Tally tally = tallies.get(c.method());
            if (run == null || tally == null) {
                missing.add(c.method());
                continue;
            }
            params = run.getParams();
            List<double[]> perFork = new ArrayList<>();
            for (BenchmarkResult fork : run.getBenchmarkResults()) {
                perFork.add(fork.getIterationResults().stream().mapToDouble(i -> i.getPrimaryResult().getScore()).toArray());
            }
            cases.add(new CaseResult(c.method(), run.getPrimaryResult().getScore(), run.getPrimaryResult().getScoreError(),
                    perFork, Latency.of(tally.latency()), tally.calls(), tally.errors(), tally.warmupCalls(),
                    tally.warmupErrors(), tally.problems(), costs(sizes.get(c), usage.get(c.method()))));
        }

        Map<String, Object> identity = identity(binding, target, "closed-loop");
        identity.put("jmhResult", resultFile.getFileName().toString());
        if (Boolean.getBoolean(INTERRUPTED_PROPERTY)) {
            identity.put("interrupted", "stopped by a signal before every case ran; the cases missing did not finish");
        }
        if (jfrDir != null) {
            identity.put("jfrDir", jfrDir.getFileName().toString());
        }
        Map<String, Object> jmh = jmhSettings(options, params, target);
        Map<String, Object> environment = environment(params);
        JSONObject record = RunRecord.build(identity, binding.settings(), jmh, environment, cases, missing);
        try {
            RunRecord.write(record, runRecordFile);
        } catch (IOException e) {
            err.println("rpc-bench client: cannot write " + runRecordFile + ": " + e.getMessage());
            return 1;
        }

        String title = title(binding, target) + ", " + jmh.get("threads") + " threads, "
                + jmh.get("forks") + " fork(s), " + jmh.get("measurementIterations") + " x " + jmh.get("measurementTime")
                + " measured";
        out.println();
        out.print(SummaryTable.render(title, cases, missing));
        out.println();
        out.print(CostsTable.render(cases, CaseResult::name, CaseResult::costs));
        out.println("results: " + resultFile + " (JMH), " + runRecordFile + " (run record)"
                + (jfrDir == null ? "" : ", " + jfrDir + " (flight recordings)"));
        boolean passed = record.getBooleanValue("passed");
        if (!passed) {
            long errors = cases.stream().mapToLong(CaseResult::allErrors).sum();
            err.println("rpc-bench client: run FAILED: " + errors + " failed or wrong calls"
                    + (missing.isEmpty() ? "" : ", no result for " + String.join(", ", missing)));
            return 1;
        }
        return 0;
    }

    static Map<String, Object> identity(ClientBinding binding, Target target, String loop) {
        Map<String, Object> identity = new LinkedHashMap<>();
        identity.put("module", binding.name() + "-client");
        identity.put("binding", binding.name());
        identity.put("target", target.toString());
        identity.put("loop", loop);
        return identity;
    }

    static String title(ClientBinding binding, Target target) {
        Map<String, String> fw = binding.settings();
        return "rpc-bench " + binding.name() + " (" + fw.getOrDefault("protocol", "?") + " + "
                + fw.getOrDefault("serialization", "?") + ", " + fw.getOrDefault("framework", "?") + " "
                + fw.getOrDefault("frameworkVersion", "") + ") against " + target;
    }

    private static Map<String, Object> jmhSettings(Options options, BenchmarkParams params, Target target) {
        Map<String, Object> jmh = new LinkedHashMap<>();
        if (params != null) {
            jmh.put("jmhVersion", params.getJmhVersion());
            jmh.put("mode", params.getMode().shortLabel());
            jmh.put("threads", params.getThreads());
            jmh.put("forks", params.getForks());
            jmh.put("warmupIterations", params.getWarmup().getCount());
            jmh.put("warmupTime", params.getWarmup().getTime().toString());
            jmh.put("measurementIterations", params.getMeasurement().getCount());
            jmh.put("measurementTime", params.getMeasurement().getTime().toString());
            jmh.put("jvm", params.getJvm());
            jmh.put("jvmArgs", params.getJvmArgs().stream().filter(a -> !a.startsWith("-Drpcbench.")).toList());
        } else {
            jmh.put("threads", options.getThreads().orElse(JmhSettings.THREADS));
            jmh.put("forks", options.getForkCount().orElse(JmhSettings.FORKS));
            jmh.put("measurementIterations", options.getMeasurementIterations().orElse(JmhSettings.MEASUREMENT_ITERATIONS));
            jmh.put("measurementTime", options.getMeasurementTime().orElse(JmhSettings.MEASUREMENT_TIME).toString());
        }
        jmh.put("callTimeoutMillis", target.timeoutMillis());
        return jmh;
    }

    /** The machine and JVM a run used; {@code params} null for runs in this JVM (open loop). */
    static Map<String, Object> environment(BenchmarkParams params) {
        Map<String, Object> env = new LinkedHashMap<>();
        env.put("jdk", params != null ? params.getJdkVersion() : System.getProperty("java.version"));
        env.put("jvm", params != null ? params.getVmName() + " " + params.getVmVersion()
                : System.getProperty("java.vm.name") + " " + System.getProperty("java.vm.version"));
        env.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch"));
        env.put("cpuModel", cpuModel());
        env.put("cores", Runtime.getRuntime().availableProcessors());
        env.put("hostname", hostname());
        env.put("gitCommit", gitCommit());
        String pinning = System.getenv("RPCBENCH_PINNING");
        env.put("cpuPinning", pinning == null || pinning.isBlank() ? "none" : pinning);
        String server = System.getenv("RPCBENCH_SERVER_COMMAND");
        env.put("serverCommand", server == null || server.isBlank() ? "not known (server started separately)" : server);
        env.put("date", Instant.now().toString());
        return env;
    }

    static Map<String, Tally> readTallies(Path dir) throws IOException {
        Map<String, Tally> merged = new LinkedHashMap<>();
        if (!Files.isDirectory(dir)) {
            return merged;
        }
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".json")).sorted().toList()) {
                Tally t = Tally.read(f);
                merged.computeIfAbsent(t.caseName(), Tally::new).merge(t);
            }
        }
        return merged;
    }

    private static Costs costs(WireSize size, Usage use) {
        return new Costs(size, use == null ? null : use.client, use == null ? null : use.server);
    }

    private static Map<String, Usage> readUsage(Path dir) throws IOException {
        Map<String, Usage> merged = new LinkedHashMap<>();
        if (!Files.isDirectory(dir)) {
            return merged;
        }
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.filter(p -> p.toString().endsWith(Usage.SUFFIX)).sorted().toList()) {
                Usage u = Usage.read(f);
                Usage known = merged.putIfAbsent(u.caseName, u);
                if (known != null) {
                    known.merge(u);
                }
            }
        }
        return merged;
    }

    private static void clear(Path dir) throws IOException {
        if (Files.isDirectory(dir)) {
            try (Stream<Path> files = Files.list(dir)) {
                for (Path f : files.toList()) {
                    Files.delete(f);
                }
            }
        }
    }

    /**
     * The module openings the binding's jar declares (manifest Add-Opens), as JVM options for the
     * forks: `java -jar` applies them to this JVM, but JMH forks start from a class path.
     */
    static List<String> moduleOpenings() {
        List<String> args = new ArrayList<>();
        try {
            Path jar = Path.of(ClientMain.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            if (!Files.isRegularFile(jar)) {
                return args;
            }
            try (JarFile file = new JarFile(jar.toFile())) {
                String opens = file.getManifest() == null ? null : file.getManifest().getMainAttributes().getValue("Add-Opens");
                if (opens != null) {
                    for (String pkg : opens.trim().split("\\s+")) {
                        if (!pkg.isEmpty()) {
                            args.add("--add-opens=" + pkg + "=ALL-UNNAMED");
                        }
                    }
                }
            }
        } catch (IOException | URISyntaxException | SecurityException e) {
            // not running from a jar: the caller's own JVM options apply
        }
        return args;
    }

    private static String cpuModel() {
        try (Stream<String> lines = Files.lines(Path.of("/proc/cpuinfo"), StandardCharsets.UTF_8)) {
            return lines.filter(l -> l.startsWith("model name")).map(l -> l.substring(l.indexOf(':') + 1).trim())
                    .findFirst().orElse("unknown");
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }

    private static String hostname() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "unknown";
        }
    }

    /** RPCBENCH_GIT_COMMIT when benchmark.sh sets it, else asked of git in the working directory. */
    private static String gitCommit() {
        String fromEnv = System.getenv("RPCBENCH_GIT_COMMIT");
        if (fromEnv != null && !fromEnv.isBlank()) {
            return fromEnv.trim();
        }
        try {
            Process git = new ProcessBuilder("git", "rev-parse", "HEAD").redirectErrorStream(true).start();
            if (!git.waitFor(3, TimeUnit.SECONDS)) {
                git.destroyForcibly();
                return "unknown";
            }
            String head = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            return git.exitValue() == 0 ? head : "unknown";
        } catch (IOException e) {
            return "unknown";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "unknown";
        }
    }
}
