package org.rpcbench.dubbo.fst;

import org.rpcbench.dubbo.DubboContractServer;
import org.rpcbench.dubbo.DubboPair;
import org.rpcbench.dubbo.FstContract;

/** The dubbo protocol with fst; the contract's classes are registered up front, in one order, on both sides. */
public final class DubboFstServer extends DubboContractServer {
    public DubboFstServer() {
        super(DubboPair.contract("dubbo", "fst").registering(FstContract::register));
    }
}
