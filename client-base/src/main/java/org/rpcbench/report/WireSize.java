package org.rpcbench.report;

import com.alibaba.fastjson2.JSONObject;

/**
 * Bytes one call of a case puts on the wire, averaged over many calls on one connection: everything
 * the protocol sends, framing and headers included, not only the serialized body.
 */
public record WireSize(double requestBytes, double responseBytes) {

    public JSONObject toJson() {
        JSONObject j = new JSONObject();
        j.put("request", requestBytes);
        j.put("response", responseBytes);
        return j;
    }
}
