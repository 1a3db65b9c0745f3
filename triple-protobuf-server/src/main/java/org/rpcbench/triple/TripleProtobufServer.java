package org.rpcbench.triple;

import org.rpcbench.contract.proto.BenchmarkMessage;
import org.rpcbench.contract.proto.BoolReply;
import org.rpcbench.contract.proto.DubboUserServiceTriple;
import org.rpcbench.contract.proto.EchoText;
import org.rpcbench.contract.proto.Empty;
import org.rpcbench.contract.proto.ExistUserRequest;
import org.rpcbench.contract.proto.GetUserRequest;
import org.rpcbench.contract.proto.ListUserRequest;
import org.rpcbench.contract.proto.Page;
import org.rpcbench.contract.proto.Person;
import org.rpcbench.contract.proto.User;
import org.rpcbench.contract.proto.UserService;
import org.rpcbench.dubbo.DubboPair;
import org.rpcbench.dubbo.DubboServer;
import org.rpcbench.dubbo.DubboServerBinding;
import org.rpcbench.server.FixtureProtoService;
import org.rpcbench.server.RunningServer;

/** Dubbo's Triple protocol serving the contract's protobuf twin through stubs generated in the build. */
public final class TripleProtobufServer extends DubboServerBinding {

    public TripleProtobufServer() {
        super(DubboPair.idl("tri", "protobuf"));
    }

    @Override
    public RunningServer start(String host, int port) {
        return DubboServer.start(pair, UserService.class, new Service(), host, port);
    }

    /** The generated base class, answering from the shared fixtures. */
    static final class Service extends DubboUserServiceTriple.UserServiceImplBase {
        private final FixtureProtoService fixtures = new FixtureProtoService();

        @Override
        public BoolReply existUser(ExistUserRequest request) {
            return fixtures.existUser(request);
        }

        @Override
        public BoolReply createUser(User request) {
            return fixtures.createUser(request);
        }

        @Override
        public User getUser(GetUserRequest request) {
            return fixtures.getUser(request);
        }

        @Override
        public Page listUser(ListUserRequest request) {
            return fixtures.listUser(request);
        }

        @Override
        public Empty ping(Empty request) {
            return fixtures.ping(request);
        }

        @Override
        public EchoText echo(EchoText request) {
            return fixtures.echo(request);
        }

        @Override
        public Person echoPerson(Person request) {
            return fixtures.echoPerson(request);
        }

        @Override
        public BenchmarkMessage say(BenchmarkMessage request) {
            return fixtures.say(request);
        }
    }
}
