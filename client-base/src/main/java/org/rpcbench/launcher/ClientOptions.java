package org.rpcbench.launcher;

import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.rpcbench.binding.ClientBinding;
import org.rpcbench.binding.Switch;
import org.rpcbench.binding.Target;
import org.rpcbench.cases.Case;
import org.rpcbench.cli.CommandLine;
import org.rpcbench.cli.Limits;
import org.rpcbench.cli.Option;
import org.rpcbench.cli.UsageException;
import org.rpcbench.meter.MeterAddress;
import org.rpcbench.record.NewDirectory;
import org.rpcbench.record.Records;
import org.rpcbench.rig.CallerConnections;
import org.rpcbench.rig.ForkSettings;

/**
 * What a client run was asked for, parsed and checked once, then fixed: every later step reads this
 * object and nothing else of the command line. Each option is declared once, with its type, default and
 * help; JMH's own options pass through and are parsed by JMH.
 *
 * @param jmh JMH's options as given (null for an open-loop run)
 * @param rate open loop's calls per second, or null for JMH's closed loop
 * @param serverPid the server's process on this machine, or -1
 * @param serverMeter the server's meter endpoint (a server on another host), or null; never given with a serverPid
 * @param perCallerConnections each benchmark thread on a connection of its own, not all on one
 * @param wireBytes measure the bytes on the wire of each case before the run
 * @param caseOrderSeed the seed the order of the cases is drawn with, or null for JMH's order (by name)
 */
