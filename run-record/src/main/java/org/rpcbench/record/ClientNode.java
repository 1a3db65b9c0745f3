package org.rpcbench.record;

/**
 * Where one client of a merged run ran: its node (its host's name, or RPCBENCH_NODE where a pod's hostname
 * is the pod's), the node's CPU model and the cores the client could use, as its own record said.
 */
public record ClientNode(String node, String cpuModel, Integer cores) {}
