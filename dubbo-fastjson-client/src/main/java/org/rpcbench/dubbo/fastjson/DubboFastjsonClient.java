package org.rpcbench.dubbo.fastjson;

import org.rpcbench.dubbo.DubboContractClient;
import org.rpcbench.dubbo.DubboPair;

/** The dubbo protocol with fastjson 1.x; the answers' types come from the interface, not from the JSON. */
public final class DubboFastjsonClient extends DubboContractClient {
    public DubboFastjsonClient() {
        super(DubboPair.contract("dubbo", "fastjson"));
    }
}
