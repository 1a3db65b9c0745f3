package org.rpcbench.server;

import java.util.Map;

import org.rpcbench.cases.Fixtures;
import org.rpcbench.checks.Checks;
import org.rpcbench.contract.BenchmarkMessage;
import org.rpcbench.contract.Page;
import org.rpcbench.contract.Person;
import org.rpcbench.contract.User;
import org.rpcbench.contract.UserService;

/**
 * The service every server binding serves. Answers are built per call, as a real service would, from
 * the same fixtures the client checks against, and as the seeds' server builds them: every user of a
 * getUser or listUser answer is created now, by its own reading of the clock. createUser verifies the user
 * it received field by field, its times exactly (a submitted user's are fixed per id), so a request the
 * serialization garbled comes back false and is counted as an error by the client.
 */
public final class FixtureUserService implements UserService {
    // the calibration cost of each method, read once: zero unless a calibration run set it
    private static final long EXIST_USER = CalibratedCost.nanos("existUser");
    private static final long CREATE_USER = CalibratedCost.nanos("createUser");
    private static final long GET_USER = CalibratedCost.nanos("getUser");
    private static final long LIST_USER = CalibratedCost.nanos("listUser");
    private static final long PING = CalibratedCost.nanos("ping");
    private static final long ECHO = CalibratedCost.nanos("echo");
    private static final long ECHO_PERSON = CalibratedCost.nanos("echoPerson");
    static final long SAY = CalibratedCost.nanos("say");
    private static final long ASSEMBLE = CalibratedCost.nanos("assemble");
    private static final long ECHO_PERSONS = CalibratedCost.nanos("echoPersons");

    @Override
    public boolean existUser(String email) {
        CalibratedCost.spin(EXIST_USER);
        return Fixtures.exists(email);
    }

    @Override
    public boolean createUser(User user) {
        CalibratedCost.spin(CREATE_USER);
        return user != null && Checks.user(Fixtures.submittedUser(user.getId()), user) == null;
    }

    @Override
    public User getUser(long id) {
        CalibratedCost.spin(GET_USER);
        return Fixtures.user(id);
    }

    @Override
    public Page listUser(int pageNo) {
        CalibratedCost.spin(LIST_USER);
        return Fixtures.page(pageNo);
    }

    @Override
    public void ping() {
        CalibratedCost.spin(PING);
    }

    @Override
    public String echo(String text) {
        CalibratedCost.spin(ECHO);
        return text;
    }

    @Override
    public Person echoPerson(Person person) {
        CalibratedCost.spin(ECHO_PERSON);
        return person;
    }

    /** Sets the two fields in the message received and sends it back, as the seeds' server does. */
    @Override
    public BenchmarkMessage say(BenchmarkMessage message) {
        CalibratedCost.spin(SAY);
        message.setField1(Fixtures.SAID_FIELD1);
        message.setField2(Fixtures.SAID_FIELD2);
        return message;
    }

    /** Seed 003's concurrency scene: the work on the text, done on every call. */
    @Override
    public String assemble(String text) {
        CalibratedCost.spin(ASSEMBLE);
        return Fixtures.assemble(text);
    }

    @Override
    public Map<String, Person> echoPersons(Map<String, Person> persons) {
        CalibratedCost.spin(ECHO_PERSONS);
        return persons;
    }
}
