package org.rpcbench.cluster;

/**
 * The run cannot be made here, found before anything was created: no cluster reachable, no permission,
 * too few nodes for the plan, a run of the same id already there. Its message is the one line to print;
 * the command exits 2.
 */
public final class ClusterRefusal extends Exception {
    public ClusterRefusal(String message) {
        super(message);
    }
}
