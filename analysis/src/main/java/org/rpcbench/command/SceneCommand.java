package org.rpcbench.command;

import java.util.ArrayList;
import java.util.List;
import org.rpcbench.cases.CaseGroup;
import org.rpcbench.cli.UsageException;
import org.rpcbench.runs.Builder;
import org.rpcbench.runs.Pair;
import org.rpcbench.runs.Stopped;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/**
 * soak and pressure: seed 003's scenes on one pair, closed-loop for -D with GC logs on every side. What they
 * take (the pair, -D, the load and build options, never -a) and how a scene is read, planned, described and
 * built are theirs alike, declared here once.
 */
abstract class SceneCommand extends AbstractCommand {
    static final int DEFAULT_SECONDS = 1800;
    static final int MIN_SECONDS = 60;

    @Mixin
    SoakOptions soak;
    @Mixin
    LoadOptions load;
    @Mixin
    BuildOptions build;

    @Parameters(paramLabel = "PAIR", arity = "0..*", description = "the pair")
    List<String> words = new ArrayList<>();

    /** The command line: the options given before the command and after it, as one set; those of a pair run alone refused. */
    final Subcommand read() throws UsageException {
        return Subcommand.of(spec, load, build, null, soak);
    }

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

    /** The pair and load of seed 003's {@code group} scene, run by this command; bad input as one line. */
    Scene scene(Subcommand c, CaseGroup group) throws UsageException, java.io.IOException {
        Context ctx = c.ctx();
        String command = spec.name();
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
}
