package org.rpcbench.cluster;

import java.util.List;

/**
 * How a run on the cluster ended.
 *
 * @param failure    null when every client finished and printed its record; else the one line saying which
 *                   pod failed and why (the run is FAILED, exit 1)
 * @param records    the records that came back, also from a failed run: nothing measured is dropped
 * @param serverNode the node the server ran on, or null if it never got one
 * @param leftovers  objects of the run still there after the cleanup (none, normally): kind/name
 */
public record ClusterOutcome(String failure, List<ClientRecord> records, String serverNode, List<String> leftovers) {
    public ClusterOutcome {
        records = List.copyOf(records);
        leftovers = List.copyOf(leftovers);
    }

    public boolean completed() {
        return failure == null && leftovers.isEmpty();
    }
}
