package org.rpcbench.triple;

import java.io.IOException;
import org.rpcbench.binding.Connection;
import org.rpcbench.binding.ProtoContractConnection;
import org.rpcbench.contract.ProtoUserService;
import org.rpcbench.binding.Target;
import org.rpcbench.contract.proto.DubboUserServiceTriple;
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
        registerStub();
        DubboReference<UserService> reference = DubboReference.refer(pair, UserService.class, target);
        UserService stub = reference.proxy();
        return new ProtoContractConnection(
                ProtoUserService.of(stub::existUser, stub::createUser, stub::getUser, stub::listUser,
                        stub::ping, stub::echo, stub::echoPerson, stub::say), reference);
    }

    /**
     * The generated stub class registers itself with Dubbo (StubSuppliers) when it initializes. Without it a
     * Dubbo 3.1 consumer calls methods by their Java names ("existUser") where the server knows the .proto's
     * ("ExistUser"): "Method not found" (seen with 3.1.11; 3.3.6 finds the stub by itself).
     */
    private static void registerStub() throws IOException {
        try {
            Class.forName(DubboUserServiceTriple.class.getName(), true, TripleProtobufClient.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IOException("the Triple stubs are not on the class path", e);
        }
    }
}
