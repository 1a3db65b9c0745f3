package org.rpcbench.httpjson;

import org.rpcbench.dubbo.DubboContractServer;

/**
 * Dubbo 3.3 serving the contract's Java interface with the Triple protocol; its HTTP/1.1 side answers
 * {@code POST /<interface>/<method>} with JSON, with no annotation and no extra module (Triple REST's
 * basic mapping).
 */
public final class HttpJsonServer extends DubboContractServer {
    public HttpJsonServer() {
        super(HttpJsonPair.PAIR);
    }
}
