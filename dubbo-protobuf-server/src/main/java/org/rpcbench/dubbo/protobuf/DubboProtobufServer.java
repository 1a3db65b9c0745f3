package org.rpcbench.dubbo.protobuf;

import java.util.Map;
import org.rpcbench.contract.ProtoUserService;
import org.rpcbench.dubbo.DubboPair;
import org.rpcbench.dubbo.ProtobufContract;
import org.rpcbench.dubbo.DubboServer;
import org.rpcbench.dubbo.DubboServerBinding;
import org.rpcbench.server.FixtureProtoService;
import org.rpcbench.server.RunningServer;

/**
 * The dubbo protocol carrying protobuf messages (seed 000's "Dubbo + Protobuf"): a plain Java interface
 * whose arguments and answers are the contract's generated protobuf classes, serialized by Dubbo's
 * protobuf serialization. No IDL stubs: the dubbo protocol frames each call as it does for hessian2.
 */
public final class DubboProtobufServer extends DubboServerBinding {

    public DubboProtobufServer() {
        super(DubboPair.contract("dubbo", "protobuf")
                .preparedBy(ProtobufContract::register, Map.of("registeredMessages", ProtobufContract.describe())));
    }

    @Override
    public RunningServer start(String host, int port) {
        return DubboServer.start(pair, ProtoUserService.class, new FixtureProtoService(), host, port);
    }
}
