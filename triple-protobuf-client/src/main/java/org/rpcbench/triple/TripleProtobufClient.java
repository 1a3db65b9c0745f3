package org.rpcbench.triple;

import java.io.IOException;
import org.rpcbench.binding.Connection;
import org.rpcbench.binding.ContractConnection;
import org.rpcbench.binding.Target;
import org.rpcbench.cases.Operation;
import org.rpcbench.contract.ProtoUserService;
import org.rpcbench.contract.proto.UserService;
import org.rpcbench.dubbo.DubboClientBinding;
import org.rpcbench.dubbo.DubboPair;
import org.rpcbench.dubbo.DubboReference;

/** Dubbo's Triple protocol calling the contract's protobuf twin through the generated stub. */
public final class TripleProtobufClient extends DubboClientBinding {

    public TripleProtobufClient() {
        super(DubboPair.idl("tri", "protobuf"));
    }

    @Override
    public Connection connect(Target target) throws IOException {
        DubboReference<UserService> reference = DubboReference.refer(pair, UserService.class, target);
        UserService stub = reference.proxy();
        return new ContractConnection(
                ProtoUserService.of(stub::existUser, stub::createUser, stub::getUser, stub::listUser,
                        stub::ping, stub::echo, stub::echoPerson, stub::say), reference);
    }

    /** The twin's operations only: seed 003's scene calls are the Java interface's. */
    @Override
    public boolean carries(Operation op) {
        return op.twinned();
    }
}
