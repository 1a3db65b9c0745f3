package org.rpcbench.binding;

import org.rpcbench.cases.Case;
import org.rpcbench.cases.Fixtures;
import org.rpcbench.checks.Checks;
import org.rpcbench.contract.Page;
import org.rpcbench.contract.ProtoTwin;
import org.rpcbench.contract.User;
import org.rpcbench.contract.proto.BoolReply;
import org.rpcbench.contract.proto.ExistUserRequest;
import org.rpcbench.contract.proto.GetUserRequest;
import org.rpcbench.contract.proto.ListUserRequest;

/**
 * A connection for IDL protocols that carry the protobuf twin. Requests are built as protobuf
 * messages before measurement; answers are read back into the contract's types in {@link Exchange#check},
 * after the clock stopped, and go through the same checks as every other binding's.
 */
public final class ProtoContractConnection extends ClosingConnection {
    private final ProtoUserService service;

    public ProtoContractConnection(ProtoUserService service, AutoCloseable resources) {
        super(resources);
        this.service = service;
    }

    @Override
    public Exchange prepare(Case c, int seq) {
        switch (c) {
            case EXIST_USER: {
                String email = Fixtures.existUserRequest(seq);
                ExistUserRequest request = ExistUserRequest.newBuilder().setEmail(email).build();
                return Exchange.of(() -> service.existUser(request), answer -> Checks.existUser(email, bool(answer)));
            }
            case CREATE_USER: {
                org.rpcbench.contract.proto.User request = ProtoTwin.toProto(Fixtures.createUserRequest(seq));
                return Exchange.of(() -> service.createUser(request), answer -> Checks.createUser(bool(answer)));
            }
            case GET_USER: {
                long id = Fixtures.getUserRequest(seq);
                GetUserRequest request = GetUserRequest.newBuilder().setId(id).build();
                User expected = Fixtures.user(id);
                return Exchange.of(() -> service.getUser(request), answer -> Checks.user(expected,
                        answer instanceof org.rpcbench.contract.proto.User ? ProtoTwin.fromProto((org.rpcbench.contract.proto.User) answer) : answer));
            }
            case LIST_USER: {
                int pageNo = Fixtures.listUserRequest(seq);
                ListUserRequest request = ListUserRequest.newBuilder().setPageNo(pageNo).build();
                Page expected = Fixtures.page(pageNo);
                return Exchange.of(() -> service.listUser(request), answer -> Checks.page(expected,
                        answer instanceof org.rpcbench.contract.proto.Page ? ProtoTwin.fromProto((org.rpcbench.contract.proto.Page) answer) : answer));
            }
            default:
                throw new IllegalArgumentException("unknown case " + c);
        }
    }

    private static Object bool(Object answer) {
        return answer instanceof BoolReply ? (Object) ((BoolReply) answer).getValue() : answer;
    }

}
