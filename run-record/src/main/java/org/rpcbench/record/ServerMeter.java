package org.rpcbench.record;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * Where a run's server-side figures (the server's CPU, allocation, GC and threads per call) came from, and
 * the server's node as its meter named it. Records from before it was written have none (null): their
 * server, when read at all, was read from {@code /proc} on the client's host.
 *
 * @param source {@value #PROC} (read from the server's pid on the client's host), {@value #ENDPOINT} (read over
 *     the server's meter endpoint, from its own host) or {@value #NONE}
 * @param address the pid ("pid 1234") or the endpoint ("10.0.0.7:7071") read; null with {@value #NONE}
 * @param node the server's node: the client's host for {@value #PROC}, as the server names it for {@value #ENDPOINT}
 * @param cores the cores the server's process may use (the client's for {@value #PROC})
 * @param runtime "java" or "go" as the endpoint says; null when not said
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ServerMeter(String source, String address, String node, String cpuModel, Integer cores, String runtime) {
    public static final String PROC = "proc";
    public static final String ENDPOINT = "endpoint";
    public static final String NONE = "none";

    /** No server figures: neither a pid nor an endpoint was given. */
    public static ServerMeter none() {
        return new ServerMeter(NONE, null, null, null, null, null);
    }
}
