package org.rpcbench.dubbo.kryo;

import java.util.Map;
import org.rpcbench.dubbo.DubboContractServer;
import org.rpcbench.dubbo.KryoContract;

/** The dubbo protocol with kryo, the contract's classes registered up front on both sides. */
public final class DubboKryoServer extends DubboContractServer {
    public DubboKryoServer() {
        super("dubbo-kryo", "dubbo", "kryo", Map.of("kryoRegistered", "User, Page, Sex (in this order)"), KryoContract::register);
    }
}
