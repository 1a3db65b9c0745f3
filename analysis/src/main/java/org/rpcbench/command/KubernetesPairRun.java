package org.rpcbench.command;

import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.rpcbench.binding.Switch;
import org.rpcbench.cli.UsageException;
import org.rpcbench.cluster.ClusterOptions;
import org.rpcbench.cluster.ClusterPlan;
import org.rpcbench.cluster.ClusterRun;
import org.rpcbench.cluster.Coordinator;
import org.rpcbench.history.Recorder;
import org.rpcbench.record.Records;
import org.rpcbench.runs.Pair;
import org.rpcbench.runs.PairRunSettings;
import org.rpcbench.runs.PairRunSettings.Side;
import org.rpcbench.runs.ResultDirs;

/**
 * {@code ./benchmark.sh --on kubernetes [--clients N] [--namespace NS] [--image IMAGE] PAIR}: the pair run on
 * the cluster of the kubeconfig, building nothing here: the server a pod, the clients an Indexed Job
 * ({@link ClusterRun}), each client's folder written to results/PAIR-TIME/client-INDEX/, then merged into
 * results/PAIR-TIME/run.json as {@code merge} does, and the summary printed. Exit 0 passed, 1 failed (the
 * run, or a client's error count), 2 refused before anything was made, 130/143 stopped (after the cleanup).
 */
final class KubernetesPairRun {
    private static final DateTimeFormatter RUN_STAMP = DateTimeFormatter.ofPattern("yyyyMMddHHmmss");
    private static final SecureRandom RANDOM = new SecureRandom();

    /** What a run on the cluster cannot do, by option, and why: each refused in one line before anything is made. */
    private static final Map<String, String> CANNOT = new LinkedHashMap<>();

    static {
        CANNOT.put("-s", "the clients call the server by its Service's name");
        CANNOT.put("-f", "the run's record is results/PAIR-TIME/run.json, each client's folder beside it");
        CANNOT.put("--overwrite", "the run's folder is always new");
        CANNOT.put("-r", "only closed-loop (JMH) runs are merged");
        CANNOT.put("-m", "no flight recording or flame graph comes back from the pods");
        CANNOT.put("-c", "each role has nodes of its own, and its CPUs are its pod's");
        CANNOT.put("-b", "it builds nothing here (the image holds the jars)");
    }

    private final Cli cli;
    private final Context ctx;

    KubernetesPairRun(Cli cli) {
        this.cli = cli;
        this.ctx = cli.context;
    }

    /** The options of a run here (or in local containers) that are a cluster's, or another place's: refused. */
    static void refuseHere(Cli cli) throws UsageException {
        for (String option : Merge.given(cli.place)) {
            if (option.equals("--on") || cli.place.docker() && !option.equals("--namespace")) {
                continue;
            }
            throw new UsageException(option + (option.equals("--namespace") ? " is for --on kubernetes" : " is for --on docker or kubernetes"));
        }
    }

    /** Refuses, in one line, what a run of this pair and side on the cluster cannot honour. */
    static void check(Cli cli, Pair pair, Side side) throws UsageException {
        if (side != Side.PAIR) {
            throw new UsageException("--on kubernetes runs a pair, server and clients: " + pair.name() + "-" + side.name().toLowerCase()
                    + " runs here only");
        }
        if (pair.go()) {
            throw new UsageException("--on kubernetes: " + pair.name() + " runs on Go; the cluster's pods run the Java pairs' jars");
        }
        List<String> given = new ArrayList<>(Merge.given(cli.run));
        given.addAll(Merge.given(cli.running.load));
        given.addAll(Merge.given(cli.running.build));
        for (String option : given) {
            if (CANNOT.containsKey(option)) {
                throw new UsageException(option + " does not apply to --on kubernetes: " + CANNOT.get(option));
            }
        }
        if (cli.running.load.concurrency().size() > 1) {
            throw new UsageException("-t: a concurrency sweep does not apply to --on kubernetes (give one value)");
        }
        if (cli.run.meterPort != null && cli.run.meterPort == 0) {
            throw new UsageException("--meter-port 0 does not apply to --on kubernetes: the clients read the server's meters over the network");
        }
        if (cli.place.image == null) {
            String commit = cli.context.checkout.commit();
            if (commit.endsWith("+dirty")) {
                throw new UsageException("--on kubernetes needs --image: the checkout has uncommitted changes, so no image is tagged by its commit");
            }
            if (commit.equals("unknown")) {
                throw new UsageException("--on kubernetes needs --image: this is no git checkout, so no commit tags an image");
            }
            if (!commit.matches("[0-9A-Za-z_][0-9A-Za-z_.-]{0,127}")) {
                throw new UsageException("--on kubernetes needs --image: the checkout's commit (" + commit + ") tags no image");
            }
        }
    }

