package org.rpcbench.grpc;

import io.grpc.Server;
import io.grpc.ServerCallHandler;
import io.grpc.ServerServiceDefinition;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.ServerCalls;
import java.io.IOException;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.rpcbench.contract.proto.UserServiceGrpc;
import org.rpcbench.server.FixtureProtoService;
import org.rpcbench.server.RunningServer;
import org.rpcbench.server.ServerBinding;

/** grpc-java's Netty server, answering from the shared fixtures through the generated method descriptors. */
public final class GrpcProtobufServer extends GrpcBinding implements ServerBinding {

    @Override
    public RunningServer start(String host, int port) throws IOException {
        logAt(SERVER_LOG_LEVEL);
        Server server = NettyServerBuilder.forAddress(new InetSocketAddress(host, port))
                .addService(answers())
                .build();
        try {
            server.start();
        } catch (IOException e) {
            throw bindFailure(e, host, port);
        }
        return () -> stop(server);
    }

    /**
     * With the native epoll transport a busy port comes back as Netty's own IOException ("bind(..)
     * failed: Address already in use"), not as a java.net.BindException; say what it is.
     */
    private static IOException bindFailure(IOException e, String host, int port) {
        for (Throwable c = e; c != null; c = c.getCause()) {
            if (c instanceof BindException) {
                return e;
            }
        }
        String text = String.valueOf(e.getCause() == null ? e.getMessage() : e.getCause().getMessage());
        if (!text.contains("Address already in use")) {
            return e;
        }
        BindException busy = new BindException("Address already in use: " + host + ":" + port);
        busy.initCause(e);
        return busy;
    }

    private static void stop(Server server) {
        server.shutdown();
        try {
            if (!server.awaitTermination(5, TimeUnit.SECONDS)) {
                server.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            server.shutdownNow();
            Thread.currentThread().interrupt();
        }
    }

    /**
     * The service: each of the generated method descriptors bound to the fixture's answer. A table rather than
     * the generated base class, whose eight overrides would each say the same thing; the calls it makes are
     * the ones the base class's binding makes (a unary call handler per method).
     */
    static ServerServiceDefinition answers() {
        FixtureProtoService fixtures = new FixtureProtoService();
        return ServerServiceDefinition.builder(UserServiceGrpc.getServiceDescriptor())
                .addMethod(UserServiceGrpc.getExistUserMethod(), unary(fixtures::existUser))
                .addMethod(UserServiceGrpc.getCreateUserMethod(), unary(fixtures::createUser))
                .addMethod(UserServiceGrpc.getGetUserMethod(), unary(fixtures::getUser))
                .addMethod(UserServiceGrpc.getListUserMethod(), unary(fixtures::listUser))
                .addMethod(UserServiceGrpc.getPingMethod(), unary(fixtures::ping))
                .addMethod(UserServiceGrpc.getEchoMethod(), unary(fixtures::echo))
                .addMethod(UserServiceGrpc.getEchoPersonMethod(), unary(fixtures::echoPerson))
                .addMethod(UserServiceGrpc.getSayMethod(), unary(fixtures::say))
                .build();
    }

    /** Hands the answer to the observer and completes the call. */
    private static <Q, A> ServerCallHandler<Q, A> unary(Function<Q, A> answer) {
        return ServerCalls.asyncUnaryCall((request, observer) -> {
            observer.onNext(answer.apply(request));
            observer.onCompleted();
        });
    }
}
