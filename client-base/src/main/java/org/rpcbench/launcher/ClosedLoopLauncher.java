package org.rpcbench.launcher;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.stream.Stream;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.results.format.ResultFormatFactory;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.VerboseMode;
import org.rpcbench.binding.ClientBinding;
import org.rpcbench.binding.PairIdentity;
import org.rpcbench.binding.Switch;
import org.rpcbench.cases.Case;
import org.rpcbench.cases.CaseGroup;
import org.rpcbench.cases.PayloadSchedule;
import org.rpcbench.checks.Problems;
import org.rpcbench.record.CaseOrder;
import org.rpcbench.record.RunRecord;
import org.rpcbench.record.RunSummary;
import org.rpcbench.record.ServerMeter;
import org.rpcbench.rig.ForkSettings;
import org.rpcbench.rig.Switching;

/**
 * A closed-loop run through JMH: one checked call of each case, the bytes on the wire (unless skipped), then JMH's forks;
 * then the forks' tallies are merged into run.json beside JMH's own JSON, and the summary is printed. A run
 * stopped part-way (SIGTERM, Ctrl-C; benchmark.sh stops the client so when the server dies) still records
 * the cases that finished, and says it did not finish.
 */
final class ClosedLoopLauncher {
    private ClosedLoopLauncher() {}

