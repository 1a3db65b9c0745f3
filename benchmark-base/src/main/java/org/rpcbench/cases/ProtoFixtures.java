package org.rpcbench.cases;

import com.google.protobuf.Message;
import org.rpcbench.contract.ProtoTwin;
import org.rpcbench.contract.proto.BenchmarkMessage;
import org.rpcbench.contract.proto.BoolReply;
import org.rpcbench.contract.proto.EchoText;
import org.rpcbench.contract.proto.Empty;
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
            case PING -> Empty.getDefaultInstance();
            case ECHO_20B, ECHO_1K, ECHO_5K, ECHO_50K, ECHO_200K -> EchoText.newBuilder().setText(Fixtures.echoText(c.echoBytes(), seq)).build();
            case ECHO_POJO -> ProtoTwin.toProto(Fixtures.person(seq));
            case SAY -> ProtoTwin.toProto(Fixtures.benchmarkMessage(seq));
        };
    }

    /**
     * The right answer to request number {@code seq} of a case. getUser's and listUser's carry the times of
     * this call's clock: the server's will differ, which {@link org.rpcbench.checks.ProtoChecks} allows for.
     */
    public static Message answer(Case c, int seq) {
        return switch (c) {
            case EXIST_USER -> bool(Fixtures.exists(Fixtures.existUserRequest(seq)));
            case CREATE_USER -> bool(true);
            case GET_USER -> ProtoTwin.toProto(Fixtures.user(Fixtures.getUserRequest(seq)));
            case LIST_USER -> ProtoTwin.toProto(Fixtures.page(Fixtures.listUserRequest(seq)));
            case PING, ECHO_20B, ECHO_1K, ECHO_5K, ECHO_50K, ECHO_200K, ECHO_POJO -> request(c, seq);
            case SAY -> said((BenchmarkMessage) request(c, seq));
        };
    }

    /** What {@code say} answers: the message with field1 and field2 set, as {@link Fixtures#said}. */
    public static BenchmarkMessage said(BenchmarkMessage request) {
        return request.toBuilder().setField1(Fixtures.SAID_FIELD1).setField2(Fixtures.SAID_FIELD2).build();
    }

    private static BoolReply bool(boolean value) {
        return BoolReply.newBuilder().setValue(value).build();
    }
}
