package org.rpcbench.cluster;

import java.util.List;
import java.util.regex.Pattern;

/**
 * One pair run on Kubernetes, as options: where (namespace, node pools), what (image, pair, port, the
 * client's arguments), how many clients, what each role may use, and how long things may take. Immutable;
 * checked when made; {@link #builder(String, String, String)} gives the defaults.
 *
 * @param namespace       where every object of the run is made
 * @param runId           names the objects and labels them ({@code rpcbench.run}); lower case letters, digits, '-'
 * @param pair            the pair, e.g. dubbo-hessian: the image holds PAIR-server.jar and PAIR-client.jar
 * @param image           the image every container runs, e.g. rpc-bench:COMMIT (k8s-image-contract.md)
 * @param port            the server's port, in the pod and behind the Service
 * @param meterPort       the server's meter endpoint's port (its CPU, allocation, GC and threads, read by every
 *                        client over the network: {@code --meter-port} and {@code --server-meter}), also behind the Service
 * @param clients         the clients: an Indexed Job of this many completions, all running at once
 * @param clientPerNode   whether no two clients may share a node (required anti-affinity between them)
 * @param serverPool      the nodes the server may run on
 * @param clientPool      the nodes the clients may run on
 * @param server          the server's requests and limits
 * @param client          each client's requests and limits
 * @param serverJvm       the server JVM's options (before -jar)
 * @param clientJvm       each client JVM's options (before -jar)
 * @param clientArgs      the client's own arguments after --host/--port (load, JMH options)
 * @param startLeadSeconds how long after the Job is made the clients start, all at one instant: time for
 *                        the pods to be scheduled, the image pulled and the JVMs started
 * @param lateSeconds     a client that starts more than this after that instant fails the run
 * @param timeoutSeconds  the Job's deadline (activeDeadlineSeconds); also the coordinator's wait for it
 * @param imagePullPolicy Always, IfNotPresent or Never
 */
