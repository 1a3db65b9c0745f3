package org.rpcbench.dubbo.hessian;

import org.rpcbench.dubbo.DubboContractServer;
import org.rpcbench.dubbo.DubboPair;

/** The dubbo protocol with hessian2: Dubbo's default pair and the seeds' baseline. */
public final class DubboHessianServer extends DubboContractServer {
    public DubboHessianServer() {
        super(DubboPair.contract("dubbo", "hessian2"));
    }
}
