package org.rpcbench.command;

import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.time.Duration;
import org.rpcbench.cluster.Waiting;
import org.rpcbench.runs.Stop;

/**
 * How a run on Kubernetes reaches its cluster: the client (the kubeconfig's, or a test's mock) and how the
 * coordinator waits between two looks (a real clock and pause that a stop ends, or a test's cluster moving on).
 */
interface KubernetesAccess {
    /** A client for the cluster; nothing is asked of the cluster yet. */
    KubernetesClient connect();

    /** How the coordinator waits; a stop (Ctrl-C, SIGTERM) ends the wait, and so the run, which then cleans up. */
    Waiting waiting(Stop stop);

    /** Lets go of a client {@link #connect()} gave. */
    void release(KubernetesClient client);

    /** A request that fails for want of a connection is tried this many times more, after 0.1, 0.2, 0.4, 0.8 s. */
    int RETRIES = 4;

    /**
     * The cluster of the kubeconfig (KUBECONFIG, ~/.kube/config) or, in a pod, of its service account. The
     * client's own log says only what is severe: the command says in one line what went wrong.
     */
    static KubernetesAccess kubeconfig() {
        return new KubernetesAccess() {
            @Override
            public KubernetesClient connect() {
                java.util.logging.Logger.getLogger("io.fabric8").setLevel(java.util.logging.Level.SEVERE);
                Config config = new ConfigBuilder(Config.autoConfigure(null)).withRequestRetryBackoffLimit(RETRIES).build();
                return new KubernetesClientBuilder().withConfig(config).build();
            }

            @Override
            public Waiting waiting(Stop stop) {
                Waiting real = Waiting.real();
                return new Waiting(real.poll(), real.serverReady(), real.cleanup(), real.clockMillis(), d -> pause(d, stop));
            }

            @Override
            public void release(KubernetesClient client) {
                client.close();
            }
        };
    }

    /** Sleeps for {@code d}, looking at the stop every 100 ms. */
    private static void pause(Duration d, Stop stop) throws InterruptedException {
        long until = System.nanoTime() + d.toNanos();
        while (!stop.requested()) {
            long left = until - System.nanoTime();
            if (left <= 0) {
                return;
            }
            Thread.sleep(Math.min(100, Math.max(1, left / 1_000_000)));
        }
        throw new InterruptedException("stopped");
    }
}
