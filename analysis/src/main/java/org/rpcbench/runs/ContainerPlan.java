package org.rpcbench.runs;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A pair run as containers on one engine, planned from the run's settings with the same command lines a
 * host run has ({@link Launch}), seen from inside the image: the server and N clients, each a container of
 * one image on a network of the run's own, every object labelled {@code rpcbench.run=ID} so that the run's
 * end (or a stop) removes them by that label. The server listens on 0.0.0.0 inside its container (nothing
 * is published on the host); the clients call it by its container name. Where the host has two CPUs or
 * more, the server has CPU 0 and the clients the others (as -c pins a host run); the clients share the
 * server's PID namespace and its meter files ({@link #METER_FILES}), so that they meter it by its process id
 * as on one host. Each client writes its
 * results into a folder of the host's result directory, bind-mounted at {@link #RESULTS}.
 *
 * @param runId the run's id: its objects' names and label
 * @param image the image every container runs
 * @param network the run's network
 * @param server the server's container
 * @param clients the clients' containers, each with its results folder on the host
 * @param pinning which CPUs each role has, or {@link Pinning#NONE}
 */
public record ContainerPlan(String runId, String image, String network, Container server, List<Container> clients, Pinning pinning) {
    public static final String LABEL = "rpcbench.run";
    /** Where the image holds the checkout (the jars, as a build lays them out). */
    public static final Path IN_IMAGE = Path.of("/opt/rpc-bench");
    /** Where a client container sees the run's result directory. */
    public static final String RESULTS = "/results";
    /**
     * Where the server's JVM (hsperfdata: its GC) and the Go server (its counters) publish what a client on
     * the same host reads of them: the containers' user is root. Shared with the clients as volumes.
     */
    static final List<String> METER_FILES = List.of("/tmp/hsperfdata_root", "/tmp/rpcbench-go_root");
    /**
     * The server's process id, as its clients see it in its PID namespace: its command is its container's
     * first process. Known before the server starts, so that the clients' containers are made meanwhile; the
     * run checks it against the server's ready line.
     */
    public static final long SERVER_PID = 1;

    /**
     * One container: {@code docker create} of it is {@link #createArgs}.
     *
     * @param results the host folder its results go to (a client's), or null
     * @param joinPid the container whose PID namespace and volumes it shares (the server's), or null
     * @param volumes the container's own anonymous volumes (removed with it), which the clients share
     */
    public record Container(String name, String role, List<String> command, Map<String, String> env, String cpus, Path results,
                            String joinPid, Map<String, String> labels, List<String> volumes) {
        public Container {
            command = List.copyOf(command);
            volumes = List.copyOf(volumes);
            env = Map.copyOf(env);
            labels = Map.copyOf(labels);
        }

        /** The arguments of {@code docker create} that make it (started apart), on the network given, with the image given. */
        public List<String> createArgs(String network, String image) {
            List<String> a = new ArrayList<>(List.of("create", "--name", name, "--hostname", name, "--network", network));
            new java.util.TreeMap<>(labels).forEach((k, v) -> a.addAll(List.of("--label", k + "=" + v)));
            if (cpus != null) {
                a.addAll(List.of("--cpuset-cpus", cpus));
            }
            volumes.forEach(v -> a.addAll(List.of("--volume", v)));
            if (joinPid != null) {
                a.addAll(List.of("--pid", "container:" + joinPid, "--volumes-from", joinPid));
            }
            if (results != null) {
                a.addAll(List.of("--volume", results.getParent() + ":" + RESULTS));
            }
            new java.util.TreeMap<>(env).forEach((k, v) -> a.addAll(List.of("--env", k + "=" + v)));
            a.add(image);
            a.addAll(command);
            return a;
        }
    }

    /**
     * The plan of a pair run (one concurrency) with {@code clients} clients, on a host of {@code hostCpus} CPUs.
     * With one client, its record is the run's ({@code resultFile}); with several, each writes into
     * {@code client-I/} beside it, and their merge is the run's.
     */
    public static ContainerPlan of(PairRunSettings s, String runId, String image, int clients, int hostCpus) {
        if (clients < 1) {
            throw new IllegalArgumentException("a run needs a client, got " + clients);
        }
        if (s.sweep() || s.profiling()) {
            throw new IllegalArgumentException("a container run is of one concurrency, not profiled");
        }
        Pinning pinning = hostCpus >= 2 ? new Pinning("0", hostCpus == 2 ? "1" : "1-" + (hostCpus - 1)) : Pinning.NONE;
        String prefix = "rpcbench-" + runId;
        String serverName = prefix + "-server";
        Checkout inImage = Checkout.copyOf(IN_IMAGE, s.checkout().commit());
        List<String> serverCommand = new Launch(s.seenFrom(inImage, "0.0.0.0"), Pinning.NONE, null).server(s.port(), null, null);
        Container server = new Container(serverName, "server", serverCommand, Map.of(), pinning.serverCpus(), null, null,
                labels(runId, s, "server"), METER_FILES);
        Path dir = s.resultFile().getParent();
        Launch clientLaunch = new Launch(s.seenFrom(inImage, serverName), Pinning.NONE, null);
        List<Container> cs = new ArrayList<>();
        for (int i = 1; i <= clients; i++) {
            String folder = clients == 1 ? dir.getFileName().toString() : "client-" + i;
            Path hostResults = clients == 1 ? dir : dir.resolve(folder);
            Path inContainer = Path.of(RESULTS, folder, s.resultFile().getFileName().toString());
            List<String> command = clientLaunch.client(s.port(), inContainer, s.concurrency().isEmpty() ? null : s.concurrency().get(0),
                    SERVER_PID, null);
            Map<String, String> env = new LinkedHashMap<>();
            env.put("RPCBENCH_GIT_COMMIT", s.checkout().commit());
            env.put("RPCBENCH_SERVER_COMMAND", String.join(" ", serverCommand));
            if (pinning.pinned()) {
                env.put("RPCBENCH_PINNING", pinning.describe());
            }
            cs.add(new Container(prefix + "-client-" + i, "client", command, env, pinning.clientCpus(), hostResults, serverName,
                    labels(runId, s, "client"), List.of()));
        }
        return new ContainerPlan(runId, image, prefix, server, cs, pinning);
    }

    /** The network's creation: {@code docker network create} with these arguments. */
    public List<String> networkArgs() {
        return List.of("network", "create", "--label", LABEL + "=" + runId, network);
    }

    /** The run's records: the one client's, or each client's (to be merged). */
    public List<Path> clientDirs() {
        return clients.stream().map(Container::results).toList();
    }

    private static Map<String, String> labels(String runId, PairRunSettings s, String role) {
        return Map.of(LABEL, runId, "rpcbench.pair", s.pair().name(), "rpcbench.role", role);
    }
}
