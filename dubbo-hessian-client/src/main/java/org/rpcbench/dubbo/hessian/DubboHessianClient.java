package org.rpcbench.dubbo.hessian;

import org.rpcbench.dubbo.DubboContractClient;
import org.rpcbench.dubbo.DubboPair;

/** The dubbo protocol with hessian2: Dubbo's default pair and the seeds' baseline. */
public final class DubboHessianClient extends DubboContractClient {
    public DubboHessianClient() {
        super(DubboPair.contract("dubbo", "hessian2"));
    }
}
