package org.rpcbench.triple.hessian;

import org.rpcbench.dubbo.DubboContractServer;
import org.rpcbench.dubbo.DubboPair;

/**
 * Triple serving the plain Java contract, no IDL: Triple wraps each hessian2-serialized call in its
 * protobuf envelope (seed 000's "Triple + Protobuf(Hessian)"), the path a Dubbo 2 service takes when it
 * moves to Triple without rewriting its interfaces.
 */
public final class TripleHessianServer extends DubboContractServer {
    public TripleHessianServer() {
        super(DubboPair.contract("tri", "hessian2"));
    }
}
