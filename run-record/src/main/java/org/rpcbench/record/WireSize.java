package org.rpcbench.record;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * Bytes one call puts on the wire, averaged over many calls on one connection: everything the protocol
 * sends, framing and headers included.
 */
public record WireSize(@JsonProperty("request") double requestBytes, @JsonProperty("response") double responseBytes) {}
