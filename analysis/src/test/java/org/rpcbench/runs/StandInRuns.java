package org.rpcbench.runs;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.rpcbench.record.CaseRecord;
import org.rpcbench.record.CpuAndGc;
import org.rpcbench.record.JitWarmup;
import org.rpcbench.record.PerCall;
import org.rpcbench.record.Records;
import org.rpcbench.record.RunRecord;
import org.rpcbench.report.Runs;

/**
 * Pair runs without processes, for the tests of what runs many runs: each run of an arm (named by its switch
 * {@code x.arm=ARM}) writes its arm's next prepared record where the run's record goes, and says so in its
 * log. Arm a's records cost 20 µs of server CPU a call, arm b's 24 (20 % more), each with run-to-run noise.
 * Arm "fail" cannot reach its server (exit 3), arm "erring" writes a record with errors (exit 1), arm
 * "stopper" is stopped while it runs. Arm "jit" costs what a's first record does, and warms up as a client whose
 * JITs need {@link #JIT_SECONDS} (run by run) to go quiet does under the run's {@code --steady-warmup}. Each run's
 * client options are kept ({@link #clientArgs}).
 */
public final class StandInRuns implements PairRunner {
    public static final Pair PAIR = new Pair("dubbo-hessian", "java", 20880);
    private final Path records;
    private final Stop stop;
    private final Map<String, AtomicInteger> counts = new ConcurrentHashMap<>();
    private final List<List<String>> clientArgs = java.util.Collections.synchronizedList(new java.util.ArrayList<>());
    /** From this run of arm "b" on (0 is its first), its record says another seed's order than the one it was given. */
    public volatile int misorderedFrom = Integer.MAX_VALUE;
    /** How long arm jit's JITs take to go quiet, its first run, second, ... (the last for every run after). */
    public static final List<Double> JIT_SECONDS = List.of(20.0, 40.0, 20.0, 12.0);

    public StandInRuns(Path dir, Stop stop, int runs) throws IOException {
        this.records = dir.resolve("records");
        this.stop = stop;
        Random noise = new Random(11);
        for (String arm : List.of("a", "b")) {
            for (int i = 0; i < runs; i++) {
                double level = (arm.equals("a") ? 20 : 24) * (1 + 0.02 * noise.nextGaussian());
                Records.write(Runs.run("dubbo-hessian", "hessian2", List.of(costed("getUser", level, 0, List.of()))),
                        records.resolve(arm + i + ".json"));
            }
        }
        Records.write(Runs.run("dubbo-hessian", "hessian2", List.of(costed("getUser", 20, 7,
                List.of("getUser: IllegalStateException: broken on purpose")))), records.resolve("erring.json"));
    }

    private static CaseRecord costed(String name, double serverMicros, long errors, List<String> problems) {
        return costed(name, serverMicros, errors, problems, List.of());
    }

    private static CaseRecord costed(String name, double serverMicros, long errors, List<String> problems, List<JitWarmup> warmups) {
        CaseRecord c = Runs.closedCase(name, 30000, 2);
        return new CaseRecord(c.name(), c.opsPerSecond(), c.opsError(), c.iterationScores(), c.answeredPerSecond(), c.latencyMs(),
                null, c.calls(), errors, 0, 0, problems, false, null, CpuAndGc.NONE, new PerCall(serverMicros, 15, 100, 100), List.of(),
                null, null, null, null, null, null, warmups);
    }

    /** The client options of every run, in the order they ran. */
    public List<List<String>> clientArgs() {
        synchronized (clientArgs) {
            return List.copyOf(clientArgs);
        }
    }

    /** How many runs of this arm started. */
    public int started(String arm) {
        return counts.getOrDefault(arm, new AtomicInteger()).get();
    }

    @Override
    public PairRun.Result run(PairRunSettings s) throws IOException {
        String arm = s.switches().stream().filter(w -> w.startsWith("x.arm=")).map(w -> w.substring(6)).findFirst().orElse("a");
        int n = counts.computeIfAbsent(arm, k -> new AtomicInteger()).getAndIncrement();
        clientArgs.add(s.clientArgs());
        Path record = Records.besideResult(s.resultFile());
        Files.createDirectories(record.getParent());
        Path log = s.log() != null ? s.log() : record.resolveSibling("benchmark.log");
        switch (arm) {
            case "fail" -> {
                Files.writeString(log, "rpc-bench client: cannot benchmark dubbo-hessian: IllegalStateException\n", StandardCharsets.UTF_8);
                return new PairRun.Result(3, List.of(), false);
            }
            case "erring" -> {
                Files.copy(records.resolve("erring.json"), record);
                return new PairRun.Result(1, List.of(record), false);
            }
            case "jit" -> {
                int bound = ClientArgs.steadyWarmup(String.join(" ", s.clientArgs()));
                double needs = JIT_SECONDS.get(Math.min(n, JIT_SECONDS.size() - 1));
                JitWarmup warmup = new JitWarmup(Math.min(needs, bound), needs <= bound, 1, 1, 1000);
                Records.write(Runs.run("dubbo-hessian", "hessian2", List.of(costed("getUser", 20 * (1 + 0.01 * (n % 3)), 0, List.of(),
                        List.of(warmup)))), record);
                Files.writeString(log, "ran jit " + n + "\n", StandardCharsets.UTF_8);
                return new PairRun.Result(0, List.of(record), false);
            }
            case "stopper" -> {
                stop.request(Stop.TERMINATED);
                return new PairRun.Result(Stop.TERMINATED, List.of(), true);
            }
            default -> {
                Files.copy(records.resolve(arm + n + ".json"), record);
                int seed = s.clientArgs().indexOf(ClientArgs.CASE_ORDER_SEED);
                if (seed >= 0) {
                    // a client that takes the order: its record says it; a "b" run from round 2 on, one that drew another
                    RunRecord r = Records.read(record);
                    List<String> cases = r.cases().stream().map(org.rpcbench.record.CaseRecord::name).toList();
                    long given = Long.parseLong(s.clientArgs().get(seed + 1));
                    Records.write(r.withCaseOrder(new org.rpcbench.record.CaseOrder(arm.equals("b") && n >= misorderedFrom ? given + 1 : given,
                            cases, cases)), record);
                }
                Files.writeString(log, "ran " + arm + " " + n + "\n", StandardCharsets.UTF_8);
                return new PairRun.Result(0, List.of(record), false);
            }
        }
    }
}
