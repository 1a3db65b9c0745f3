package org.rpcbench.dubbo.fastjson2;

import org.rpcbench.dubbo.DubboContractServer;
import org.rpcbench.dubbo.DubboPair;

/** The dubbo protocol with fastjson2, the JSON serialization built into Dubbo from 3.1 on (seed 001's "FastJson"). */
public final class DubboFastjson2Server extends DubboContractServer {
    public DubboFastjson2Server() {
        super(DubboPair.contract("dubbo", "fastjson2"));
    }
}
