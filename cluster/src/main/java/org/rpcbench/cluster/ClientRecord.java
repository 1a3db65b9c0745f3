package org.rpcbench.cluster;

/**
 * One client's run record as it came back: its completion index, its pod, the node it ran on and the
 * run.json it printed.
 */
public record ClientRecord(int index, String pod, String node, String runJson) {}
