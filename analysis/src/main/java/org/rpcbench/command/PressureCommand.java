package org.rpcbench.command;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import org.rpcbench.analysis.SoakVerdict;
import org.rpcbench.cases.Case;
import org.rpcbench.cases.CaseGroup;
import org.rpcbench.cases.PayloadSchedule;
import org.rpcbench.cli.UsageException;
import org.rpcbench.runs.Pair;
import org.rpcbench.runs.PairRun;
import org.rpcbench.runs.PairRunSettings;
import org.rpcbench.runs.ResultDirs;
import org.rpcbench.runs.RunShape;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * Seed 003's high-pressure scene on one pair: "on the basis of the stability scenario, the providers and
 * consumers are arranged into 2 sets (one machine and 2 instances), and the parameters of String are 20byte to
 * 200K, and are randomly transformed every 10 minutes". Two sets on this host, each a server and a client of
 * its own ({@link SoakCommand}'s run, twice, at once): each client calls its own server, because the seed
 * arranged its providers and consumers in sets, and because a client of this rig calls one address (none of
 * its bindings balances calls over two servers). Each client runs {@link CaseGroup#PRESSURE}: the stability
 * scene's three calls from 20 callers, the string's size drawn at random for each interval of the wall clock
 * from one seed, so that both clients switch to the same size at the same moment. Then each set's verdict, as
 * the soak's: its calls made at once and answered, errors, full GCs and the heap after young collections of its
 * server and client.
 */
@Command(name = "pressure", customSynopsis = "Usage: ./benchmark.sh [options] pressure [--switch-every DURATION] [--size-seed N] PAIR",
        description = {"Seed 003's high-pressure scene on PAIR: two servers and two clients on this host, each client calling",
            "its own server with the stability scene (-t callers, 20) whose string's size is switched at random among",
            "20 B, 1 KB, 50 KB and 200 KB every --switch-every; GC logs on all four, then each set's verdict.",
            "Results in results/PAIR-pressure-TIME/set-N/."})
final class PressureCommand extends SceneCommand {
    static final CaseGroup SCENE = CaseGroup.PRESSURE;
    /** The seed's provider and consumer sets. */
    static final int SETS = 2;
    static final int DEFAULT_EVERY_SECONDS = (int) (PayloadSchedule.SEED_003_INTERVAL_MILLIS / 1000);

    @Mixin
    PressureOptions pressure;

    @Override
    public Integer call() throws Exception {
        Subcommand c = read();
        Context ctx = c.ctx();
        Scene scene = scene(c, SCENE);
        int every = pressure.everySeconds != null ? pressure.everySeconds : DEFAULT_EVERY_SECONDS;
        if (every >= scene.seconds()) {
            throw new UsageException("--switch-every " + every + "s is not shorter than -D " + scene.seconds()
                    + "s: the size would never switch");
        }
        long seed = pressure.seed != null ? pressure.seed : ThreadLocalRandom.current().nextLong(1, 1L << 48);
        Pair pair = scene.pair();
        if (!built(c, pair)) {
            return ctx.stop.exitCode();
        }
        Path dir = ResultDirs.create(ctx.checkout.results(), pair.name() + "-pressure", ctx.clock);
        ctx.out.println("benchmark.sh: pressure on " + pair.name() + ": seed 003's high-pressure scene, " + SETS + " sets of a server and a"
                + " client, each client " + describe(scene, SCENE) + "; the string's size switched at random among "
                + String.join(", ", PayloadSchedule.SEED_003_SIZES.stream().map(Case::method).toList()) + " every " + every
                + " s, size seed " + seed + " (--size-seed " + seed + " draws the same sizes)");
        List<Path> sets = new ArrayList<>();
        List<PairRunSettings> runs = new ArrayList<>();
        for (int i = 1; i <= SETS; i++) {
            Path set = Files.createDirectories(dir.resolve("set-" + i));
            sets.add(set);
            List<String> serverJvm = new ArrayList<>(ctx.serverJvm());
            serverJvm.add("-Xlog:gc:file=" + set.resolve("server-gc.log"));
            List<String> clientJvm = new ArrayList<>(ctx.clientJvm());
            clientJvm.add("-Xlog:gc:file=" + set.resolve("client-gc.log"));
            // the two clients' JMH runs at the same time: JMH's lock file allows one a host unless told
            clientJvm.add("-Djmh.ignoreLock=true");
            clientJvm.add("-Drpcbench.sizes.seed=" + seed);
            clientJvm.add("-Drpcbench.sizes.everyMillis=" + every * 1000L);
            runs.add(new RunShape(jmh(scene.plan(), SCENE), List.of(scene.callers()), c.load().pinned(), serverJvm, clientJvm)
                    .settings(ctx.checkout, pair, c.load().switches(), set, set.resolve("run.log")).build());
            ctx.out.println("benchmark.sh: set " + i + ": output in " + set.resolve("run.log"));
        }
        List<PairRun.Result> results = new ArrayList<>();
        ExecutorService both = Executors.newFixedThreadPool(SETS);
        try {
            List<Future<PairRun.Result>> running = new ArrayList<>();
            for (PairRunSettings run : runs) {
                running.add(both.submit(() -> ctx.runner.run(run)));
            }
            for (Future<PairRun.Result> r : running) {
                results.add(r.get());
            }
        } finally {
            both.shutdownNow();
        }
        if (results.stream().anyMatch(PairRun.Result::stopped)) {
            return ctx.stop.exitCode();
        }
        int exit = 0;
        for (int i = 0; i < SETS; i++) {
            Path set = sets.get(i);
            PairRun.Result result = results.get(i);
            ctx.out.println();
            if (!set.resolve("run.json").toFile().isFile()) {
                ctx.err.println("benchmark.sh: pressure on " + pair.name() + ": set " + (i + 1) + " left no record (exit " + result.exit()
                        + "; see " + set.resolve("run.log") + ")");
                exit = Math.max(exit, result.exit() == 0 ? 1 : result.exit());
                continue;
            }
            ctx.out.println("set " + (i + 1) + " (" + set + "):");
            int verdict = SoakVerdict.judge(set.resolve("run.json"), "pressure", SCENE, set.resolve("server-gc.log"), set.resolve("client-gc.log"), ctx.out,
                    ctx.err);
            exit = Math.max(exit, Math.max(result.exit(), verdict));
        }
        return c.exit(exit);
    }
}
