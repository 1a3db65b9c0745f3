package org.rpcbench.command;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.rpcbench.analysis.SoakVerdict;
import org.rpcbench.cases.CaseGroup;
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
import picocli.CommandLine.Parameters;

/**
 * Seed 003's stability scene on one pair: its three calls (a 5 KB string, a person with friends and their
 * addresses, a map of three persons) at the same time from 20 callers ({@link CaseGroup#STABILITY}, -t sets
 * them), for as long as asked, with GC logs on both sides, then seed 003's verdict: errors, full GCs, growth of
 * the heap left after young collections, and each call's throughput drift across the iterations. One server
 * and one client JVM (JMH's -f 0) live through the whole soak, as the seed's did; the time is split into at
 * least ten iterations (3 s to 60 s each) after the warm-up until the JITs are quiet (bounded by {@link Plan})
 * and two warm-up iterations as long as a measured one, 10 s at most. The map of three persons is the Java
 * interface's alone: a pair of the contract's IDL twin is refused before anything starts.
 */
@Command(name = "soak", customSynopsis = "Usage: ./benchmark.sh [options] soak PAIR",
        description = {"Seed 003's stability scene on PAIR: echo5K, echoPojo and echoPersons called at once from -t callers (20),",
            "GC logs on both sides, then a stability verdict (errors, full GCs, the heap after young collections, each",
            "call's throughput drift). Results in results/PAIR-soak-TIME/."})
final class SoakCommand extends AbstractCommand {
    static final int DEFAULT_SECONDS = 1800;
    static final int MIN_SECONDS = 60;
    /** Seed 003's stability scene: its calls, run at once as one JMH group. */
    static final CaseGroup SCENE = CaseGroup.STABILITY;

    @Mixin
    SoakOptions soak;
    @Mixin
    LoadOptions load;
    @Mixin
    BuildOptions build;

    @Parameters(paramLabel = "PAIR", arity = "0..*", description = "the pair")
    List<String> words = new ArrayList<>();

    /**
     * Measured iterations of a soak, their length, and the bound of its warm-up until the JITs are quiet: a
     * quarter of the soak, 5 s to 60 s, so that a short soak is not mostly warm-up (the warm-up ends earlier
     * when the JITs go quiet, and what the verdict reads is measured after it).
     */
    record Plan(int iterations, int iterationSeconds, int warmupBoundSeconds) {
        static Plan of(int seconds) {
            int length = Math.max(3, Math.min(60, seconds / 20));
            return new Plan(Math.max(1, seconds / length), length, Math.max(5, Math.min(60, seconds / 4)));
        }
    }

    /** A scene's pair, its callers and its length, from the command line, checked before anything starts. */
    record Scene(Pair pair, int callers, int seconds, Plan plan) {}

    /** The pair and load of seed 003's {@code group} scene, run by {@code command}; bad input as one line. */
    static Scene scene(Subcommand c, List<String> words, String command, CaseGroup group) throws UsageException, java.io.IOException {
        Context ctx = c.ctx();
        if (c.load().clientArgs != null) {
            throw new UsageException("-a does not apply to " + command + " (it runs seed 003's scene closed-loop for -D)");
        }
        if (words.size() != 1) {
            throw new UsageException(command + " needs one pair");
        }
        String name = words.get(0);
        if (name.endsWith("-server") || name.endsWith("-client")) {
            throw new UsageException(command + " runs a pair, server and client: name the pair");
        }
        Pair pair = ctx.checkout.pairs().named(name);
        if (c.load().concurrency().size() > 1) {
            throw new UsageException("a " + command + " runs at one concurrency; -t takes one value here");
        }
        int callers = c.load().concurrency().isEmpty() ? CaseGroup.SEED_CALLERS : c.load().concurrency().get(0);
        int methods = group.subgroups().size();
        if (callers < methods) {
            throw new UsageException("a " + command + " calls " + methods + " methods at once: -t needs at least " + methods + " callers, got "
                    + callers);
        }
        int seconds = c.soak().seconds != null ? c.soak().seconds : DEFAULT_SECONDS;
        if (seconds < MIN_SECONDS) {
            throw new UsageException("a " + command + " needs at least " + MIN_SECONDS + "s, got -D " + seconds + "s");
        }
        if (!ctx.checkout.pairs().callsJavaInterface(name)) {
            throw new UsageException(name + " calls the contract's IDL twin, which has no echoPersons (seed 003's map of three persons): "
                    + command + " runs the pairs of the Java interface (./benchmark.sh -l)");
        }
        return new Scene(pair, callers, seconds, Plan.of(seconds));
    }