    static int run(ClientBinding binding, ClientOptions given, PrintStream out, PrintStream err) {
        ForkSettings fork = new ForkSettings(given.target(), given.tallyDir(), given.serverPid(), given.serverMeter(),
                given.steadyWarmupSeconds(),
                given.perCallerConnections());
        List<String> forkArgs = new ArrayList<>(moduleOpenings(binding));
        Switch.given(binding).forEach((name, value) -> forkArgs.add("-D" + Switch.PREFIX + name + "=" + value));
        fork.asProperties().forEach((k, v) -> {
            forkArgs.add("-D" + k + "=" + v);
            System.setProperty(k, v); // for -f 0, where JMH runs in this JVM
        });
        if (JmhSettings.selectedGroups(given.jmh()).stream().anyMatch(CaseGroup::switches)) {
            PayloadSchedule schedule;
            try {
                schedule = Switching.settle();
            } catch (IllegalArgumentException e) {
                err.println("rpc-bench client: " + e.getMessage());
                return 2;
            }
            out.println("rpc-bench client: the string's size switched at random among " + schedule.sizes().stream().map(Case::method)
                    .collect(java.util.stream.Collectors.joining(", ")) + " every " + schedule.intervalMillis() + " ms of the wall clock, seed "
                    + schedule.seed() + " (-D" + Switching.SEED + "=" + schedule.seed() + " repeats it)");
            for (String property : List.of(Switching.SEED, Switching.EVERY)) {
                forkArgs.add("-D" + property + "=" + System.getProperty(property));
            }
        }
        Options built = JmhSettings.build(given.jmh(), given.concurrency(), forkArgs, given.resultFile().toString(),
                given.jfrDir() == null ? null : given.jfrDir().toString());
        // a group's cases are one scene: none of them is left out, the group is refused whole when the pair lacks one
        Options options = JmhSettings.selectedGroups(built).isEmpty() ? Carried.narrowed(binding, built, JmhSettings.selectedCases(built), err)
                : built;
        List<Case> selected = JmhSettings.selectedCases(options);
        if (selected.isEmpty()) {
            err.println("rpc-bench client: the benchmark patterns " + options.getIncludes() + " select no case; cases are " + Case.names());
            return 2;
        }
        String twice = JmhSettings.twice(options);
        if (twice != null) {
            err.println("rpc-bench client: " + twice);
            return 2;
        }
        String uncarried = Carried.refusal(binding, selected);
        if (uncarried != null) {
            err.println("rpc-bench client: " + uncarried);
            return 2;
        }
        if (given.perCallerConnections() && !binding.socketPerConnect()) {
            err.println("rpc-bench client: --connections " + ForkSettings.PER_CALLER + ": " + binding.name() + "'s connections"
                    + " share their sockets beneath (its framework pools them for the whole JVM): a caller cannot have one of its own");
            return 2;
        }
        if (given.perCallerConnections()) {
            int threads = options.getThreads().orElse(JmhSettings.THREADS);
            String ours = OpenFiles.own().shortOf(threads, "this client");
            if (ours != null) {
                err.println("rpc-bench client: " + ours);
                return 2;
            }
            String server = given.serverPid() > 0 ? OpenFiles.of(given.serverPid()).map(f -> f.shortOf(threads,
                    "the server (pid " + given.serverPid() + ")")).orElse(null) : null;
            if (server != null) {
                err.println("rpc-bench client: cannot benchmark " + binding.name() + " at " + given.target() + ": " + server);
                return 3;
            }
        }
        ServerMeterCheck.Outcome meterCheck = ServerMeterCheck.check(given, err);
        if (meterCheck.meter() == null) {
            return meterCheck.exitCode();
        }
        int preflight = ServerCheck.exitCode(binding, given, selected, err);
        if (preflight != 0) {
            return preflight;
        }
        try {
            Files.createDirectories(given.resultFile().getParent());
            clear(given.tallyDir());
        } catch (IOException e) {
            err.println("rpc-bench client: cannot write results under " + given.resultFile().getParent() + ": " + e.getMessage());
            return 1;
        }
        List<String> order = RunOrder.of(JmhSettings.benchmarks(options), given.caseOrderSeed());
        if (given.caseOrderSeed() != null) {
            out.println("rpc-bench client: the cases run in the order " + String.join(", ", order) + ", drawn with seed "
                    + given.caseOrderSeed() + " (--case-order-seed)");
        }
        WireBytes sizes = WireBytes.measure(binding, given, selected, err);
        Instant started = Instant.now();
        FinishedCases progress = FinishedCases.around(OutputFormatFactory.createFormatInstance(out,
                options.verbosity().orElse(VerboseMode.NORMAL)));
        Thread onStop = new Thread(() -> {
            String running = progress.last();
            err.println("rpc-bench client: stopped before the run finished"
                    + (running == null ? "" : " (during " + running.substring(running.lastIndexOf('.') + 1) + ")")
                    + "; recording the cases that finished");
            report(binding, given, options, selected, progress.finished(), sizes, started, meterCheck.meter(),
                    new CaseOrder(given.caseOrderSeed(), order, progress.started()), true, out, err);
        }, "rpc-bench-stopped");
        Runtime.getRuntime().addShutdownHook(onStop);
        List<RunResult> results = new ArrayList<>();
        boolean stopping = false;
        Path part = given.resultFile().resolveSibling(given.resultFile().getFileName() + ".part");
        try {
            // one JMH run per benchmark, in the order chosen: JMH would sort them by name
            for (String benchmark : order) {
                results.addAll(new Runner(JmhSettings.only(options, benchmark, order, part.toString()), progress.format()).run());
            }
            Files.deleteIfExists(part);
            ResultFormatFactory.getInstance(options.getResultFormat().orElse(ResultFormatType.JSON),
                    options.getResult().orElse(given.resultFile().toString())).writeOut(results);
        } catch (RunnerException e) {
            err.println("rpc-bench client: JMH stopped: " + Problems.describe(e));
            return 1;
        } catch (IOException e) {
            err.println("rpc-bench client: cannot write JMH's results in " + given.resultFile() + ": " + e.getMessage());
            return 1;
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(onStop);
            } catch (IllegalStateException shuttingDown) {
                stopping = true;
            }
        }
        if (stopping) {
            // the hook records what finished, marked as stopped: a second writer here would race it for run.json
            // and could leave a record that does not say the run was stopped
            return 1;
        }
        return report(binding, given, options, selected, results, sizes, started, meterCheck.meter(),
                new CaseOrder(given.caseOrderSeed(), order, progress.started()), false, out, err);
    }

    private static int report(ClientBinding binding, ClientOptions given, Options options, List<Case> selected,
                              Collection<RunResult> results, WireBytes sizes, Instant started, ServerMeter serverMeter, CaseOrder order,
                              boolean stopped, PrintStream out, PrintStream err) {
        RunRecord record;
        try {
            record = RecordAssembly.closedLoop(binding, given, options, selected, results, sizes, started, serverMeter, err)
                    .withCaseOrder(order);
            if (stopped) {
                record = record.interruptedBecause("stopped by a signal before every case ran; the cases missing did not finish");
            } else if (!order.kept() || order.ran().size() != order.asked().size()) {
                err.println("rpc-bench client: the cases ran in the order " + order.ran() + ", not in the order asked " + order.asked());
                record = record.interruptedBecause("the cases did not run in the order asked: " + order.ran() + " for " + order.asked());
            }
        } catch (IOException | RuntimeException e) {
            err.println("rpc-bench client: cannot record the run in " + given.runRecordFile() + ": " + e.getMessage());
            return 1;
        }
        var jmh = record.jmh();
        return Conclusion.write(record, given, RunSummary.title(record) + ", " + jmh.threads() + " threads, " + jmh.forks()
                + " fork(s), " + jmh.measurementIterations() + " x " + jmh.measurementTime() + " measured",
                given.resultFile() + " (JMH), " + given.runRecordFile() + " (run record)"
                        + (given.jfrDir() == null ? "" : ", " + given.jfrDir() + " (flight recordings)"), out, err);
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

    /** The pair's module openings for the forks; none for a binding outside a pair module (a test's). */
    static List<String> moduleOpenings(ClientBinding binding) {
        try {
            return PairIdentity.of(binding.getClass()).addOpensOptions();
        } catch (IllegalStateException notAPair) {
            return List.of();
        }
    }
}
