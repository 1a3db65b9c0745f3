package org.rpcbench.binding;

import org.rpcbench.contract.proto.BoolReply;
import org.rpcbench.contract.proto.ExistUserRequest;
import org.rpcbench.contract.proto.GetUserRequest;
import org.rpcbench.contract.proto.ListUserRequest;
import org.rpcbench.contract.proto.Page;
import org.rpcbench.contract.proto.User;

/**
 * The protobuf twin of the contract as a blocking client sees it. Generated stubs of IDL protocols
 * (Dubbo Triple, gRPC) have exactly these methods, so a binding adapts its stub with method references.
 */
public interface ProtoUserService {
    BoolReply existUser(ExistUserRequest request);

    BoolReply createUser(User request);

    User getUser(GetUserRequest request);

    Page listUser(ListUserRequest request);
}
