package org.rpcbench.cases;

import com.google.protobuf.Message;
import org.rpcbench.contract.ProtoTwin;
import org.rpcbench.contract.proto.BoolReply;
import org.rpcbench.contract.proto.ExistUserRequest;
import org.rpcbench.contract.proto.GetUserRequest;
import org.rpcbench.contract.proto.ListUserRequest;

/**
 * The cases' requests and right answers as protobuf messages of the contract's twin, for bindings that
 * carry protobuf bytes themselves. Built from the same {@link Fixtures} as every other binding's.
 */
public final class ProtoFixtures {

    private ProtoFixtures() {}

    /** Request number {@code seq} of a case. */
    public static Message request(Case c, int seq) {
        return switch (c) {
            case EXIST_USER -> ExistUserRequest.newBuilder().setEmail(Fixtures.existUserRequest(seq)).build();
            case CREATE_USER -> ProtoTwin.toProto(Fixtures.createUserRequest(seq));
            case GET_USER -> GetUserRequest.newBuilder().setId(Fixtures.getUserRequest(seq)).build();
            case LIST_USER -> ListUserRequest.newBuilder().setPageNo(Fixtures.listUserRequest(seq)).build();
        };
    }

    /** The right answer to request number {@code seq} of a case. */
    public static Message answer(Case c, int seq) {
        return switch (c) {
            case EXIST_USER -> bool(Fixtures.exists(Fixtures.existUserRequest(seq)));
            case CREATE_USER -> bool(true);
            case GET_USER -> ProtoTwin.toProto(Fixtures.user(Fixtures.getUserRequest(seq)));
            case LIST_USER -> ProtoTwin.toProto(Fixtures.page(Fixtures.listUserRequest(seq)));
        };
    }

    private static BoolReply bool(boolean value) {
        return BoolReply.newBuilder().setValue(value).build();
    }
}
