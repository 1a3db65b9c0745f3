package org.rpcbench.command;

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

    /** The cluster of the kubeconfig (KUBECONFIG, ~/.kube/config) or, in a pod, of its service account. */
    static KubernetesAccess kubeconfig() {
        return new KubernetesAccess() {
            @Override
            public KubernetesClient connect() {
                return new KubernetesClientBuilder().build();
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
