package org.rpcbench.command;

import picocli.CommandLine.Option;

/**
 * Where a pair run runs: here (the default), in containers of the local Docker engine, or on a Kubernetes
 * cluster, with what only such a run takes: how many clients, the image and (on a cluster) the namespace.
 */
@Heading("Options of a pair run elsewhere (PAIR --on docker|kubernetes):")
final class PlaceOptions {
    static final String KUBERNETES = "kubernetes";
    static final String DOCKER = "docker";

    @Option(names = "--on", paramLabel = "local|docker|kubernetes", converter = Converters.Place.class,
            description = "where the pair runs: here (default); docker: its server and clients in containers of the local Docker"
                    + " engine; kubernetes: on the cluster of the kubeconfig, the server a pod, the clients an Indexed Job on nodes"
                    + " of their own; the clients' records merged into results/PAIR-TIME/")
    String on;

    @Option(names = "--clients", paramLabel = "N", converter = Converters.Clients.class,
            description = "with --on docker or kubernetes: N clients against the one server, their records merged (default 1); on a"
                    + " cluster each on a node of its own")
    Integer clients;

    @Option(names = "--namespace", paramLabel = "NS", converter = Converters.Namespace.class,
            description = "with --on kubernetes: the namespace (default: the kubeconfig's, else default)")
    String namespace;

    @Option(names = "--image", paramLabel = "IMAGE", converter = Converters.Image.class,
            description = "with --on docker or kubernetes: the image every container runs (default: docker/build-image.sh's tag of"
                    + " the checkout's commit)")
    String image;

    boolean kubernetes() {
        return KUBERNETES.equals(on);
    }

    boolean docker() {
        return DOCKER.equals(on);
    }
}
