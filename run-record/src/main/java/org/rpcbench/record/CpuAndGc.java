package org.rpcbench.record;

/** The CPU and GC of both sides of a case; a side not measured (a server on another host) is null. */
public record CpuAndGc(ProcessUse client, ProcessUse server) {
    public static final CpuAndGc NONE = new CpuAndGc(null, null);
}
