package org.rpcbench.thrift;

import org.apache.thrift.TException;
import org.rpcbench.cases.Operation;
import org.rpcbench.cases.TwinForm;
import org.rpcbench.checks.StampedMatch;
import org.rpcbench.thrift.idl.BenchmarkMessage;
import org.rpcbench.thrift.idl.Page;
import org.rpcbench.thrift.idl.Person;
import org.rpcbench.thrift.idl.User;
import org.rpcbench.thrift.idl.UserService;

/**
 * The contract as user_service.thrift carries it, as a {@link TwinForm}: the structs where the contract
 * has objects ({@link ThriftTwin}), its own booleans, numbers and strings where it has those.
 */
public final class ThriftForm implements TwinForm {
    public static final ThriftForm THRIFT = new ThriftForm();

    private ThriftForm() {}

    /** One generated-client call. */
    @FunctionalInterface
    public interface ThriftCall {
        Object on(UserService.Client client) throws TException;
    }

    @Override
    public String name() {
        return "Thrift";
    }

    @Override
    public StampedMatch<?, ?> stamps() {
        return ThriftStamps.MATCH;
    }

    @Override
    public Object request(Operation op, Object argument) {
        if (!op.twinned()) {
            throw TwinForm.untwinned(op, name());
        }
        return struct(argument);
    }

    @Override
    public Object answer(Operation op, Object contractAnswer) {
        if (!op.twinned()) {
            throw TwinForm.untwinned(op, name());
        }
        return struct(contractAnswer);
    }

    private static Object struct(Object value) {
        if (value instanceof org.rpcbench.contract.User u) {
            return ThriftTwin.toThrift(u);
        } else if (value instanceof org.rpcbench.contract.Page p) {
            return ThriftTwin.toThrift(p);
        } else if (value instanceof org.rpcbench.contract.Person p) {
            return ThriftTwin.toThrift(p);
        } else if (value instanceof org.rpcbench.contract.BenchmarkMessage m) {
            return ThriftTwin.toThrift(m);
        }
        return value;
    }

    @Override
    public Object read(Object answer) {
        if (answer instanceof User u) {
            return ThriftTwin.fromThrift(u);
        } else if (answer instanceof Page p) {
            return ThriftTwin.fromThrift(p);
        } else if (answer instanceof Person p) {
            return ThriftTwin.fromThrift(p);
        } else if (answer instanceof BenchmarkMessage m) {
            return ThriftTwin.fromThrift(m);
        }
        return answer;
    }

    /** The generated client's call of {@code request}, ready to be made. */
    public static ThriftCall call(Operation op, Object request) {
        return switch (op) {
            case EXIST_USER -> { String email = (String) request; yield client -> client.existUser(email); }
            case CREATE_USER -> { User user = (User) request; yield client -> client.createUser(user); }
            case GET_USER -> { long id = (Long) request; yield client -> client.getUser(id); }
            case LIST_USER -> { int pageNo = (Integer) request; yield client -> client.listUser(pageNo); }
            case PING -> client -> {
                client.ping();
                return null;
            };
            case ECHO -> { String text = (String) request; yield client -> client.echo(text); }
            case ECHO_PERSON -> { Person person = (Person) request; yield client -> client.echoPerson(person); }
            case SAY -> { BenchmarkMessage message = (BenchmarkMessage) request; yield client -> client.say(message); }
            case ASSEMBLE, ECHO_PERSONS -> throw TwinForm.untwinned(op, "Thrift");
        };
    }
}
