package org.rpcbench.triple;

import java.util.Map;
import org.rpcbench.contract.proto.BoolReply;
import org.rpcbench.contract.proto.DubboUserServiceTriple;
import org.rpcbench.contract.proto.ExistUserRequest;
import org.rpcbench.contract.proto.GetUserRequest;
import org.rpcbench.contract.proto.ListUserRequest;
import org.rpcbench.contract.proto.Page;
import org.rpcbench.contract.proto.User;
import org.rpcbench.contract.proto.UserService;
import org.rpcbench.dubbo.DubboFramework;
import org.rpcbench.dubbo.DubboPorts;
import org.rpcbench.dubbo.DubboServer;
import org.rpcbench.server.FixtureProtoService;
import org.rpcbench.server.RunningServer;
import org.rpcbench.server.ServerBinding;

/** Dubbo's Triple protocol serving the contract's protobuf twin through stubs generated in the build. */
public final class TripleProtobufServer implements ServerBinding {

    @Override
    public String name() {
        return "triple-protobuf";
    }

    @Override
    public int defaultPort() {
        return DubboPorts.of("tri");
    }

    @Override
    public Map<String, String> settings() {
        return DubboFramework.settings("tri", "protobuf");
    }

    @Override
    public RunningServer start(String host, int port) {
        return DubboServer.start("tri", null, UserService.class, new Service(), host, port);
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
    }
}
