package org.rpcbench.client;

import com.alibaba.fastjson2.JSONObject;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
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
import org.rpcbench.report.Latency;
import org.rpcbench.report.RunRecord;
import org.rpcbench.report.SummaryTable;

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

    static final Option<String> HOST = Option.text("host", "HOST", "127.0.0.1", "address of the server");
    static final Option<Integer> PORT = Option.port("port", -1, "port of the server (default: the binding's own port)");
    static final Option<String> RESULT = Option.text("result", "FILE", null,
            "JMH's JSON result file; run.json is written beside it (default: results/<binding>-<time>/jmh.json)");
    static final Option<Integer> TIMEOUT = Option.integer("timeout-ms", "MILLIS", 5000, 100, 600_000,
            "limit for connecting and for each call; a call over it counts as an error");
    static final Option<Boolean> JFR = Option.flag("jfr",
            "record every fork with Java Flight Recorder; recordings land in <results>/jfr");

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
                List.of(HOST, PORT, RESULT, TIMEOUT, JFR),
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

        String problem = Preflight.check(binding, target, PREFLIGHT_DEADLINE_MILLIS);
        if (problem != null) {
            err.println("rpc-bench client: cannot benchmark " + binding.name() + " at " + target + ": " + problem);
            return 3;
        }

        ForkSettings fork = new ForkSettings(target, tallyDir);
        List<String> forkArgs = new ArrayList<>(moduleOpenings());
        switches.forEach((name, value) -> forkArgs.add("-D" + Switch.PREFIX + name + "=" + value));
        fork.asProperties().forEach((k, v) -> {
            forkArgs.add("-D" + k + "=" + v);
            System.setProperty(k, v); // for -f 0, where JMH runs in this JVM
        });
        Options options = JmhSettings.build(jmhGiven, forkArgs, resultFile.toString(), jfrDir == null ? null : jfrDir.toString());
        List<Case> selected = JmhSettings.selectedCases(options);
        if (selected.isEmpty()) {
            err.println("rpc-bench client: the benchmark patterns " + options.getIncludes() + " select no case; cases are " + Case.names());
            return 2;
        }
        try {
            Files.createDirectories(resultFile.getParent());
            clear(tallyDir);
        } catch (IOException e) {
            err.println("rpc-bench client: cannot write results under " + resultFile.getParent() + ": " + e.getMessage());
            return 1;
        }

        Collection<RunResult> results;
        try {
            results = new Runner(options, OutputFormatFactory.createFormatInstance(out,
                    options.verbosity().orElse(VerboseMode.NORMAL))).run();
        } catch (RunnerException e) {
            err.println("rpc-bench client: JMH stopped: " + Caller.describe(e));
            return 1;
        }
        return report(binding, target, options, selected, results, resultFile, runRecordFile, tallyDir, jfrDir, out, err);
    }

    private static int report(ClientBinding binding, Target target, Options options, List<Case> selected,
                              Collection<RunResult> results, Path resultFile, Path runRecordFile, Path tallyDir,
                              Path jfrDir, PrintStream out, PrintStream err) {
        Map<String, Tally> tallies;
        try {
            tallies = readTallies(tallyDir);
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
                    tally.warmupErrors(), tally.problems()));
        }

        Map<String, Object> identity = new LinkedHashMap<>();
        identity.put("module", binding.name() + "-client");
        identity.put("binding", binding.name());
        identity.put("target", target.toString());
        identity.put("jmhResult", resultFile.getFileName().toString());
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

        Map<String, String> fw = binding.settings();
        String title = "rpc-bench " + binding.name() + " (" + fw.getOrDefault("protocol", "?") + " + "
                + fw.getOrDefault("serialization", "?") + ", " + fw.getOrDefault("framework", "?") + " "
                + fw.getOrDefault("frameworkVersion", "") + ") against " + target + ", " + jmh.get("threads") + " threads, "
                + jmh.get("forks") + " fork(s), " + jmh.get("measurementIterations") + " x " + jmh.get("measurementTime")
                + " measured";
        out.println();
        out.print(SummaryTable.render(title, cases, missing));
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

    private static Map<String, Object> environment(BenchmarkParams params) {
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

    private static Map<String, Tally> readTallies(Path dir) throws IOException {
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
