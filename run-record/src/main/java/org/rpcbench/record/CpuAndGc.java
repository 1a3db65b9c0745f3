package org.rpcbench.record;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * The CPU and GC of both sides of a case; a side not measured (a server on another host) is null.
 *
 * @param saturated which side's CPU limited the case ({@link Saturation}); null in a record from before it was kept
 *     (then {@link RunRecord#saturation} derives what the record shows)
 */
public record CpuAndGc(ProcessUse client, ProcessUse server, @JsonInclude(JsonInclude.Include.NON_NULL) Saturation saturated) {
    public static final CpuAndGc NONE = new CpuAndGc(null, null);

    /** Both sides' use, saying nothing yet of which was saturated. */
    public CpuAndGc(ProcessUse client, ProcessUse server) {
        this(client, server, null);
    }

    public CpuAndGc withSaturated(Saturation s) {
        return new CpuAndGc(client, server, s);
    }
}
