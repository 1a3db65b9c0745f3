package org.rpcbench.contract;

import java.util.function.Function;
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

/**
 * The contract's protobuf twin as a plain Java interface. Protocols that carry protobuf messages through
 * an ordinary interface (the dubbo protocol with protobuf serialization) serve and call it directly;
 * generated stubs of IDL protocols (Dubbo Triple, gRPC) have exactly these methods, so a binding adapts
 * its stub with method references.
 */
public interface ProtoUserService {
    BoolReply existUser(ExistUserRequest request);

    BoolReply createUser(User request);

    User getUser(GetUserRequest request);

    Page listUser(ListUserRequest request);

    Empty ping(Empty request);

    EchoText echo(EchoText request);

    Person echoPerson(Person request);

    BenchmarkMessage say(BenchmarkMessage request);

    /** Adapts a generated stub, given its methods in declaration order (method references keep the call direct). */
    static ProtoUserService of(Function<ExistUserRequest, BoolReply> existUser, Function<User, BoolReply> createUser,
                               Function<GetUserRequest, User> getUser, Function<ListUserRequest, Page> listUser,
                               Function<Empty, Empty> ping, Function<EchoText, EchoText> echo,
                               Function<Person, Person> echoPerson, Function<BenchmarkMessage, BenchmarkMessage> say) {
        return new ProtoUserService() {
            @Override
            public BoolReply existUser(ExistUserRequest request) {
                return existUser.apply(request);
            }

            @Override
            public BoolReply createUser(User request) {
                return createUser.apply(request);
            }

            @Override
            public User getUser(GetUserRequest request) {
                return getUser.apply(request);
            }

            @Override
            public Page listUser(ListUserRequest request) {
                return listUser.apply(request);
            }

            @Override
            public Empty ping(Empty request) {
                return ping.apply(request);
            }

            @Override
            public EchoText echo(EchoText request) {
                return echo.apply(request);
            }

            @Override
            public Person echoPerson(Person request) {
                return echoPerson.apply(request);
            }

            @Override
            public BenchmarkMessage say(BenchmarkMessage request) {
                return say.apply(request);
            }
        };
    }
}
