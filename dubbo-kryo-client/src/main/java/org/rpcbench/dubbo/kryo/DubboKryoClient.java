package org.rpcbench.dubbo.kryo;

import org.rpcbench.dubbo.DubboContractClient;
import org.rpcbench.dubbo.DubboPair;
import org.rpcbench.dubbo.KryoContract;

/** The dubbo protocol with kryo, the contract's classes registered up front, in one order, on both sides. */
public final class DubboKryoClient extends DubboContractClient {
    public DubboKryoClient() {
        super(DubboPair.contract("dubbo", "kryo")
                .registeringOnly(KryoContract::register));
    }
}