    int run(Pair pair) throws UsageException, IOException {
        // made, not yet asked anything: the cluster is first asked in the coordinator's checks
        KubernetesClient client = ctx.kubernetes.connect();
        try {
            String ns = cli.place.namespace != null ? cli.place.namespace
                    : client.getNamespace() != null && !client.getNamespace().isBlank() ? client.getNamespace() : "default";
            ClusterOptions options = options(pair, ns);
            ClusterPlan plan = new ClusterPlan(options);
            Path out = ResultDirs.create(ctx.checkout.results(), pair.name(), ctx.clock);
            ctx.out.println("rpc-bench cluster: run " + options.runId() + " of " + pair.name() + " in namespace " + ns + ", image "
                    + options.image() + ", " + options.clients() + (options.clients() == 1 ? " client" : " clients"));
            ClusterRun.Result r = ClusterRun.run(new Coordinator(client, plan, ctx.kubernetes.waiting(ctx.stop), ctx.out), out);
            if (r.exitCode() == ClusterRun.REFUSED) {
                // nothing was made: the run's folder goes too
                Files.deleteIfExists(out);
                ctx.err.println(r.line());
                return ClusterRun.REFUSED;
            }
            if (r.exitCode() == ClusterRun.STOPPED) {
                // the stop ended the coordinator's wait by an interrupt; the exit code carries it from here
                Thread.interrupted();
                ctx.err.println(r.line());
                return ctx.exit(ClusterRun.STOPPED);
            }
            if (r.exitCode() != ClusterRun.PASSED) {
                // what did come back stays: each finished client's folder
                ctx.err.println(r.line() + (r.clientDirs().isEmpty() ? "" : "; " + r.clientDirs().size() + " client folder(s) kept in " + out));
                return ClusterRun.FAILED;
            }
            ctx.out.println("rpc-bench cluster: server on node " + r.outcome().serverNode() + "; " + r.outcome().records().stream()
                    .map(c -> "client " + c.index() + " on node " + c.node()).collect(Collectors.joining(", ")));
            int merged = MergeCommand.merge(out, r.clientDirs(), " on kubernetes", ctx.out, ctx.err);
            if (merged == 2) {
                return ClusterRun.FAILED;
            }
            String store = ctx.historyStore();
            if (store != null && Recorder.record(store, null, null, List.of(out.resolve(Records.FILE)), ctx.out, ctx.err) != 0) {
                return ClusterRun.FAILED;
            }
            return ctx.exit(merged);
        } finally {
            ctx.kubernetes.release(client);
        }
    }

    /** The run's options from the command line's, in namespace {@code ns}. */
    private ClusterOptions options(Pair pair, String ns) throws UsageException {
        List<String> switches = cli.running.load.switches().stream().map(w -> "-D" + Switch.PREFIX + w).toList();
        List<String> serverJvm = new ArrayList<>(ctx.serverJvm());
        serverJvm.addAll(switches);
        List<String> clientJvm = new ArrayList<>(ctx.clientJvm());
        clientJvm.addAll(switches);
        List<String> clientArgs = new ArrayList<>();
        if (cli.running.load.concurrency().size() == 1) {
            clientArgs.addAll(List.of("--concurrency", cli.running.load.concurrency().get(0).toString()));
        }
        clientArgs.addAll(PairRunSettings.Builder.words(cli.running.load.clientArgs));
        ClusterOptions.Builder b = ClusterOptions.builder(runId(), pair.name(),
                        cli.place.image != null ? cli.place.image : "rpc-bench:" + ctx.checkout.commit())
                .namespace(ns)
                .clients(cli.place.clients != null ? cli.place.clients : 1)
                .serverJvm(serverJvm).clientJvm(clientJvm).clientArgs(clientArgs);
        if (cli.run.port != null) {
            b.port(cli.run.port);
        }
        if (cli.run.meterPort != null) {
            b.meterPort(cli.run.meterPort);
        }
        try {
            return b.build();
        } catch (IllegalArgumentException e) {
            throw new UsageException("--on kubernetes: " + e.getMessage());
        }
    }

    /** A new run's id: its start to the second and four random hex digits (two runs of one second differ). */
    private String runId() {
        return "r" + LocalDateTime.now(ctx.clock).format(RUN_STAMP) + "-" + String.format("%04x", RANDOM.nextInt(0x10000));
    }
}