public record ClientOptions(Target target, Path resultFile, int concurrency, Integer rate, int warmupSeconds,
                            int measureSeconds, long serverPid, MeterAddress serverMeter, int steadyWarmupSeconds, boolean jfr, List<String> rest,
                            CommandLineOptions jmh, boolean perCallerConnections, boolean wireBytes,
                            Long caseOrderSeed) {

    static final Option<String> HOST = Option.text("host", "HOST", "127.0.0.1", "address of the server");
    static final Option<Integer> PORT = Option.port("port", -1, "port of the server (default: the binding's own port)");
    static final Option<String> RESULT = Option.text("result", "FILE", null,
            "JMH's JSON result file; run.json is written beside it (default: results/<binding>-<time>/jmh.json)");
    static final Option<Integer> TIMEOUT = Option.integer("timeout-ms", "MILLIS", 5000, 100, 600_000,
            "limit for connecting and for each call; a call over it counts as an error");
    static final Option<Boolean> JFR = Option.flag("jfr",
            "record every fork with Java Flight Recorder; recordings land in <results>/jfr");
    static final Option<Integer> SERVER_PID = Option.optionalInteger("server-pid", "PID", 1, Integer.MAX_VALUE,
            "the server's process, when it runs on this machine: its CPU, allocation and GC pauses are measured"
                    + " beside the client's (benchmark.sh gives it in pair runs)");
    static final Option<String> SERVER_METER = Option.text("server-meter", "HOST:PORT", null,
            "the server's meter endpoint (the server's --meter-port), for a server on another host or in a container:"
                    + " its CPU, allocation, GC and threads are read there at the same moments as --server-pid's; not with"
                    + " --server-pid");
    static final Option<Integer> CONCURRENCY = Option.integer("concurrency", "N", JmhSettings.THREADS, 1, Limits.MAX_CONCURRENCY,
            "calls in flight at once: JMH threads in the closed loop (each waits for its answer before its next call;"
                    + " the same as JMH's -t), senders in the open loop");
    static final Option<String> CONNECTIONS = Option.text("connections", "MODE", ForkSettings.SHARED,
            ForkSettings.SHARED + ": every thread's calls on one connection (the design card's 32 threads over one"
                    + " connection); " + ForkSettings.PER_CALLER + ": each JMH thread opens its own connection (the binding's"
                    + " whole client), as seeds 002's and 004's clients did, " + CallerConnections.DIALS_AT_ONCE + " at a time;"
                    + " this process's and a --server-pid's open-file limits are checked first. Closed loop only");
    static final Option<Integer> RATE = Option.optionalInteger("rate", "N", 1, Limits.MAX_RATE,
            "open loop instead of JMH's closed loop: N calls per second on a fixed schedule, each timed from when it"
                    + " was due (coordinated omission corrected) and from when it was sent");
    static final Option<Integer> WARMUP_SECONDS = Option.integer("warmup-seconds", "S", 10, 0, 86_400,
            "open loop: seconds on schedule before timing starts, per case");
    static final Option<Integer> MEASURE_SECONDS = Option.integer("measure-seconds", "S", 30, 1, 86_400,
            "open loop: seconds timed, per case");
    static final Option<Integer> STEADY_WARMUP = Option.integer("steady-warmup", "S", 60, 0, 3_600,
            "before JMH's warm-up, each fork calls at full concurrency until its own and the server's JIT compilers have"
                    + " been quiet for 2 s, for at most S seconds (0: JMH's warm-up only)");
    static final Option<Boolean> NO_WIRE_BYTES = Option.flag("no-wire-bytes",
            "skip the measurement of each case's bytes on the wire before the run (they are no verdict's metric: ab's and"
                    + " calibrate's runs skip them); run.json says so in wireBytesNotMeasured");
    static final Option<Integer> CASE_ORDER_SEED = Option.optionalInteger("case-order-seed", "N", 0, Integer.MAX_VALUE,
            "run the cases (each group as one) in the order seed N draws from those selected, each in a JMH run of its own in"
                    + " this JVM, instead of JMH's order by name; two runs given one seed and one selection run in one order."
                    + " run.json's caseOrder says the order asked and the order the cases ran in");
    static final List<Option<?>> ALL = List.of(HOST, PORT, RESULT, TIMEOUT, CONCURRENCY, CONNECTIONS, RATE, WARMUP_SECONDS,
            MEASURE_SECONDS, STEADY_WARMUP, SERVER_PID, SERVER_METER, NO_WIRE_BYTES, CASE_ORDER_SEED, JFR);
    /** What run.json says of the bytes on the wire when {@link #NO_WIRE_BYTES} skipped them. */
    static final String WIRE_BYTES_SKIPPED = "skipped (" + NO_WIRE_BYTES.longName() + ")";

    /** The options the client declares (benchmark.sh's CLI is checked against them). */
    public static List<Option<?>> declared() {
        return ALL;
    }

    public boolean openLoop() {
        return rate != null;
    }

    /** Where the run record goes: beside JMH's result file. */
    public Path runRecordFile() {
        return Records.besideResult(resultFile);
    }

    /** Where the forks hand in their tallies. */
    public Path tallyDir() {
        return sibling("tallies");
    }

    /** Where flight recordings go, or null without --jfr. */
    public Path jfrDir() {
        return jfr ? sibling("jfr") : null;
    }

    private Path sibling(String name) {
        String stem = resultFile.getFileName().toString().replaceFirst("\\.json$", "");
        return resultFile.resolveSibling(stem.equals("jmh") ? name : stem + "." + name);
    }

    static CommandLine commandLine(ClientBinding binding) {
        return CommandLine.passingThrough("java -jar " + binding.name() + "-client.jar",
                "Benchmarks a " + binding.name() + " server with the UserService cases.", ALL,
                "Every other argument is a JMH option and passes through (-wi, -w, -i, -r, -f, -t, -prof, ...;\n"
                        + "a case name such as getUser selects cases). " + JmhSettings.describeDefaults()
                        + (binding.switches().isEmpty() ? ""
                        : "\n\nFramework switches, as JVM options -D" + Switch.PREFIX + "NAME=VALUE (the server needs the same;\n"
                        + "the JMH forks get them from here):\n" + Switch.describe(binding.switches()).stripTrailing()));
    }

    /**
     * @throws UsageException naming the first option that is wrong, or that contradicts another
     */
    /**
     * The default results directory, made new: {@code results/BINDING-TIME}, with a suffix when another run
     * started in the same second has that name.
     */
    static Path newResultDirectory(Path parent, String binding, LocalDateTime now) throws UsageException {
        try {
            return NewDirectory.create(parent, binding + "-" + now.format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
        } catch (java.io.IOException e) {
            throw new UsageException("cannot write results in " + parent.toAbsolutePath() + ": " + e.getMessage());
        }
    }

    static ClientOptions parse(ClientBinding binding, CommandLine.Values values) throws UsageException {
        CommandLineOptions jmh = null;
        String connections = values.get(CONNECTIONS);
        if (!connections.equals(ForkSettings.SHARED) && !connections.equals(ForkSettings.PER_CALLER)) {
            throw new UsageException("--connections takes " + ForkSettings.SHARED + " or " + ForkSettings.PER_CALLER + ", not '"
                    + connections + "'");
        }
        if (values.has(RATE) && values.has(CONNECTIONS)) {
            throw new UsageException("--connections is for the closed loop; an open-loop run (--rate) sends on one connection");
        }
        if (!values.has(RATE)) {
            try {
                jmh = new CommandLineOptions(values.rest().toArray(String[]::new));
            } catch (CommandLineOptionException e) {
                throw new UsageException("JMH option: " + e.getMessage());
            }
            if (values.has(CONCURRENCY) && jmh.getThreads().hasValue()) {
                throw new UsageException("--concurrency and JMH's -t both set the number of threads: give one");
            }
            if (values.has(WARMUP_SECONDS) || values.has(MEASURE_SECONDS)) {
                throw new UsageException("--warmup-seconds and --measure-seconds are for open-loop runs (--rate); JMH's -w,"
                        + " -wi, -r and -i time the closed loop");
            }
        } else {
            String jmhOption = values.rest().stream().filter(a -> a.startsWith("-")).findFirst().orElse(null);
            if (jmhOption != null) {
                throw new UsageException("JMH options such as " + jmhOption + " do not apply to an open-loop run (--rate); it"
                        + " takes --warmup-seconds, --measure-seconds, --concurrency and case names");
            }
            if (values.has(JFR) || values.has(STEADY_WARMUP)) {
                throw new UsageException((values.has(JFR) ? "--jfr records" : "--steady-warmup warms") + " JMH's forks; an"
                        + " open-loop run (--rate) has none (it warms up for --warmup-seconds)");
            }
            for (String name : values.rest()) {
                if (Case.named(name) == null) {
                    throw new UsageException("no case named '" + name + "'; cases are " + Case.names());
                }
            }
        }
        if (values.has(SERVER_PID) && values.has(SERVER_METER)) {
            throw new UsageException("--server-pid and --server-meter both say where the server's meters are read: give one");
        }
        MeterAddress meter = null;
        if (values.has(SERVER_METER)) {
            try {
                meter = MeterAddress.parse(values.get(SERVER_METER));
            } catch (IllegalArgumentException e) {
                throw new UsageException("--server-meter " + e.getMessage());
            }
        }
        int port = values.get(PORT) < 0 ? binding.defaultPort() : values.get(PORT);
        Path result = values.has(RESULT) ? Path.of(values.get(RESULT)) : newResultDirectory(Path.of("results"), binding.name(),
                LocalDateTime.now()).resolve("jmh.json");
        return new ClientOptions(new Target(values.get(HOST), port, values.get(TIMEOUT)), result.toAbsolutePath(),
                values.get(CONCURRENCY), values.has(RATE) ? values.get(RATE) : null, values.get(WARMUP_SECONDS),
                values.get(MEASURE_SECONDS), values.has(SERVER_PID) ? values.get(SERVER_PID) : -1, meter, values.get(STEADY_WARMUP),
                values.get(JFR), values.rest(), jmh, connections.equals(ForkSettings.PER_CALLER), !values.get(NO_WIRE_BYTES),
                values.has(CASE_ORDER_SEED) ? Long.valueOf(values.get(CASE_ORDER_SEED)) : null);
    }
}