    /** The client's JMH options for a scene: its group, one JVM (-f 0) through it all. */
    static String jmh(Plan plan, CaseGroup group) {
        return "--steady-warmup " + plan.warmupBoundSeconds() + " -f 0 -wi 2 -w " + Math.min(10, plan.iterationSeconds()) + "s -i "
                + plan.iterations() + " -r " + plan.iterationSeconds() + "s " + group.group();
    }

    /** "echo5K (7), echoPojo (7), echoPersons (6) at once, 20 callers, 1m00s in 20 iterations of 3 s after the warm-up ...". */
    static String describe(Scene scene, CaseGroup group) {
        int[] split = group.callers(scene.callers());
        List<String> dealt = new ArrayList<>();
        for (int i = 0; i < split.length; i++) {
            dealt.add(CaseGroup.name(group.subgroups().get(i)) + " (" + split[i] + ")");
        }
        Plan plan = scene.plan();
        return String.join(", ", dealt) + " at once, " + scene.callers() + " callers, " + org.rpcbench.runs.Durations.format(
                (long) plan.iterations() * plan.iterationSeconds()) + " in " + plan.iterations() + " iterations of " + plan.iterationSeconds()
                + " s after the warm-up (until the JITs are quiet, at most " + plan.warmupBoundSeconds() + " s)";
    }

    /** Builds the pair unless -n; false when a stop ended the build. */
    static boolean built(Subcommand c, Pair pair) throws Exception {
        Context ctx = c.ctx();
        try {
            if (c.build().skip()) {
                Builder.requireBuilt(ctx.checkout, List.of(pair), true, true);
            } else {
                ctx.builder().build(ctx.checkout, List.of(pair), c.build().mavenOptions, null, ctx.out, ctx.err);
            }
            return true;
        } catch (Stopped e) {
            return false;
        }
    }

    @Override
    public Integer call() throws Exception {
        Subcommand c = Subcommand.of(spec, load, build, null, soak);
        Context ctx = c.ctx();
        Scene scene = scene(c, words, "soak", SCENE);
        Pair pair = scene.pair();
        if (!built(c, pair)) {
            return ctx.stop.exitCode();
        }
        Path dir = ResultDirs.create(ctx.checkout.results(), pair.name() + "-soak", ctx.clock);
        List<String> serverJvm = new ArrayList<>(ctx.serverJvm());
        serverJvm.add("-Xlog:gc:file=" + dir.resolve("server-gc.log"));
        List<String> clientJvm = new ArrayList<>(ctx.clientJvm());
        clientJvm.add("-Xlog:gc:file=" + dir.resolve("client-gc.log"));
        ctx.out.println("benchmark.sh: soak of " + pair.name() + ": seed 003's stability scene, " + describe(scene, SCENE)
                + ", one server and one client throughout");
        PairRunSettings.Builder settings = new RunShape(jmh(scene.plan(), SCENE), List.of(scene.callers()), c.load().pinned(), serverJvm,
                clientJvm).settings(ctx.checkout, pair, c.load().switches(), dir, null);
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
        int verdict = SoakVerdict.judge(dir.resolve("run.json"), "soak", SCENE, dir.resolve("server-gc.log"), dir.resolve("client-gc.log"), ctx.out,
                ctx.err);
        return c.exit(Math.max(result.exit(), verdict));
    }
}
