package org.rpcbench.launcher;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.options.Options;
import org.rpcbench.binding.Calibration;
import org.rpcbench.binding.ClientBinding;
import org.rpcbench.cases.Case;
import org.rpcbench.contract.DataModel;
import org.rpcbench.record.CaseAssembly;
import org.rpcbench.record.CaseRecord;
import org.rpcbench.record.LoadSettings;
import org.rpcbench.record.OpenLoopSettings;
import org.rpcbench.record.RunRecord;
import org.rpcbench.record.ServerMeter;
import org.rpcbench.record.TallyFile;
import org.rpcbench.cases.CaseGroup;

/**
 * Puts a run's record together: JMH's scores, the forks' tallies (the calls counted and timed in JMH's
 * windows, and both processes' use of them), the bytes on the wire, the settings and the environment.
 * A case JMH gave no result for, or whose forks left no tally, is missing, never invented. A group's cases
 * ({@link CaseGroup}) each have a record of their own: their own tally and JMH's score of their method (the
 * group's secondary scores; its primary score, the sum, is no case's), and the record says which ran at once
 * with how many callers each. The sizes of a switched subgroup are scored by their own calls over the windows,
 * and only those drawn while JMH measured are cases of the record.
 */
final class RecordAssembly {

    private RecordAssembly() {}

    static RunRecord closedLoop(ClientBinding binding, ClientOptions given, Options options, List<Case> selected,
                                Collection<RunResult> results, WireBytes sizes, Instant started, ServerMeter serverMeter,
                                java.io.PrintStream err)
            throws IOException {
        TallyFile.Read read = TallyFile.readEach(given.tallyDir());
        List<TallyFile> tallies = read.tallies();
        List<String> spoiled = spoiled(read, selected, err);
        List<CaseRecord> cases = new ArrayList<>();
        List<String> missing = new ArrayList<>(spoiled.stream().filter(n -> selected.stream().noneMatch(c -> c.method().equals(n))).toList());
        BenchmarkParams params = null;
        Map<String, Integer> atOnce = null;
        for (Case c : selected) {
            if (spoiled.contains(c.method())) {
                missing.add(c.method()); // a fork's tally is bad: the case's figures would be some forks' only
                continue;
            }
            RunResult run = results.stream().filter(r -> runs(r, c)).findFirst().orElse(null);
            List<TallyFile> forks = tallies.stream().filter(t -> t.caseName().equals(c.method())).toList();
            CaseGroup group = run == null ? null : CaseGroup.ofBenchmark(run.getParams().getBenchmark());
            String label = group == null ? null : group.label(c);
            // a switched size has no score of JMH's (its subgroup's is all its sizes'): its own calls over the windows make it
            boolean switched = group != null && group.switched(c);
            Result score = run == null || switched ? null : label == null ? run.getPrimaryResult() : run.getSecondaryResults().get(label);
            if (run != null && switched && !forks.isEmpty()) {
                params = run.getParams();
                atOnce = atOnce == null ? new LinkedHashMap<>() : atOnce;
                atOnce.putAll(callers(group, params));
                CaseRecord size = CaseAssembly.closedLoop(c.method(), forks.stream().map(f -> new CaseAssembly.Fork(f, null)).toList(),
                        Double.NaN, Double.NaN, sizes.of(c));
                // a size the schedule never drew while JMH measured was not part of this run: no case, not a failed one
                if (size.calls() > 0 || size.allErrors() > 0) {
                    cases.add(size);
                }
                continue;
            }
            if (score == null || forks.isEmpty()) {
                missing.add(c.method());
                continue;
            }
            params = run.getParams();
            if (group != null) {
                atOnce = atOnce == null ? new LinkedHashMap<>() : atOnce;
                atOnce.putAll(callers(group, params));
            }
            List<BenchmarkResult> jmhForks = new ArrayList<>(run.getBenchmarkResults());
            List<CaseAssembly.Fork> assembled = new ArrayList<>();
            for (int f = 0; f < forks.size(); f++) {
                double[] scores = forks.size() == jmhForks.size() ? jmhForks.get(f).getIterationResults().stream()
                        .mapToDouble(i -> (label == null ? i.getPrimaryResult() : i.getSecondaryResults().get(label)).getScore()).toArray()
                        : null;
                assembled.add(new CaseAssembly.Fork(forks.get(f), scores));
            }
            cases.add(CaseAssembly.closedLoop(c.method(), assembled, score.getScore(), score.getScoreError(), sizes.of(c)));
        }
        RunRecord record = RunRecord.of(DataModel.ID, binding.name() + "-client", binding.name(), given.target().toString(),
                RunRecord.CLOSED_LOOP, framework(binding, given, threads(options, params)),
                load(options, params, given, connections(binding, given, threads(options, params))).withCallersAtOnce(atOnce), null,
                EnvironmentProbe.probe(params, started, serverMeter), cases, missing);
        return record.withFiles(given.resultFile().getFileName().toString(),
                given.jfrDir() == null ? null : given.jfrDir().getFileName().toString()).withWireBytesNotMeasured(sizes.notMeasured());
    }

