package org.rpcbench.triple.hessian;

import org.rpcbench.dubbo.DubboContractClient;
import org.rpcbench.dubbo.DubboPair;

/** Triple calling the plain Java contract, hessian2 inside Triple's protobuf envelope. */
public final class TripleHessianClient extends DubboContractClient {
    public TripleHessianClient() {
        super(DubboPair.contract("tri", "hessian2"));
    }
}
