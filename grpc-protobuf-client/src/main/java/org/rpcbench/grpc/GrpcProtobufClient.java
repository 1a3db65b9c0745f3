package org.rpcbench.grpc;

import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptor;
import io.grpc.ManagedChannel;
import io.grpc.MethodDescriptor;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.shaded.io.netty.channel.ChannelOption;
import java.util.concurrent.TimeUnit;
import org.rpcbench.binding.ClientBinding;
import org.rpcbench.binding.Connection;
import org.rpcbench.binding.ContractConnection;
import org.rpcbench.binding.Target;
import org.rpcbench.cases.Operation;
import org.rpcbench.contract.ProtoUserService;
import org.rpcbench.contract.proto.ExistUserRequest;
import org.rpcbench.contract.proto.UserServiceGrpc;

/**
 * One grpc-java channel (one HTTP/2 connection) shared by every benchmark thread, called through the
 * generated blocking stub.
 */
public final class GrpcProtobufClient extends GrpcBinding implements ClientBinding {

    @Override
    public Connection connect(Target target) {
        logAt(CLIENT_LOG_LEVEL);
        ManagedChannel channel = NettyChannelBuilder.forAddress(target.host(), target.port())
                .usePlaintext()
                .withOption(ChannelOption.CONNECT_TIMEOUT_MILLIS, target.timeoutMillis())
                .intercept(new Deadline(target.timeoutMillis()))
                .build();
        try {
            UserServiceGrpc.UserServiceBlockingStub stub = UserServiceGrpc.newBlockingStub(channel);
            // A channel connects lazily; one call (fail-fast, under the deadline) proves that a gRPC
            // server with this service is there, and says why not when it is not.
            stub.existUser(ExistUserRequest.getDefaultInstance());
            return new ContractConnection(
                    ProtoUserService.of(stub::existUser, stub::createUser, stub::getUser, stub::listUser,
                        stub::ping, stub::echo, stub::echoPerson, stub::say),
                    () -> shut(channel));
        } catch (RuntimeException e) {
            shut(channel);
            throw e;
        }
    }

    private static void shut(ManagedChannel channel) {
        channel.shutdownNow();
        try {
            channel.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Gives every call on the channel its own deadline: the target's timeout from the moment it starts. */
    private static final class Deadline implements ClientInterceptor {
        private final long millis;

        Deadline(long millis) {
            this.millis = millis;
        }

        @Override
        public <Q, A> ClientCall<Q, A> interceptCall(MethodDescriptor<Q, A> method, CallOptions options, Channel next) {
            return next.newCall(method, options.withDeadlineAfter(millis, TimeUnit.MILLISECONDS));
        }
    }

    /** The twin's operations only: seed 003's scene calls are the Java interface's. */
    @Override
    public boolean carries(Operation op) {
        return op.twinned();
    }
}
