package org.rpcbench.command;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.rpcbench.cli.UsageException;
import org.rpcbench.runs.Builder;
import org.rpcbench.runs.CannotRun;
import org.rpcbench.runs.Pair;
import org.rpcbench.runs.PairRun;
import org.rpcbench.runs.PairRunSettings;
import org.rpcbench.runs.RunShape;
import org.rpcbench.runs.PairRunSettings.Side;
import org.rpcbench.runs.Pairs;
import org.rpcbench.runs.ResultDirs;
import org.rpcbench.runs.Stopped;

/**
 * {@code ./benchmark.sh [options] PAIR | PAIR-server | PAIR-client}: a pair run, a server alone, a client
 * alone, after the options are checked (every check before anything is built or started) and the pair built; or a
 * pair run on a Kubernetes cluster ({@link KubernetesPairRun}, --on kubernetes), which builds nothing here.
 */
final class PairCommand {
    private final Cli cli;
    private final Context ctx;

    PairCommand(Cli cli) {
        this.cli = cli;
        this.ctx = cli.context;
    }

    int run() throws UsageException, CannotRun, IOException {
        Pairs pairs = ctx.checkout.pairs();
        if (cli.list) {
            pairs.names().forEach(ctx.out::println);
            return 0;
        }
        if (cli.words.isEmpty()) {
            throw new UsageException("name a pair, PAIR-server, PAIR-client or a command (./benchmark.sh -h)");
        }
        if (cli.words.size() > 1) {
            throw new UsageException("name one pair, got " + cli.words.size() + ": " + String.join(" ", cli.words));
        }
        if (!Merge.given(cli.running.effort).isEmpty()) {
            throw new UsageException(Merge.given(cli.running.effort).get(0) + " is for suite, ab, calibrate and soak");
        }
        if (cli.soak.seconds != null) {
            throw new UsageException("-D is for soak");
        }
        if (cli.running.build.skip() && cli.running.build.mavenOptions != null) {
            throw new UsageException("-b (build options) and -n (no build) do not go together");
        }
        String word = cli.words.get(0);
        Side side = word.endsWith("-server") && pairs.has(word.substring(0, word.length() - 7)) ? Side.SERVER
                : word.endsWith("-client") && pairs.has(word.substring(0, word.length() - 7)) ? Side.CLIENT : Side.PAIR;
        Pair pair = pairs.named(side == Side.PAIR ? word : word.substring(0, word.length() - 7));
        if (cli.place.kubernetes()) {
            KubernetesPairRun.check(cli, pair, side);
            return new KubernetesPairRun(cli).run(pair);
        }
        KubernetesPairRun.refuseHere(cli);
        check(pair, side);

        try {
            if (cli.running.build.skip()) {
                Builder.requireBuilt(ctx.checkout, List.of(pair), side != Side.SERVER, side != Side.CLIENT);
            } else {
                ctx.builder().build(ctx.checkout, List.of(pair), cli.running.build.mavenOptions, null, ctx.out, ctx.err);
            }
        } catch (Stopped e) {
            return ctx.stop.exitCode();
        }
        PairRunSettings.Builder settings = new RunShape(cli.running.load.clientArgs, cli.running.load.concurrency(), cli.running.load.pinned(), ctx.serverJvm(),
                ctx.clientJvm()).settings(ctx.checkout, pair, side, cli.running.load.switches());
        settings.host = cli.run.host == null ? "127.0.0.1" : cli.run.host;
        settings.port = cli.run.port;
        settings.meterPort = cli.run.meterPort;
        settings.overwrite = Boolean.TRUE.equals(cli.run.overwrite);
        settings.rate = cli.run.rate;
        settings.profiling = cli.run.profiling();
        settings.historyStore = ctx.historyStore();
        if (side == Side.SERVER) {
            if (cli.run.profiling()) {
                settings.resultFile = ResultDirs.create(ctx.checkout.results(), pair.name() + "-server", ctx.clock);
            }
            return new PairRun(settings.build(), ctx.stop, ctx.clock, ctx.out, ctx.err).serve();
        }
        Path result = cli.run.result != null ? Path.of(cli.run.result).toAbsolutePath()
                : ResultDirs.create(ctx.checkout.results(), pair.name() + (side == Side.CLIENT ? "-client" : ""), ctx.clock)
                        .resolve("jmh.json");
        settings.resultFile = result;
        PairRun.Result r = ctx.runner.run(settings.build());
        return ctx.exit(r.exit());
    }

    /** What a run of this pair cannot be asked for. */
    private void check(Pair pair, Side side) throws UsageException {
        if (cli.run.rate != null && cli.run.profiling()) {
            throw new UsageException("-m profiling records JMH's forks; an open-loop run (-r) has none");
        }
        if (pair.go() && cli.run.rate != null) {
            throw new UsageException("-r: " + pair.name() + "'s Go client has no open loop, only the closed loop");
        }
        if (pair.go() && cli.run.profiling()) {
            throw new UsageException("-m profiling records JVMs; " + pair.name() + " runs on Go");
        }
        if (cli.run.meterPort != null && cli.run.meterPort > 0 && pair.go() && side == Side.CLIENT) {
            throw new UsageException("--meter-port: " + pair.name() + "'s Go client reads the server's meters from its process only");
        }
        if (cli.run.overwrite != null && cli.run.result == null) {
            throw new UsageException("--overwrite is for -f: a run's own directory is always new");
        }
        if (side == Side.SERVER) {
            for (String option : List.of("-f", "-r", "--overwrite")) {
                if (Merge.given(cli.run).contains(option)) {
                    throw new UsageException(option + " does not apply to a server alone");
                }
            }
            for (String option : List.of("-a", "-t")) {
                if (Merge.given(cli.running.load).contains(option)) {
                    throw new UsageException(option + " is for a client: it does not apply to a server alone");
                }
            }
        }
    }
}
