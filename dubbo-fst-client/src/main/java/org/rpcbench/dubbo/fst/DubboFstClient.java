package org.rpcbench.dubbo.fst;

import org.rpcbench.dubbo.DubboContractClient;
import org.rpcbench.dubbo.DubboPair;
import org.rpcbench.dubbo.FstContract;

/** The dubbo protocol with fst, registering the same classes in the same order as the server. */
public final class DubboFstClient extends DubboContractClient {
    public DubboFstClient() {
        super(DubboPair.contract("dubbo", "fst").registering(FstContract::register));
    }
}
