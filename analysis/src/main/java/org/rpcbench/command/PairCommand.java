package org.rpcbench.command;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.rpcbench.cli.UsageException;
import org.rpcbench.runs.Builder;
import org.rpcbench.runs.ContainerPlan;
import org.rpcbench.runs.DockerImage;
import org.rpcbench.runs.DockerRun;
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
        String first = cli.words.get(0);
        boolean aPair = pairs.has(first) || (first.endsWith("-server") || first.endsWith("-client"))
                && pairs.has(first.substring(0, first.length() - 7));
        String near = aPair ? null : nearestCommand(first);
        // a first word that names no pair, followed by more words or spelt almost as a command, was meant as a command
        if (!aPair && (cli.words.size() > 1 || near != null)) {
            throw new UsageException("unknown command '" + first + "'" + (near != null ? " (did you mean " + near + "?)" : "")
                    + ": the commands are " + String.join(", ", commands()) + "; a pair is named alone (./benchmark.sh -l lists them)");
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
        String history = side == Side.SERVER ? null : ctx.usableHistoryStore();
        if (cli.place.docker()) {
            return docker(pair, history);
        }

        try {
            if (cli.running.build.skip()) {
                Builder.requireBuilt(ctx.checkout, List.of(pair), side != Side.SERVER, side != Side.CLIENT);
            } else {
                ctx.builder().build(ctx.checkout, List.of(pair), cli.running.build.mavenOptions, null, ctx.out, ctx.err);
            }
        } catch (Stopped e) {
            return ctx.stop.exitCode();
        }
        PairRunSettings.Builder settings = settings(pair, side, history);
        if (side == Side.SERVER) {
            if (cli.run.profiling()) {
                settings.resultFile = ResultDirs.create(ctx.checkout.results(), pair.name() + "-server", ctx.clock);
            }
            return new PairRun(settings.build(), ctx.stop, ctx.clock, ctx.out, ctx.err).serve();
        }
        settings.resultFile = result(pair, side);
        PairRun.Result r = ctx.runner.run(settings.build());
        return ctx.exit(r.exit());
    }

    /** The run's settings as the options give them, wherever it runs. */
    private PairRunSettings.Builder settings(Pair pair, Side side, String history) {
        PairRunSettings.Builder settings = new RunShape(cli.running.load.clientArgs, cli.running.load.concurrency(), cli.running.load.pinned(), ctx.serverJvm(),
                ctx.clientJvm()).settings(ctx.checkout, pair, side, cli.running.load.switches());
        settings.host = cli.run.host == null ? "127.0.0.1" : cli.run.host;
        settings.port = cli.run.port;
        settings.meterPort = cli.run.meterPort;
        settings.overwrite = Boolean.TRUE.equals(cli.overwrite.overwrite);
        settings.rate = cli.run.rate;
        settings.profiling = cli.run.profiling();
        settings.historyStore = history;
        return settings;
    }

    private Path result(Pair pair, Side side) throws UsageException {
        return cli.run.result != null ? Path.of(cli.run.result).toAbsolutePath()
                : ResultDirs.create(ctx.checkout.results(), pair.name() + (side == Side.CLIENT ? "-client" : ""), ctx.clock)
                        .resolve("jmh.json");
    }

    /**
     * A pair run in containers of the local Docker engine ({@link ContainerPlan}): the image must be there
     * (nothing is built on the host: the image holds the jars), checked before anything is made.
     */
    private int docker(Pair pair, String history) throws UsageException, CannotRun, IOException {
        String image = cli.place.image != null ? cli.place.image : DockerImage.tagOf(ctx.checkout.commit());
        int clients = cli.place.clients == null ? 1 : cli.place.clients;
        try {
            int cpus = DockerRun.engineCpus();
            if (!DockerRun.hasImage(image)) {
                throw new CannotRun("no image " + image + " on the Docker engine (docker/build-image.sh makes it from the built jars)");
            }
            PairRunSettings.Builder b = settings(pair, Side.PAIR, history);
            b.resultFile = result(pair, Side.PAIR);
            PairRunSettings s = b.build();
            String runId = DockerImage.runId(ctx.clock);
            ContainerPlan plan = ContainerPlan.of(s, runId, image, clients, cpus);
            return ctx.exit(new DockerRun(s, plan, ctx.stop, ctx.clock, ctx.out, ctx.err).run());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return ctx.exit(org.rpcbench.runs.Stop.INTERRUPTED);
        }
    }

    /** The commands' names, as the command line declares them. */
    static List<String> commands() {
        return java.util.Arrays.stream(Cli.class.getAnnotation(picocli.CommandLine.Command.class).subcommands())
                .map(c -> c.getAnnotation(picocli.CommandLine.Command.class).name()).toList();
    }

    /** The command a word is a slip of (at most two letters changed, added, left out or swapped), or null. */
    static String nearestCommand(String word) {
        for (String command : commands()) {
            if (distance(word, command) <= Math.min(2, command.length() / 3)) {
                return command;
            }
        }
        return null;
    }

    /** Edits between two words: a letter changed, added or left out, or two neighbours swapped, each one. */
    static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            for (int j = 0; j <= b.length(); j++) {
                if (i == 0 || j == 0) {
                    d[i][j] = i + j;
                    continue;
                }
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
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
        if (cli.place.docker()) {
            if (side != Side.PAIR) {
                throw new UsageException("--on docker runs a pair (its server and clients), not " + (side == Side.SERVER ? "a server" : "a client") + " alone");
            }
            for (String option : List.of("-s", "-m")) {
                if (Merge.given(cli.run).contains(option)) {
                    throw new UsageException(option + " does not apply to --on docker (the server listens in its container, called by its name)");
                }
            }
            if (cli.running.load.pinned()) {
                throw new UsageException("-c does not apply to --on docker: its containers have CPU sets of their own where the host has 2 CPUs or more");
            }
            if (cli.running.load.concurrency().size() > 1) {
                throw new UsageException("--on docker runs one concurrency, not a sweep (-t " + cli.running.load.concurrency().size() + " values)");
            }
            if (cli.run.rate != null && cli.place.clients != null && cli.place.clients > 1) {
                throw new UsageException("-r with --clients: open-loop runs cannot be merged; run one client");
            }
        }
        if (cli.overwrite.given() && cli.run.result == null) {
            throw new UsageException("--overwrite is for -f: a run's own directory is always new");
        }
        if (side == Side.SERVER) {
            for (String option : List.of("-f", "-r")) {
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
