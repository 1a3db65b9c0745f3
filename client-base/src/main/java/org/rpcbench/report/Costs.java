package org.rpcbench.report;

import com.alibaba.fastjson2.JSONObject;

/**
 * What a case cost besides time: bytes per call on the wire, and the CPU and GC pauses of the client
 * and the server over its measured window. Any part may be unknown (null): sizes not measurable for the
 * protocol, a server on another host.
 */
public record Costs(WireSize wire, ResourceUse client, ResourceUse server) {
    public static final Costs NONE = new Costs(null, null, null);

    public Costs withWire(WireSize size) {
        return new Costs(size, client, server);
    }

    /** Adds this case's costs to its run.json entry. */
    public void addTo(JSONObject caseJson) {
        caseJson.put("wireBytes", wire == null ? null : wire.toJson());
        JSONObject use = new JSONObject();
        use.put("client", client == null || !client.measured() ? null : client.toJson());
        use.put("server", server == null || !server.measured() ? null : server.toJson());
        caseJson.put("cpuAndGc", use);
    }
}
