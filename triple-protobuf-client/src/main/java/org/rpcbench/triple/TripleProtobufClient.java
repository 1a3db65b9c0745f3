package org.rpcbench.triple;

import java.util.Map;
import org.rpcbench.binding.ClientBinding;
import org.rpcbench.binding.Connection;
import org.rpcbench.binding.ProtoContractConnection;
import org.rpcbench.binding.ProtoUserService;
import org.rpcbench.binding.Target;
import org.rpcbench.contract.proto.BoolReply;
import org.rpcbench.contract.proto.ExistUserRequest;
import org.rpcbench.contract.proto.GetUserRequest;
import org.rpcbench.contract.proto.ListUserRequest;
import org.rpcbench.contract.proto.Page;
import org.rpcbench.contract.proto.User;
import org.rpcbench.contract.proto.UserService;
import org.rpcbench.dubbo.DubboFramework;
import org.rpcbench.dubbo.DubboPorts;
import org.rpcbench.dubbo.DubboReference;

/** Dubbo's Triple protocol calling the contract's protobuf twin through the generated stub. */
public final class TripleProtobufClient implements ClientBinding {

    @Override
    public String name() {
        return "triple-protobuf";
    }

    @Override
    public int defaultPort() {
        return DubboPorts.of("tri");
    }

    @Override
    public Map<String, String> settings() {
        return DubboFramework.settings("tri", "protobuf");
    }

    @Override
    public Connection connect(Target target) {
        DubboReference<UserService> reference = DubboReference.refer("tri", null, UserService.class, target);
        UserService stub = reference.proxy();
        return new ProtoContractConnection(new ProtoUserService() {
            @Override
            public BoolReply existUser(ExistUserRequest request) {
                return stub.existUser(request);
            }

            @Override
            public BoolReply createUser(User request) {
                return stub.createUser(request);
            }

            @Override
            public User getUser(GetUserRequest request) {
                return stub.getUser(request);
            }

            @Override
            public Page listUser(ListUserRequest request) {
                return stub.listUser(request);
            }
        }, reference);
    }
}
