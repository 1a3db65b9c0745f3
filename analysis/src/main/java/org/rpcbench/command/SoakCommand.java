package org.rpcbench.command;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.rpcbench.analysis.SoakVerdict;
import org.rpcbench.cases.CaseGroup;
import org.rpcbench.runs.Pair;
import org.rpcbench.runs.PairRun;
import org.rpcbench.runs.PairRunSettings;
import org.rpcbench.runs.ResultDirs;
import org.rpcbench.runs.RunShape;
import picocli.CommandLine.Command;

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
final class SoakCommand extends SceneCommand {
    /** Seed 003's stability scene: its calls, run at once as one JMH group. */
    static final CaseGroup SCENE = CaseGroup.STABILITY;

    @Override
    public Integer call() throws Exception {
        Subcommand c = read();
        Context ctx = c.ctx();
        Scene scene = scene(c, SCENE);
        Pair pair = scene.pair();
        String history = ctx.usableHistoryStore();
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
        settings.historyStore = history;
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
