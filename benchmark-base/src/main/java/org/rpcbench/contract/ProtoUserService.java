package org.rpcbench.contract;

import java.util.function.Function;
import org.rpcbench.contract.proto.BoolReply;
import org.rpcbench.contract.proto.ExistUserRequest;
import org.rpcbench.contract.proto.GetUserRequest;
import org.rpcbench.contract.proto.ListUserRequest;
import org.rpcbench.contract.proto.Page;
import org.rpcbench.contract.proto.User;

/**
 * The contract's protobuf twin as a plain Java interface. Protocols that carry protobuf messages through
 * an ordinary interface (the dubbo protocol with protobuf serialization) serve and call it directly;
 * generated stubs of IDL protocols (Dubbo Triple, gRPC) have exactly these methods, so a binding adapts
 * its stub with method references.
 */
public interface ProtoUserService {
    BoolReply existUser(ExistUserRequest request);

    BoolReply createUser(User request);

    User getUser(GetUserRequest request);

    Page listUser(ListUserRequest request);

    /** Adapts a generated stub, given its four methods (method references keep the call direct). */
    static ProtoUserService of(Function<ExistUserRequest, BoolReply> existUser, Function<User, BoolReply> createUser,
                               Function<GetUserRequest, User> getUser, Function<ListUserRequest, Page> listUser) {
        return new ProtoUserService() {
            @Override
            public BoolReply existUser(ExistUserRequest request) {
                return existUser.apply(request);
            }

            @Override
            public BoolReply createUser(User request) {
                return createUser.apply(request);
            }

            @Override
            public User getUser(GetUserRequest request) {
                return getUser.apply(request);
            }

            @Override
            public Page listUser(ListUserRequest request) {
                return listUser.apply(request);
            }
        };
    }
}
