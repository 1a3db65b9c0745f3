package org.rpcbench.suite;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import org.rpcbench.analysis.SoakVerdict;
import org.rpcbench.cli.UsageException;

/**
 * A long run of one pair with seed 003's stability payloads (a 5 KB string, then a person with friends and
 * their addresses), GC logs on both sides, then seed 003's verdict: errors, full GCs, growth of the heap
 * left after young collections, throughput drift. One server and one client JVM (JMH's -f 0) live through
 * the whole soak, as the seed's did; each payload gets half the time, split into at least ten iterations
 * (3 s to 60 s each) after the warm-up until the JITs are quiet and two warm-up iterations as long as a measured
 * one, 10 s at most. Seed 003's third payload, a map of three persons, is no method of the contract.
 */
final class SoakCommand {
    static final int DEFAULT_SECONDS = 1800;
    static final int MIN_SECONDS = 60;
    static final String SERVER_JVM_DEFAULT = "-Xms2g -Xmx2g -XX:MaxDirectMemorySize=1g -XX:+UseG1GC";
    /** Seed 003's stability payloads that are methods of the contract, run one after the other. */
    static final List<String> CASES = List.of("echo5K", "echoPojo");

    private SoakCommand() {}

    /** Measured iterations of a soak of this many seconds, and their length. */
    record Plan(int iterations, int iterationSeconds) {
        static Plan of(int seconds) {
            int length = Math.max(3, Math.min(60, seconds / 20));
            return new Plan(Math.max(1, seconds / length), length);
        }
    }

    static int run(Checkout env, RunOptions options, List<String> rest, PrintStream out, PrintStream err)
            throws UsageException, IOException, InterruptedException {
        options.refuse("a soak (it runs seed 003's payloads closed-loop for -D)", 'a', 'P', 'R');
        if (rest.size() != 1) {
            throw new UsageException("soak needs one pair");
        }
        String pair = rest.get(0);
        if (pair.endsWith("-server") || pair.endsWith("-client")) {
            throw new UsageException("soak runs a pair, server and client: name the pair");
        }
        if (!Pairs.of(env.root()).has(pair)) {
            throw new UsageException("unknown module '" + pair + "'");
        }
        if (options.concurrency().size() > 1) {
            throw new UsageException("a soak runs at one concurrency; -t takes one value here");
        }
        int seconds = options.seconds() != null ? options.seconds() : DEFAULT_SECONDS;
        if (seconds < MIN_SECONDS) {
            throw new UsageException("a soak needs at least " + MIN_SECONDS + "s");
        }
        Plan plan = Plan.of(seconds / CASES.size());
        PairRunner runner = new PairRunner(env.root());
        if (!options.noBuild() && runner.build(List.of(pair), options.buildOptions(), null) != 0) {
            err.println("benchmark.sh: soak of " + pair + ": the build failed");
            return 1;
        }
        Path dir = env.root().resolve("results").resolve(pair + "-soak-"
                + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
        String serverJvm = System.getenv().getOrDefault("SERVER_JVM_OPTS", SERVER_JVM_DEFAULT) + " -Xlog:gc:file="
                + dir.resolve("server-gc.log");
        String clientJvm = System.getenv().getOrDefault("CLIENT_JVM_OPTS", SERVER_JVM_DEFAULT) + " -Xlog:gc:file="
                + dir.resolve("client-gc.log");
        String jmh = "-f 0 -wi 2 -w " + Math.min(10, plan.iterationSeconds()) + "s -i " + plan.iterations() + " -r " + plan.iterationSeconds() + "s " + String.join(" ", CASES);
        out.println("benchmark.sh: soak of " + pair + ": " + String.join(" then ", CASES) + ", " + Durations.format(
                (long) plan.iterations() * plan.iterationSeconds()) + " each in " + plan.iterations() + " iterations of "
                + plan.iterationSeconds() + " s, each after its warm-up, one server and one client throughout");
        Stopping.install(runner::stop, err, "soak of " + pair, signal -> out.flush());
        int status = runner.run(new PairRunner.Run(pair, dir, jmh, options.concurrency(), options.switches(), options.pin(),
                Map.of("SERVER_JVM_OPTS", serverJvm, "CLIENT_JVM_OPTS", clientJvm), null));
        if (!dir.resolve("run.json").toFile().isFile()) {
            err.println("benchmark.sh: soak of " + pair + ": the run left no record (exit " + status + ")");
            return status == 0 ? 1 : status;
        }
        out.println();
        int verdict = SoakVerdict.judge(dir.resolve("run.json"), dir.resolve("server-gc.log"), dir.resolve("client-gc.log"), out, err);
        return Math.max(status, verdict);
    }
}
