package org.rpcbench.server;

import org.rpcbench.cases.ProtoForm;
import org.rpcbench.contract.ProtoTwin;
import org.rpcbench.contract.ProtoUserService;
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
 * {@link FixtureUserService} answering in the protobuf twin, for IDL protocols. A binding's generated
 * service base class delegates each method here. Answers are converted per call, as a service that keeps
 * its own domain model behind a protobuf API would. Every method costs what the Java service's does
 * (its calibration cost): the echoes and ping call it for that alone, and answer with the message received.
 */
public final class FixtureProtoService implements ProtoUserService {
    private static final BoolReply TRUE = BoolReply.newBuilder().setValue(true).build();
    private static final BoolReply FALSE = BoolReply.newBuilder().setValue(false).build();

    private final FixtureUserService fixtures = new FixtureUserService();

    @Override
    public BoolReply existUser(ExistUserRequest request) {
        return fixtures.existUser(request.getEmail()) ? TRUE : FALSE;
    }

    /** A user whose times are no LocalDate or LocalDateTime (a birthday off midnight, nanos out of range) is refused. */
    @Override
    public BoolReply createUser(User user) {
        org.rpcbench.contract.User received;
        try {
            received = ProtoTwin.fromProto(user);
        } catch (IllegalArgumentException e) {
            return FALSE;
        }
        return fixtures.createUser(received) ? TRUE : FALSE;
    }

    @Override
    public User getUser(GetUserRequest request) {
        return ProtoTwin.toProto(fixtures.getUser(request.getId()));
    }

    @Override
    public Page listUser(ListUserRequest request) {
        return ProtoTwin.toProto(fixtures.listUser(request.getPageNo()));
    }

    @Override
    public Empty ping(Empty request) {
        fixtures.ping();
        return Empty.getDefaultInstance();
    }

    @Override
    public EchoText echo(EchoText request) {
        fixtures.echo(null);
        return request;
    }

    @Override
    public Person echoPerson(Person request) {
        fixtures.echoPerson(null);
        return request;
    }

    /** Decodes, sets two fields, encodes: the seeds' server (messages are immutable, so a rebuilt copy). */
    @Override
    public BenchmarkMessage say(BenchmarkMessage request) {
        CalibratedCost.spin(FixtureUserService.SAY);
        return ProtoForm.said(request);
    }
}
