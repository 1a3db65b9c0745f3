package org.rpcbench.dubbo.hessian;

import org.rpcbench.dubbo.DubboContractClient;

/** The dubbo protocol with hessian2: Dubbo's default pair and the seeds' baseline. */
public final class DubboHessianClient extends DubboContractClient {
    public DubboHessianClient() {
        super("dubbo-hessian", "dubbo", "hessian2");
    }
}
