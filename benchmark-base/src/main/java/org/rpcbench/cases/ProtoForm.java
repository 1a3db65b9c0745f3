package org.rpcbench.cases;

import com.google.protobuf.Message;
import com.google.protobuf.Parser;
import java.util.concurrent.Callable;
import org.rpcbench.checks.StampedMatch;
import org.rpcbench.checks.ProtoStamps;
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
 * The contract's protobuf twin (user_service.proto) as a {@link TwinForm}: each operation's request and
 * answer messages, for every binding that carries protobuf (gRPC, Triple, dubbo's protobuf serialization,
 * raw-netty's bytes).
 */
public final class ProtoForm implements TwinForm {
    public static final ProtoForm PROTO = new ProtoForm();

    private ProtoForm() {}

    @Override
    public String name() {
        return "protobuf";
    }

    @Override
    public Message request(Operation op, Object argument) {
        return switch (op) {
            case EXIST_USER -> ExistUserRequest.newBuilder().setEmail((String) argument).build();
            case CREATE_USER -> ProtoTwin.toProto((org.rpcbench.contract.User) argument);
            case GET_USER -> GetUserRequest.newBuilder().setId((Long) argument).build();
            case LIST_USER -> ListUserRequest.newBuilder().setPageNo((Integer) argument).build();
            case PING -> Empty.getDefaultInstance();
            case ECHO -> EchoText.newBuilder().setText((String) argument).build();
            case ECHO_PERSON -> ProtoTwin.toProto((org.rpcbench.contract.Person) argument);
            case SAY -> ProtoTwin.toProto((org.rpcbench.contract.BenchmarkMessage) argument);
            case ASSEMBLE, ECHO_PERSONS -> throw TwinForm.untwinned(op, name());
        };
    }

    @Override
    public Message answer(Operation op, Object contractAnswer) {
        return switch (op) {
            case EXIST_USER, CREATE_USER -> BoolReply.newBuilder().setValue((Boolean) contractAnswer).build();
            case GET_USER -> ProtoTwin.toProto((org.rpcbench.contract.User) contractAnswer);
            case LIST_USER -> ProtoTwin.toProto((org.rpcbench.contract.Page) contractAnswer);
            case PING -> Empty.getDefaultInstance();
            case ECHO, ECHO_PERSON, SAY -> request(op, contractAnswer);
            case ASSEMBLE, ECHO_PERSONS -> throw TwinForm.untwinned(op, name());
        };
    }

    @Override
    public Object read(Object answer) {
        if (answer instanceof BoolReply b) {
            return b.getValue();
        } else if (answer instanceof User u) {
            return ProtoTwin.fromProto(u);
        } else if (answer instanceof Page p) {
            return ProtoTwin.fromProto(p);
        } else if (answer instanceof Empty e) {
            return e.getSerializedSize() == 0 ? null : e; // an Empty with fields in it is no "nothing"
        } else if (answer instanceof EchoText e) {
            return e.getText();
        } else if (answer instanceof Person p) {
            return ProtoTwin.fromProto(p);
        } else if (answer instanceof BenchmarkMessage m) {
            return ProtoTwin.fromProto(m);
        }
        return answer;
    }

    @Override
    public StampedMatch<?, ?> stamps() {
        return ProtoStamps.MATCH;
    }

    /** The call of {@code request} on a service of the twin, ready to be made. */
    public static Callable<Object> call(Operation op, ProtoUserService service, Message request) {
        return switch (op) {
            case EXIST_USER -> { ExistUserRequest r = (ExistUserRequest) request; yield () -> service.existUser(r); }
            case CREATE_USER -> { User r = (User) request; yield () -> service.createUser(r); }
            case GET_USER -> { GetUserRequest r = (GetUserRequest) request; yield () -> service.getUser(r); }
            case LIST_USER -> { ListUserRequest r = (ListUserRequest) request; yield () -> service.listUser(r); }
            case PING -> { Empty r = (Empty) request; yield () -> service.ping(r); }
            case ECHO -> { EchoText r = (EchoText) request; yield () -> service.echo(r); }
            case ECHO_PERSON -> { Person r = (Person) request; yield () -> service.echoPerson(r); }
            case SAY -> { BenchmarkMessage r = (BenchmarkMessage) request; yield () -> service.say(r); }
            case ASSEMBLE, ECHO_PERSONS -> throw TwinForm.untwinned(op, PROTO.name());
        };
    }

    /** How an operation's request is read from its bytes. */
    public static Parser<? extends Message> requestParser(Operation op) {
        return switch (op) {
            case EXIST_USER -> ExistUserRequest.parser();
            case CREATE_USER -> User.parser();
            case GET_USER -> GetUserRequest.parser();
            case LIST_USER -> ListUserRequest.parser();
            case PING -> Empty.parser();
            case ECHO -> EchoText.parser();
            case ECHO_PERSON -> Person.parser();
            case SAY -> BenchmarkMessage.parser();
            case ASSEMBLE, ECHO_PERSONS -> throw TwinForm.untwinned(op, PROTO.name());
        };
    }

    /** What {@code say} answers: the message with field1 and field2 set, as {@link Fixtures#said}. */
    public static BenchmarkMessage said(BenchmarkMessage request) {
        return request.toBuilder().setField1(Fixtures.SAID_FIELD1).setField2(Fixtures.SAID_FIELD2).build();
    }
}
