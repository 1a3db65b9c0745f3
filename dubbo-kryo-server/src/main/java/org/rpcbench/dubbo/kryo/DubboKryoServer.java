package org.rpcbench.dubbo.kryo;

import org.rpcbench.dubbo.DubboContractServer;
import org.rpcbench.dubbo.DubboPair;
import org.rpcbench.dubbo.KryoContract;

/** The dubbo protocol with kryo, the contract's classes registered up front, in one order, on both sides. */
public final class DubboKryoServer extends DubboContractServer {
    public DubboKryoServer() {
        super(DubboPair.contract("dubbo", "kryo")
                .registeringOnly(KryoContract::register));
    }
}
