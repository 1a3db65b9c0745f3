package org.rpcbench.dubbo.protobuf;

import java.io.IOException;
import java.util.Map;
import org.rpcbench.binding.Connection;
import org.rpcbench.binding.ContractConnection;
import org.rpcbench.binding.Target;
import org.rpcbench.cases.Operation;
import org.rpcbench.contract.ProtoUserService;
import org.rpcbench.dubbo.DubboClientBinding;
import org.rpcbench.dubbo.DubboPair;
import org.rpcbench.dubbo.DubboReference;
import org.rpcbench.dubbo.ProtobufContract;

/** The dubbo protocol calling the protobuf twin's plain Java interface; answers checked as protobuf. */
public final class DubboProtobufClient extends DubboClientBinding {

    public DubboProtobufClient() {
        super(DubboPair.contract("dubbo", "protobuf")
                .preparedBy(ProtobufContract::register, Map.of("registeredMessages", ProtobufContract.describe())));
    }

    @Override
    public Connection connect(Target target) throws IOException {
        DubboReference<ProtoUserService> reference = DubboReference.refer(pair, ProtoUserService.class, target);
        return new ContractConnection(reference.proxy(), reference);
    }

    /** The twin's operations only: seed 003's scene calls are the Java interface's. */
    @Override
    public boolean carries(Operation op) {
        return op.twinned();
    }
}
