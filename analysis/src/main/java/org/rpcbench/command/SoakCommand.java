package org.rpcbench.command;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.rpcbench.analysis.SoakVerdict;
import org.rpcbench.cli.UsageException;
import org.rpcbench.runs.Builder;
import org.rpcbench.runs.Pair;
import org.rpcbench.runs.PairRun;
import org.rpcbench.runs.PairRunSettings;
import org.rpcbench.runs.ResultDirs;
import org.rpcbench.runs.RunShape;
import org.rpcbench.runs.Stopped;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * A long run of one pair with seed 003's stability payloads (a 5 KB string, then a person with friends and
 * their addresses), GC logs on both sides, then seed 003's verdict: errors, full GCs, growth of the heap
 * left after young collections, throughput drift. One server and one client JVM (JMH's -f 0) live through
 * the whole soak, as the seed's did; each payload gets half the time, split into at least ten iterations
 * (3 s to 60 s each) after the warm-up until the JITs are quiet (bounded by {@link Plan}) and two warm-up
 * iterations as long as a measured one, 10 s at most. Seed 003's third payload, a map of three persons, is no method of the contract.
 */
@Command(name = "soak", customSynopsis = "Usage: ./benchmark.sh [options] soak PAIR",
        description = {"A long run of PAIR with seed 003's stability payloads and GC logs on both sides, then a stability verdict",
            "(errors, full GCs, the heap after young collections, throughput drift). Results in results/PAIR-soak-TIME/."})
final class SoakCommand implements Callable<Integer> {
    static final int DEFAULT_SECONDS = 1800;
    static final int MIN_SECONDS = 60;
    /** Seed 003's stability payloads that are methods of the contract, run one after the other. */
    static final List<String> CASES = List.of("echo5K", "echoPojo");

    @Spec
    CommandSpec spec;
    @Mixin
    HelpOption help;
    @Mixin
    SoakOptions soak;
    @Mixin
    LoadOptions load;
    @Mixin
    BuildOptions build;

    @Parameters(paramLabel = "PAIR", arity = "0..*", description = "the pair")
    List<String> words = new ArrayList<>();

    /**
     * Measured iterations of a payload's share of a soak, their length, and the bound of its warm-up until the
     * JITs are quiet: a quarter of the share, 5 s to 60 s, so that a short soak is not mostly warm-up (the
     * warm-up ends earlier when the JITs go quiet, and what the verdict reads is measured after it).
     */
    record Plan(int iterations, int iterationSeconds, int warmupBoundSeconds) {
        static Plan of(int seconds) {
            int length = Math.max(3, Math.min(60, seconds / 20));
            return new Plan(Math.max(1, seconds / length), length, Math.max(5, Math.min(60, seconds / 4)));
        }
    }

    @Override
    public Integer call() throws Exception {
        Subcommand c = Subcommand.of(spec, load, build, null, soak);
        Context ctx = c.ctx();
        if (c.load().clientArgs != null) {
            throw new UsageException("-a does not apply to a soak (it runs seed 003's payloads closed-loop for -D)");
        }
        if (words.size() != 1) {
            throw new UsageException("soak needs one pair");
        }
        String name = words.get(0);
        if (name.endsWith("-server") || name.endsWith("-client")) {
            throw new UsageException("soak runs a pair, server and client: name the pair");
        }
        Pair pair = ctx.checkout.pairs().named(name);
        if (c.load().concurrency().size() > 1) {
            throw new UsageException("a soak runs at one concurrency; -t takes one value here");
        }
        int seconds = c.soak().seconds != null ? c.soak().seconds : DEFAULT_SECONDS;
        if (seconds < MIN_SECONDS) {
            throw new UsageException("a soak needs at least " + MIN_SECONDS + "s, got -D " + seconds + "s");
        }
        Plan plan = Plan.of(seconds / CASES.size());
        try {
            if (c.build().skip()) {
                Builder.requireBuilt(ctx.checkout, List.of(pair), true, true);
            } else {
                ctx.builder().build(ctx.checkout, List.of(pair), c.build().mavenOptions, null, ctx.out, ctx.err);
            }
        } catch (Stopped e) {
            return ctx.stop.exitCode();
        }
        Path dir = ResultDirs.create(ctx.checkout.results(), pair.name() + "-soak", ctx.clock);
        List<String> serverJvm = new ArrayList<>(ctx.serverJvm());
        serverJvm.add("-Xlog:gc:file=" + dir.resolve("server-gc.log"));
        List<String> clientJvm = new ArrayList<>(ctx.clientJvm());
        clientJvm.add("-Xlog:gc:file=" + dir.resolve("client-gc.log"));
        String jmh = "--steady-warmup " + plan.warmupBoundSeconds() + " -f 0 -wi 2 -w " + Math.min(10, plan.iterationSeconds()) + "s -i " + plan.iterations() + " -r " + plan.iterationSeconds()
                + "s " + String.join(" ", CASES);
        ctx.out.println("benchmark.sh: soak of " + pair.name() + ": " + String.join(" then ", CASES) + ", " + org.rpcbench.runs.Durations.format(
                (long) plan.iterations() * plan.iterationSeconds()) + " each in " + plan.iterations() + " iterations of "
                + plan.iterationSeconds() + " s, each after its warm-up (until the JITs are quiet, at most " + plan.warmupBoundSeconds()
                + " s), one server and one client throughout");
        PairRunSettings.Builder settings = new RunShape(jmh, c.load().concurrency(), c.load().pinned(), serverJvm, clientJvm)
                .settings(ctx.checkout, pair, c.load().switches(), dir, null);
        settings.historyStore = ctx.historyStore();
        PairRun.Result result = ctx.runner.run(settings.build());
        if (result.stopped()) {
            return ctx.stop.exitCode();
        }
        if (!dir.resolve("run.json").toFile().isFile()) {
            ctx.err.println("benchmark.sh: soak of " + pair.name() + ": the run left no record (exit " + result.exit() + ")");
            return c.exit(result.exit() == 0 ? 1 : result.exit());
        }
        ctx.out.println();
        int verdict = SoakVerdict.judge(dir.resolve("run.json"), dir.resolve("server-gc.log"), dir.resolve("client-gc.log"), ctx.out, ctx.err);
        return c.exit(Math.max(result.exit(), verdict));
    }
}
