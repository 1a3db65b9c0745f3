package org.rpcbench.server;

import org.rpcbench.cases.Fixtures;
import org.rpcbench.checks.Checks;
import org.rpcbench.contract.BenchmarkMessage;
import org.rpcbench.contract.Page;
import org.rpcbench.contract.Person;
import org.rpcbench.contract.User;
import org.rpcbench.contract.UserService;

/**
 * The service every server binding serves. Answers are built per call, as a real service would, from
 * the same fixtures the client checks against. createUser verifies the user it received field by field,
 * so a request the serialization garbled comes back false and is counted as an error by the client.
 */
public final class FixtureUserService implements UserService {

    @Override
    public boolean existUser(String email) {
        return Fixtures.exists(email);
    }

    @Override
    public boolean createUser(User user) {
        return user != null && Checks.user(Fixtures.user(user.getId()), user) == null;
    }

    @Override
    public User getUser(long id) {
        return Fixtures.user(id);
    }

    @Override
    public Page listUser(int pageNo) {
        return Fixtures.page(pageNo);
    }

    @Override
    public void ping() {
    }

    @Override
    public String echo(String text) {
        return text;
    }

    @Override
    public Person echoPerson(Person person) {
        return person;
    }

    /** Sets the two fields in the message received and sends it back, as the seeds' server does. */
    @Override
    public BenchmarkMessage say(BenchmarkMessage message) {
        message.setField1(Fixtures.SAID_FIELD1);
        message.setField2(Fixtures.SAID_FIELD2);
        return message;
    }
}
