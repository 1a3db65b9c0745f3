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
import org.rpcbench.record.TallyFile;

/**
 * Puts a run's record together: JMH's scores, the forks' tallies (the calls counted and timed in JMH's
 * windows, and both processes' use of them), the bytes on the wire, the settings and the environment.
 * A case JMH gave no result for, or whose forks left no tally, is missing, never invented.
 */
final class RecordAssembly {

    private RecordAssembly() {}

    static RunRecord closedLoop(ClientBinding binding, ClientOptions given, Options options, List<Case> selected,
                                Collection<RunResult> results, WireBytes sizes, Instant started) throws IOException {
        List<TallyFile> tallies = TallyFile.readAll(given.tallyDir());
        List<CaseRecord> cases = new ArrayList<>();
        List<String> missing = new ArrayList<>();
        BenchmarkParams params = null;
        for (Case c : selected) {
            RunResult run = results.stream().filter(r -> Case.ofBenchmark(r.getParams().getBenchmark()) == c).findFirst().orElse(null);
            List<TallyFile> forks = tallies.stream().filter(t -> t.caseName().equals(c.method())).toList();
            if (run == null || forks.isEmpty()) {
                missing.add(c.method());
                continue;
            }
            params = run.getParams();
            List<BenchmarkResult> jmhForks = new ArrayList<>(run.getBenchmarkResults());
            List<CaseAssembly.Fork> assembled = new ArrayList<>();
            for (int f = 0; f < forks.size(); f++) {
                double[] scores = forks.size() == jmhForks.size() ? jmhForks.get(f).getIterationResults().stream()
                        .mapToDouble(i -> i.getPrimaryResult().getScore()).toArray() : null;
                assembled.add(new CaseAssembly.Fork(forks.get(f), scores));
            }
            cases.add(CaseAssembly.closedLoop(c.method(), assembled, run.getPrimaryResult().getScore(),
                    run.getPrimaryResult().getScoreError(), sizes.of(c)));
        }
        RunRecord record = RunRecord.of(DataModel.ID, binding.name() + "-client", binding.name(), given.target().toString(),
                RunRecord.CLOSED_LOOP, framework(binding, given, threads(options, params)),
                load(options, params, given, connections(binding, given, threads(options, params))), null,
                EnvironmentProbe.probe(params, started), cases, missing);
        return record.withFiles(given.resultFile().getFileName().toString(),
                given.jfrDir() == null ? null : given.jfrDir().getFileName().toString()).withWireBytesNotMeasured(sizes.notMeasured());
    }

    static RunRecord openLoop(ClientBinding binding, ClientOptions given, List<String> jvmArgs, List<CaseRecord> cases,
                              Instant started) {
        OpenLoopSettings settings = new OpenLoopSettings(given.rate(), given.concurrency(), 1, given.warmupSeconds(),
                given.measureSeconds(), jvmArgs, given.target().timeoutMillis());
        return RunRecord.of(DataModel.ID, binding.name() + "-client", binding.name(), given.target().toString(),
                RunRecord.OPEN_LOOP, framework(binding), null, settings, EnvironmentProbe.probe(null, started), cases, List.of());
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
