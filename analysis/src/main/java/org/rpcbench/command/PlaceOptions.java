package org.rpcbench.command;

import picocli.CommandLine.Option;

/**
 * Where a pair run runs: here (the default), or on a Kubernetes cluster, with what only such a run takes:
 * how many clients, the namespace and the image.
 */
@Heading("Options of a pair run on a cluster (PAIR --on kubernetes):")
final class PlaceOptions {
    static final String KUBERNETES = "kubernetes";

    @Option(names = "--on", paramLabel = "local|kubernetes", converter = Converters.Place.class,
            description = "where the pair runs: here (default), or on the cluster of the kubeconfig: the server a pod, the clients an"
                    + " Indexed Job on nodes of their own, their records merged into results/PAIR-TIME/; builds nothing here")
    String on;

    @Option(names = "--clients", paramLabel = "N", converter = Converters.Clients.class,
            description = "with --on kubernetes: N clients against the one server, each on a node of its own (default 1)")
    Integer clients;

    @Option(names = "--namespace", paramLabel = "NS", converter = Converters.Namespace.class,
            description = "with --on kubernetes: the namespace (default: the kubeconfig's, else default)")
    String namespace;

    @Option(names = "--image", paramLabel = "IMAGE", converter = Converters.Image.class,
            description = "with --on kubernetes: the image every pod runs (default rpc-bench:COMMIT, the checkout's commit)")
    String image;

    boolean kubernetes() {
        return KUBERNETES.equals(on);
    }
}
