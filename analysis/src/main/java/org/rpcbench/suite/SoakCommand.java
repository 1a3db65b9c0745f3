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
 * A long run of one pair's getUser with GC logs on both sides, then seed 003's verdict: errors, full GCs,
 * growth of the heap left after young collections, throughput drift. The measurement is split into at least
 * twenty iterations (a twentieth of the run each, 3 s to 60 s) after the harness's usual 5 x 10 s warm-up.
 */
final class SoakCommand {
    static final int DEFAULT_SECONDS = 1800;
    static final int MIN_SECONDS = 50;
    static final String SERVER_JVM_DEFAULT = "-Xms2g -Xmx2g -XX:MaxDirectMemorySize=1g -XX:+UseG1GC";

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
        options.refuse("a soak (it runs getUser closed-loop for -D)", 'a', 'P', 'R');
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
        Plan plan = Plan.of(seconds);
        PairRunner runner = new PairRunner(env.root());
        if (!options.noBuild() && runner.build(List.of(pair), options.buildOptions(), null) != 0) {
            err.println("benchmark.sh: soak of " + pair + ": the build failed");
            return 1;
        }
        Path dir = env.root().resolve("results").resolve(pair + "-soak-"
                + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
        String serverJvm = System.getenv().getOrDefault("SERVER_JVM_OPTS", SERVER_JVM_DEFAULT) + " -Xlog:gc:file="
                + dir.resolve("server-gc.log");
        String jmh = "-f 1 -wi 5 -w 10s -i " + plan.iterations() + " -r " + plan.iterationSeconds() + "s -jvmArgsAppend -Xlog:gc:file="
                + dir.resolve("client-gc.log") + " getUser";
        out.println("benchmark.sh: soak of " + pair + ": getUser for " + Durations.format(seconds) + " in " + plan.iterations()
                + " iterations of " + plan.iterationSeconds() + " s, after 50 s of warm-up");
        Stopping.install(runner::stop, err, "soak of " + pair, signal -> out.flush());
        int status = runner.run(new PairRunner.Run(pair, dir, jmh, options.concurrency(), options.switches(), options.pin(),
                Map.of("SERVER_JVM_OPTS", serverJvm), null));
        if (!dir.resolve("run.json").toFile().isFile()) {
            err.println("benchmark.sh: soak of " + pair + ": the run left no record (exit " + status + ")");
            return status == 0 ? 1 : status;
        }
        out.println();
        int verdict = SoakVerdict.judge(dir.resolve("run.json"), dir.resolve("server-gc.log"), dir.resolve("client-gc.log"), out, err);
        return Math.max(status, verdict);
    }
}
