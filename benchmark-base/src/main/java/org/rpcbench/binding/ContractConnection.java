package org.rpcbench.binding;

import org.rpcbench.cases.Case;
import org.rpcbench.cases.Fixtures;
import org.rpcbench.checks.Checks;
import org.rpcbench.checks.ClientClock;
import org.rpcbench.contract.BenchmarkMessage;
import org.rpcbench.contract.Page;
import org.rpcbench.contract.Person;
import org.rpcbench.contract.User;
import org.rpcbench.contract.UserService;

/**
 * A connection for bindings that call the contract's Java interface directly (every serialization that
 * needs no IDL): the binding only has to hand over its proxy of {@link UserService}. The server's times in
 * getUser's and listUser's answers are checked against the client's clock as it read when this connection
 * was made ({@link ClientClock}).
 */
public final class ContractConnection extends ClosingConnection {
    private final UserService service;
    private final ClientClock clock = ClientClock.opened();

    public ContractConnection(UserService service, AutoCloseable resources) {
        super(resources);
        this.service = service;
    }

    @Override
    public Exchange prepare(Case c, int seq) {
        switch (c) {
            case EXIST_USER: {
                String email = Fixtures.existUserRequest(seq);
                boolean exists = Fixtures.exists(email);
                return Exchange.of(() -> service.existUser(email), answer -> Checks.existUser(email, exists, answer));
            }
            case CREATE_USER: {
                User user = Fixtures.createUserRequest(seq);
                return Exchange.of(() -> service.createUser(user), Checks::createUser);
            }
            case GET_USER: {
                long id = Fixtures.getUserRequest(seq);
                User expected = Fixtures.user(id);
                return Exchange.of(() -> service.getUser(id), answer -> Checks.user(expected, answer, clock));
            }
            case LIST_USER: {
                int pageNo = Fixtures.listUserRequest(seq);
                Page expected = Fixtures.page(pageNo);
                return Exchange.of(() -> service.listUser(pageNo), answer -> Checks.page(expected, answer, clock));
            }
            case PING:
                return Exchange.of(() -> {
                    service.ping();
                    return null;
                }, Checks::ping);
            case ECHO_20B:
            case ECHO_1K:
            case ECHO_5K:
            case ECHO_50K:
            case ECHO_200K: {
                String text = Fixtures.echoText(c.echoBytes(), seq);
                return Exchange.of(() -> service.echo(text), answer -> Checks.echo(text, answer));
            }
            case ECHO_POJO: {
                Person person = Fixtures.person(seq);
                Person expected = Fixtures.person(seq);
                return Exchange.of(() -> service.echoPerson(person), answer -> Checks.person(expected, answer));
            }
            case SAY: {
                // a fresh message per call would be data building on the measured path; an in-process server
                // may change the one it is handed, so the expectation is a copy made now
                BenchmarkMessage message = Fixtures.benchmarkMessage(seq);
                BenchmarkMessage expected = Fixtures.said(Fixtures.benchmarkMessage(seq));
                return Exchange.of(() -> service.say(message), answer -> Checks.say(expected, answer));
            }
            default:
                throw new IllegalArgumentException("unknown case " + c);
        }
    }

}
