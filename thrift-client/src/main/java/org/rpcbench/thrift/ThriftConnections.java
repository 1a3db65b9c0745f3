package org.rpcbench.thrift;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.apache.thrift.TConfiguration;
import org.apache.thrift.TException;
import org.apache.thrift.protocol.TBinaryProtocol;
import org.apache.thrift.transport.TSocket;
import org.apache.thrift.transport.TTransport;
import org.apache.thrift.transport.TTransportException;
import org.apache.thrift.transport.layered.TFramedTransport;
import org.rpcbench.binding.Connection;
import org.rpcbench.binding.Exchange;
import org.rpcbench.binding.Target;
import org.rpcbench.cases.Case;
import org.rpcbench.cases.Fixtures;
import org.rpcbench.checks.Checks;
import org.rpcbench.checks.ClientClock;
import org.rpcbench.contract.BenchmarkMessage;
import org.rpcbench.contract.Person;
import org.rpcbench.contract.User;
import org.rpcbench.thrift.idl.UserService;

/**
 * The harness's one "connection" for the thrift pair: a set of Thrift connections, one per thread that
 * prepares requests. A thread's connection is opened the first time it prepares (before measurement),
 * and each prepared exchange keeps the connection of the thread that prepared it, so the measured call
 * is the generated client's call and nothing else. Requests and expected answers are Thrift structs
 * built while preparing; an answer is compared with the generated equals (users field by field, their
 * times being the server's: {@link ThriftChecks}), and only a wrong one is converted back to the
 * contract's types so the shared checks can say what is wrong.
 */
final class ThriftConnections implements Connection {
    private final Target target;
    private final ClientClock clock = ClientClock.opened();
    private final ThreadLocal<Line> ownLine = new ThreadLocal<>();
    private final List<Line> lines = new ArrayList<>();
    private boolean closed;

    ThriftConnections(Target target) throws TTransportException {
        this.target = target;
        line();
    }

    @Override
    public Exchange prepare(Case c, int seq) {
        Line line;
        try {
            line = line();
        } catch (TTransportException e) {
            throw new IllegalStateException("cannot open a Thrift connection to " + target + ": " + e.getMessage(), e);
        }
        switch (c) {
            case EXIST_USER:
                return existUser(line, Fixtures.existUserRequest(seq));
            case CREATE_USER:
                return createUser(line, Fixtures.createUserRequest(seq));
            case GET_USER:
                return getUser(line, Fixtures.getUserRequest(seq));
            case LIST_USER:
                return listUser(line, Fixtures.listUserRequest(seq));
            case PING:
                return ping(line);
            case ECHO_20B:
            case ECHO_1K:
            case ECHO_5K:
            case ECHO_50K:
            case ECHO_200K:
                return echo(line, Fixtures.echoText(c.echoBytes(), seq));
            case ECHO_POJO:
                return echoPerson(line, Fixtures.person(seq));
            case SAY:
                return say(line, Fixtures.benchmarkMessage(seq));
            default:
                throw new IllegalArgumentException("no Thrift call for case " + c);
        }
    }

    private static Exchange existUser(Line line, String email) {
        boolean exists = Fixtures.exists(email);
        return exchange(line, client -> client.existUser(email), answer -> Checks.existUser(email, exists, answer));
    }

    private static Exchange createUser(Line line, User user) {
        org.rpcbench.thrift.idl.User request = ThriftTwin.toThrift(user);
        return exchange(line, client -> client.createUser(request), Checks::createUser);
    }

    /** The server stamps the user with its clock: checked against the client's ({@link ThriftChecks}). */
    private Exchange getUser(Line line, long id) {
        org.rpcbench.thrift.idl.User expected = ThriftTwin.toThrift(Fixtures.user(id));
        return exchange(line, client -> client.getUser(id), answer -> ThriftChecks.user(expected, answer, clock));
    }

    private Exchange listUser(Line line, int pageNo) {
        org.rpcbench.thrift.idl.Page expected = ThriftTwin.toThrift(Fixtures.page(pageNo));
        return exchange(line, client -> client.listUser(pageNo), answer -> ThriftChecks.page(expected, answer, clock));
    }

    private static Exchange ping(Line line) {
        return exchange(line, client -> {
            client.ping();
            return null;
        }, Checks::ping);
    }

    /** The text is one of the few shared variants: requests of one size hold no copies of their own. */
    private static Exchange echo(Line line, String text) {
        return exchange(line, client -> client.echo(text), answer -> Checks.echo(text, answer));
    }

    private static Exchange echoPerson(Line line, Person person) {
        org.rpcbench.thrift.idl.Person request = ThriftTwin.toThrift(person);
        return struct(line, client -> client.echoPerson(request), ThriftTwin.toThrift(person), answer -> Checks.person(person,
                answer instanceof org.rpcbench.thrift.idl.Person p ? ThriftTwin.fromThrift(p) : answer));
    }

    private static Exchange say(Line line, BenchmarkMessage message) {
        org.rpcbench.thrift.idl.BenchmarkMessage request = ThriftTwin.toThrift(message);
        BenchmarkMessage expected = Fixtures.said(message);
        return struct(line, client -> client.say(request), ThriftTwin.toThrift(expected), answer -> Checks.say(expected,
                answer instanceof org.rpcbench.thrift.idl.BenchmarkMessage m ? ThriftTwin.fromThrift(m) : answer));
    }

    /** A struct answer: equal to the prepared one, or explained in the contract's terms. */
    private static Exchange struct(Line line, ThriftCall call, Object wanted, Function<Object, String> explain) {
        return exchange(line, call, answer -> wanted.equals(answer) ? null : explain.apply(answer));
    }

    private static Exchange exchange(Line line, ThriftCall call, Function<Object, String> check) {
        return Exchange.of(() -> line.call(call), check);
    }

    /** The calling thread's connection, opened on its first use. */
    private Line line() throws TTransportException {
        Line line = ownLine.get();
        if (line == null) {
            line = new Line(target);
            synchronized (this) {
                if (closed) {
                    line.close();
                    throw new IllegalStateException("the Thrift connections to " + target + " are closed");
                }
                lines.add(line);
            }
            ownLine.set(line);
        }
        return line;
    }

    @Override
    public synchronized void close() {
        closed = true;
        for (Line line : lines) {
            line.close();
        }
        lines.clear();
    }

    /** One generated-client call. */
    @FunctionalInterface
    interface ThriftCall {
        Object on(UserService.Client client) throws TException;
    }

    /**
     * One Thrift connection: a socket whose connect and reads are bounded by the call timeout, framed,
     * spoken in the binary protocol. After a failed call the connection may still hold the late answer,
     * which the next call would take for its own, so it is dropped and the next call opens a new one.
     */
    static final class Line {
        private final Target target;
        private TTransport transport;
        private UserService.Client client;

        Line(Target target) throws TTransportException {
            this.target = target;
            open();
        }

        private void open() throws TTransportException {
            TSocket socket = new TSocket(new TConfiguration(), target.host(), target.port(),
                    target.timeoutMillis(), target.timeoutMillis());
            TTransport framed = new TFramedTransport(socket);
            framed.open();
            transport = framed;
            client = new UserService.Client(new TBinaryProtocol(framed));
        }

        Object call(ThriftCall call) throws TException {
            if (client == null) {
                open();
            }
            try {
                return call.on(client);
            } catch (TException | RuntimeException e) {
                close();
                throw e;
            }
        }

        synchronized void close() {
            if (transport != null) {
                transport.close();
            }
            transport = null;
            client = null;
        }
    }
}
