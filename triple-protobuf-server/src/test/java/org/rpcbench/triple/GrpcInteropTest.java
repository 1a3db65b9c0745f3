package org.rpcbench.triple;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.Message;
import io.grpc.CallOptions;
import io.grpc.ManagedChannel;
import io.grpc.MethodDescriptor;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.protobuf.ProtoUtils;
import io.grpc.stub.ClientCalls;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.rpcbench.cases.Fixtures;
import org.rpcbench.checks.Checks;
import org.rpcbench.checks.ClientClock;
import org.rpcbench.contract.ProtoTwin;
import org.rpcbench.contract.proto.BoolReply;
import org.rpcbench.contract.proto.ExistUserRequest;
import org.rpcbench.contract.proto.GetUserRequest;
import org.rpcbench.contract.proto.ListUserRequest;
import org.rpcbench.contract.proto.Page;
import org.rpcbench.contract.proto.User;
import org.rpcbench.server.RunningServer;

/**
 * A plain grpc-java client, knowing only the .proto's messages and method names (no Dubbo on its side
 * of the wire), calls the Triple server: the pair is interoperable with the gRPC ecosystem.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class GrpcInteropTest {
    private RunningServer server;
    private ManagedChannel channel;

    @BeforeAll
    void start() throws Exception {
        int port;
        try (java.net.ServerSocket s = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        server = new TripleProtobufServer().start("127.0.0.1", port);
        channel = NettyChannelBuilder.forAddress("127.0.0.1", port).usePlaintext().build();
    }

    @AfterAll
    void stop() throws Exception {
        channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        server.close();
    }

    private <Q extends Message, A extends Message> A call(String method, Q request, A answerType) {
        MethodDescriptor<Q, A> descriptor = MethodDescriptor.<Q, A>newBuilder()
                .setType(MethodDescriptor.MethodType.UNARY)
                .setFullMethodName(MethodDescriptor.generateFullMethodName("rpcbench.UserService", method))
                .setRequestMarshaller(ProtoUtils.marshaller(request))
                .setResponseMarshaller(ProtoUtils.marshaller(answerType))
                .build();
        // the deadline only ends a hung test: the first call opens the channel and meets a cold server, which on
        // a loaded machine took more than 4 s
        return ClientCalls.blockingUnaryCall(channel, descriptor, CallOptions.DEFAULT.withDeadlineAfter(30, TimeUnit.SECONDS), request);
    }

    @Test
    void aGrpcClientGetsEveryAnswerRight() {
        String email = Fixtures.existUserRequest(2);
        BoolReply exists = call("ExistUser", ExistUserRequest.newBuilder().setEmail(email).build(), BoolReply.getDefaultInstance());
        assertThat(Checks.existUser(email, true, exists.getValue())).isNull();

        BoolReply created = call("CreateUser", ProtoTwin.toProto(Fixtures.submittedUser(9)), BoolReply.getDefaultInstance());
        assertThat(Checks.createUser(created.getValue())).isNull();

        User user = call("GetUser", GetUserRequest.newBuilder().setId(7).build(), User.getDefaultInstance());
        ClientClock clock = ClientClock.opened();
        assertThat(Checks.user(Fixtures.user(7), ProtoTwin.fromProto(user), clock)).isNull();

        Page page = call("ListUser", ListUserRequest.newBuilder().setPageNo(3).build(), Page.getDefaultInstance());
        assertThat(Checks.page(Fixtures.page(3), ProtoTwin.fromProto(page), clock)).isNull();
    }

    @Test
    void aGarbledUserIsRefusedByTheServer() {
        User garbled = ProtoTwin.toProto(Fixtures.submittedUser(9)).toBuilder().setName("someone else").build();
        BoolReply created = call("CreateUser", garbled, BoolReply.getDefaultInstance());
        assertThat(created.getValue()).isFalse();
    }
}