public record ClusterOptions(String namespace, String runId, String pair, String image, int port, int meterPort, int clients,
                             boolean clientPerNode, Pool serverPool, Pool clientPool, Resources server, Resources client,
                             List<String> serverJvm, List<String> clientJvm, List<String> clientArgs,
                             int startLeadSeconds, int lateSeconds, int timeoutSeconds, String imagePullPolicy) {
    /** The label key that names the pool a node belongs to, unless told otherwise. */
    public static final String POOL_KEY = "rpcbench.role";
    static final int MAX_CLIENTS = 1000;
    // a DNS-1123 label; the run id leaves room for the longest name made from it (rpcbench-ID-server-...)
    private static final Pattern DNS_LABEL = Pattern.compile("[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?");
    private static final Pattern RUN_ID = Pattern.compile("[a-z0-9]([-a-z0-9]{0,28}[a-z0-9])?");
    private static final Pattern PAIR = Pattern.compile("[a-z0-9]([-a-z0-9]{0,40}[a-z0-9])?");
    private static final List<String> PULL_POLICIES = List.of("Always", "IfNotPresent", "Never");

    public ClusterOptions {
        require(namespace != null && DNS_LABEL.matcher(namespace).matches(), "namespace '" + namespace + "' is not a DNS label (lower case letters, digits, '-')");
        require(runId != null && RUN_ID.matcher(runId).matches(), "run id '" + runId + "' must be 1 to 30 lower case letters, digits or '-', starting and ending with a letter or digit");
        require(pair != null && PAIR.matcher(pair).matches(), "pair '" + pair + "' is not a pair's name");
        require(image != null && !image.isBlank() && !image.contains(" "), "image '" + image + "' is not an image reference");
        require(port >= 1 && port <= 65535, "port " + port + " is not between 1 and 65535");
        require(meterPort >= 1 && meterPort <= 65535, "meter port " + meterPort + " is not between 1 and 65535");
        require(meterPort != port, "the meter port and the server's port are both " + port + ": they must differ");
        require(clients >= 1 && clients <= MAX_CLIENTS, "clients " + clients + " is not between 1 and " + MAX_CLIENTS);
        require(serverPool != null && clientPool != null, "both node pools are needed");
        require(!serverPool.equals(clientPool), "the server's and the clients' node pools are both " + serverPool.selector() + ": they must differ");
        require(server != null && client != null, "both roles' resources are needed");
        require(startLeadSeconds >= 1 && startLeadSeconds <= 3600, "the start lead " + startLeadSeconds + " s is not between 1 and 3600");
        require(lateSeconds >= 0 && lateSeconds <= 3600, "the late tolerance " + lateSeconds + " s is not between 0 and 3600");
        require(timeoutSeconds >= 1, "the timeout " + timeoutSeconds + " s is not positive");
        require(PULL_POLICIES.contains(imagePullPolicy), "image pull policy '" + imagePullPolicy + "' is none of " + PULL_POLICIES);
        serverJvm = List.copyOf(serverJvm);
        clientJvm = List.copyOf(clientJvm);
        clientArgs = List.copyOf(clientArgs);
    }

    private static void require(boolean holds, String problem) {
        if (!holds) {
            throw new IllegalArgumentException(problem);
        }
    }

    /**
     * Defaults: port 20880, its meter on 20881, one client, one per node, pools rpcbench.role=server|client, 2 CPUs
     * and 4Gi a role (room for the CLI's default JVM options: a 2 GB heap and 1 GB of direct memory, and the JVM's own).
     */
    public static Builder builder(String runId, String pair, String image) {
        return new Builder(runId, pair, image);
    }

    /** The same options with {@code n} clients. */
    public ClusterOptions withClients(int n) {
        return new ClusterOptions(namespace, runId, pair, image, port, meterPort, n, clientPerNode, serverPool, clientPool, server, client,
                serverJvm, clientJvm, clientArgs, startLeadSeconds, lateSeconds, timeoutSeconds, imagePullPolicy);
    }

    /** Collects options; {@link #build()} checks them. */
    public static final class Builder {
        private String namespace = "default";
        private final String runId;
        private final String pair;
        private final String image;
        private int port = 20880;
        private Integer meterPort;
        private int clients = 1;
        private boolean clientPerNode = true;
        private Pool serverPool = new Pool(POOL_KEY, "server");
        private Pool clientPool = new Pool(POOL_KEY, "client");
        private Resources server = new Resources("2", "4Gi");
        private Resources client = new Resources("2", "4Gi");
        private List<String> serverJvm = List.of();
        private List<String> clientJvm = List.of();
        private List<String> clientArgs = List.of();
        private int startLeadSeconds = 60;
        private int lateSeconds = 10;
        private int timeoutSeconds = 1800;
        private String imagePullPolicy = "IfNotPresent";

        private Builder(String runId, String pair, String image) {
            this.runId = runId;
            this.pair = pair;
            this.image = image;
        }

        public Builder namespace(String v) { namespace = v; return this; }
        public Builder port(int v) { port = v; return this; }
        /** Default: the port after the server's (the one before it when that is 65535). */
        public Builder meterPort(int v) { meterPort = v; return this; }
        public Builder clients(int v) { clients = v; return this; }
        public Builder clientPerNode(boolean v) { clientPerNode = v; return this; }
        public Builder serverPool(Pool v) { serverPool = v; return this; }
        public Builder clientPool(Pool v) { clientPool = v; return this; }
        public Builder server(Resources v) { server = v; return this; }
        public Builder client(Resources v) { client = v; return this; }
        public Builder serverJvm(List<String> v) { serverJvm = v; return this; }
        public Builder clientJvm(List<String> v) { clientJvm = v; return this; }
        public Builder clientArgs(List<String> v) { clientArgs = v; return this; }
        public Builder startLeadSeconds(int v) { startLeadSeconds = v; return this; }
        public Builder lateSeconds(int v) { lateSeconds = v; return this; }
        public Builder timeoutSeconds(int v) { timeoutSeconds = v; return this; }
        public Builder imagePullPolicy(String v) { imagePullPolicy = v; return this; }

        public ClusterOptions build() {
            int meter = meterPort != null ? meterPort : port < 65535 ? port + 1 : port - 1;
            return new ClusterOptions(namespace, runId, pair, image, port, meter, clients, clientPerNode, serverPool, clientPool, server, client,
                    serverJvm, clientJvm, clientArgs, startLeadSeconds, lateSeconds, timeoutSeconds, imagePullPolicy);
        }
    }
}