    /**
     * The cases a bad tally spoils (a fork killed while writing it, say), each said in one line: they are
     * missing from the record, which then fails, while the other cases are kept.
     */
    static List<String> spoiled(TallyFile.Read read, List<Case> selected, java.io.PrintStream err) {
        java.util.Set<String> cases = new java.util.LinkedHashSet<>();
        read.unreadable().forEach((file, why) -> {
            String name = TallyFile.Read.caseOf(file);
            err.println("rpc-bench client: " + why + " (case " + name + " is failed: a fork's counts are lost)");
            cases.add(name);
        });
        return List.copyOf(cases);
    }

    /** Whether JMH's result {@code r} is of case {@code c}: its own benchmark, or a group's that calls it. */
    private static boolean runs(RunResult r, Case c) {
        String benchmark = r.getParams().getBenchmark();
        CaseGroup group = CaseGroup.ofBenchmark(benchmark);
        return group == null ? Case.ofBenchmark(benchmark) == c : group.members().contains(c);
    }

    /**
     * How many callers called each of a group's cases in all (JMH's threads per subgroup, times its groups); a
     * switched subgroup's under {@value CaseGroup#SWITCHED}.
     */
    static Map<String, Integer> callers(CaseGroup group, BenchmarkParams params) {
        int[] subgroups = params.getThreadGroups();
        int groups = params.getThreads() / java.util.Arrays.stream(subgroups).sum();
        List<String> labels = new ArrayList<>(params.getThreadGroupLabels());
        Map<String, Integer> callers = new LinkedHashMap<>();
        for (int s = 0; s < labels.size(); s++) {
            callers.put(CaseGroup.name(group.subgroupOf(labels.get(s))), subgroups[s] * groups);
        }
        return callers;
    }

    static RunRecord openLoop(ClientBinding binding, ClientOptions given, List<String> jvmArgs, List<CaseRecord> cases,
                              Instant started, ServerMeter serverMeter) {
        OpenLoopSettings settings = new OpenLoopSettings(given.rate(), given.concurrency(), 1, given.warmupSeconds(),
                given.measureSeconds(), jvmArgs, given.target().timeoutMillis());
        return RunRecord.of(DataModel.ID, binding.name() + "-client", binding.name(), given.target().toString(),
                RunRecord.OPEN_LOOP, framework(binding), null, settings, EnvironmentProbe.probe(null, started, serverMeter), cases, List.of());
    }

    /** The binding's settings, and the calibration cost when one was added (never in a real run). */
    static Map<String, String> framework(ClientBinding binding) {
        Map<String, String> fw = new LinkedHashMap<>(binding.settings());
        fw.putAll(Calibration.settings());
        return fw;
    }

    /** The same, with what the run made of the binding's connection when each thread had its own. */
    static Map<String, String> framework(ClientBinding binding, ClientOptions given, int threads) {
        Map<String, String> fw = framework(binding);
        if (given.perCallerConnections()) {
            fw.put("connections", threads + " per fork, one per benchmark thread, each its own connect(); the binding's"
                    + " shared mode: " + fw.getOrDefault("connections", "not stated"));
        }
        return fw;
    }

    /** The connections a fork's threads had: one each, or the binding's shared one (thrift's: one per thread). */
    static int connections(ClientBinding binding, ClientOptions given, int threads) {
        return given.perCallerConnections() || binding.connectionPerThread() ? threads : 1;
    }

    private static int threads(Options options, BenchmarkParams params) {
        return params != null ? params.getThreads() : options.getThreads().orElse(JmhSettings.THREADS);
    }

    private static LoadSettings load(Options options, BenchmarkParams params, ClientOptions given, int connections) {
        int timeout = given.target().timeoutMillis();
        if (params != null) {
            return new LoadSettings("JMH " + params.getJmhVersion(), params.getJmhVersion(), params.getMode().shortLabel(),
                    params.getThreads(), params.getForks(), params.getWarmup().getCount(), params.getWarmup().getTime().toString(),
                    params.getMeasurement().getCount(), params.getMeasurement().getTime().toString(), params.getJvm(),
                    // with -f 0 the cases ran in this JVM, under its own options, not the forks' it would have given
                    (params.getForks() == 0 ? java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments()
                            : params.getJvmArgs()).stream().filter(a -> !a.startsWith("-Drpcbench.")).toList(), timeout, null, null, null,
                    connections);
        }
        return new LoadSettings("JMH", null, "thrpt", options.getThreads().orElse(JmhSettings.THREADS),
                options.getForkCount().orElse(JmhSettings.FORKS),
                options.getWarmupIterations().orElse(JmhSettings.WARMUP_ITERATIONS),
                options.getWarmupTime().orElse(JmhSettings.WARMUP_TIME).toString(),
                options.getMeasurementIterations().orElse(JmhSettings.MEASUREMENT_ITERATIONS),
                options.getMeasurementTime().orElse(JmhSettings.MEASUREMENT_TIME).toString(), null, null, timeout, null, null, null,
                connections);
    }
}
