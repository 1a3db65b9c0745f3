package org.rpcbench.grpc;

import io.grpc.Server;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.StreamObserver;
import java.io.IOException;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import org.rpcbench.contract.proto.BenchmarkMessage;
import org.rpcbench.contract.proto.BoolReply;
import org.rpcbench.contract.proto.EchoText;
import org.rpcbench.contract.proto.Empty;
import org.rpcbench.contract.proto.ExistUserRequest;
import org.rpcbench.contract.proto.GetUserRequest;
import org.rpcbench.contract.proto.ListUserRequest;
import org.rpcbench.contract.proto.Page;
import org.rpcbench.contract.proto.Person;
import org.rpcbench.contract.proto.User;
import org.rpcbench.contract.proto.UserServiceGrpc;
import org.rpcbench.server.FixtureProtoService;
import org.rpcbench.server.RunningServer;
import org.rpcbench.server.ServerBinding;

/** grpc-java's Netty server, answering through the generated service base class from the shared fixtures. */
public final class GrpcProtobufServer extends GrpcBinding implements ServerBinding {

    @Override
    public RunningServer start(String host, int port) throws IOException {
        logAt(SERVER_LOG_LEVEL);
        Server server = NettyServerBuilder.forAddress(new InetSocketAddress(host, port))
                .addService(new Answers())
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

    /** The generated base class; each method hands the fixture's answer to the observer and completes. */
    static final class Answers extends UserServiceGrpc.UserServiceImplBase {
        private final FixtureProtoService fixtures = new FixtureProtoService();

        @Override
        public void existUser(ExistUserRequest request, StreamObserver<BoolReply> answer) {
            reply(answer, fixtures.existUser(request));
        }

        @Override
        public void createUser(User request, StreamObserver<BoolReply> answer) {
            reply(answer, fixtures.createUser(request));
        }

        @Override
        public void getUser(GetUserRequest request, StreamObserver<User> answer) {
            reply(answer, fixtures.getUser(request));
        }

        @Override
        public void listUser(ListUserRequest request, StreamObserver<Page> answer) {
            reply(answer, fixtures.listUser(request));
        }

        @Override
        public void ping(Empty request, StreamObserver<Empty> answer) {
            reply(answer, fixtures.ping(request));
        }

        @Override
        public void echo(EchoText request, StreamObserver<EchoText> answer) {
            reply(answer, fixtures.echo(request));
        }

        @Override
        public void echoPerson(Person request, StreamObserver<Person> answer) {
            reply(answer, fixtures.echoPerson(request));
        }

        @Override
        public void say(BenchmarkMessage request, StreamObserver<BenchmarkMessage> answer) {
            reply(answer, fixtures.say(request));
        }

        private static <T> void reply(StreamObserver<T> answer, T value) {
            answer.onNext(value);
            answer.onCompleted();
        }
    }
}
