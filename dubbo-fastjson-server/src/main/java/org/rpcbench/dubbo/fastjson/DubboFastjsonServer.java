package org.rpcbench.dubbo.fastjson;

import org.rpcbench.dubbo.DubboContractServer;
import org.rpcbench.dubbo.DubboPair;

/** The dubbo protocol with fastjson 1.x (seed 001's "FastJson"), autoType off: see {@link org.rpcbench.dubbo.fastjson.FastjsonSerialization}. */
public final class DubboFastjsonServer extends DubboContractServer {
    public DubboFastjsonServer() {
        super(DubboPair.contract("dubbo", "fastjson"));
    }
}
