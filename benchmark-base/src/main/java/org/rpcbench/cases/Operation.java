package org.rpcbench.cases;

import java.lang.reflect.Type;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Function;
import org.rpcbench.checks.Checks;
import org.rpcbench.checks.ClientClock;
import org.rpcbench.contract.BenchmarkMessage;
import org.rpcbench.contract.Page;
import org.rpcbench.contract.Person;
import org.rpcbench.contract.User;
import org.rpcbench.contract.UserService;

/**
 * The contract's operations, one a {@link UserService} method: what a call sends and answers in the
 * contract's own types, the right answer as the server works it out from the same fixtures, and the check
 * an answer goes through. A {@link Case} is an operation with its request; the bindings ask the operation,
 * never the case, so a new case over an existing operation needs nothing from them.
 *
 * <p>The handles a binding calls per request ({@link #call}, {@link #check}) are made once, when a request
 * is prepared, and capture its values in their own types: the measured call is the binding's call itself.
 */
public enum Operation {
    EXIST_USER("existUser", Boolean.class),
    CREATE_USER("createUser", Boolean.class),
    GET_USER("getUser", User.class),
    LIST_USER("listUser", Page.class),
    PING("ping", Object.class),
    ECHO("echo", String.class),
    ECHO_PERSON("echoPerson", Person.class),
    SAY("say", BenchmarkMessage.class),
    /** Seed 003's concurrency scene: the server's work on a text. Not in the IDL twins. */
    ASSEMBLE("assemble", String.class),
    /** Seed 003's stability scene: a map of persons, echoed. Not in the IDL twins. */
    ECHO_PERSONS("echoPersons", personsType());

    private final String method;
    private final Type answerType;

    Operation(String method, Type answerType) {
        this.method = method;
        this.answerType = answerType;
    }

    /** {@code Map<String, Person>}, as a JSON decoder must be told it to make persons of the values. */
    private static Type personsType() {
        try {
            return UserService.class.getMethod("echoPersons", Map.class).getGenericReturnType();
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException("the contract lost echoPersons", e);
        }
    }

    /** The {@link UserService} method's name. */
    public String method() {
        return method;
    }

    /** What the method returns, in the contract's types with their type arguments (ping's nothing is {@code Object}). */
    public Type answerType() {
        return answerType;
    }

    /**
     * Whether the contract's IDL twins (protobuf's user_service.proto, Thrift's user_service.thrift, and so every
     * pair that speaks one of them) carry the operation. Seed 003's scene calls are the Java interface's alone: a
     * pair of an IDL says so and refuses their cases ({@link org.rpcbench.binding.ClientBinding#carries}).
     */
    public boolean twinned() {
        return this != ASSEMBLE && this != ECHO_PERSONS;
    }

    /** Whether the answer carries times the server stamps with its own clock (its users' createTime and updateTime). */
    public boolean stamped() {
        return this == GET_USER || this == LIST_USER;
    }

    /** Whether the right answer is the request itself. */
    public boolean echoes() {
        return this == ECHO || this == ECHO_PERSON || this == ECHO_PERSONS;
    }

    /** The call of {@code argument} on a contract service, ready to be made. */
    public Callable<Object> call(UserService service, Object argument) {
        return switch (this) {
            case EXIST_USER -> { String email = (String) argument; yield () -> service.existUser(email); }
            case CREATE_USER -> { User user = (User) argument; yield () -> service.createUser(user); }
            case GET_USER -> { long id = (Long) argument; yield () -> service.getUser(id); }
            case LIST_USER -> { int pageNo = (Integer) argument; yield () -> service.listUser(pageNo); }
            case PING -> () -> {
                service.ping();
                return null;
            };
            case ECHO -> { String text = (String) argument; yield () -> service.echo(text); }
            case ECHO_PERSON -> { Person person = (Person) argument; yield () -> service.echoPerson(person); }
            case SAY -> { BenchmarkMessage message = (BenchmarkMessage) argument; yield () -> service.say(message); }
            case ASSEMBLE -> { String text = (String) argument; yield () -> service.assemble(text); }
            case ECHO_PERSONS -> { Map<String, Person> persons = persons(argument); yield () -> service.echoPersons(persons); }
        };
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Person> persons(Object argument) {
        return (Map<String, Person>) argument;
    }

    /**
     * The right answer to {@code argument}, from the fixtures the server answers from. getUser's and
     * listUser's carry this call's clock readings; the server's will differ, which {@link #check} allows.
     * An echo's is the argument itself: give it a copy where the server may change what it is handed.
     */
    public Object answer(Object argument) {
        return switch (this) {
            case EXIST_USER -> Fixtures.exists((String) argument);
            case CREATE_USER -> Boolean.TRUE;
            case GET_USER -> Fixtures.user((Long) argument);
            case LIST_USER -> Fixtures.page((Integer) argument);
            case PING -> null;
            case ECHO, ECHO_PERSON, ECHO_PERSONS -> argument;
            case SAY -> Fixtures.said((BenchmarkMessage) argument);
            case ASSEMBLE -> Fixtures.assemble((String) argument);
        };
    }

    /**
     * The check of an answer in the contract's types: {@code null} when it is right, otherwise what is
     * wrong ({@link Checks}). The server's times are checked against {@code clock}.
     */
    public Function<Object, String> check(Object argument, Object expected, ClientClock clock) {
        return switch (this) {
            case EXIST_USER -> {
                String email = (String) argument;
                boolean exists = (Boolean) expected;
                yield answer -> Checks.existUser(email, exists, answer);
            }
            case CREATE_USER -> Checks::createUser;
            case GET_USER -> {
                User user = (User) expected;
                yield answer -> Checks.user(user, answer, clock);
            }
            case LIST_USER -> {
                Page page = (Page) expected;
                yield answer -> Checks.page(page, answer, clock);
            }
            case PING -> Checks::ping;
            case ECHO -> {
                String text = (String) expected;
                yield answer -> Checks.echo(text, answer);
            }
            case ECHO_PERSON -> {
                Person person = (Person) expected;
                yield answer -> Checks.person(person, answer);
            }
            case SAY -> {
                BenchmarkMessage said = (BenchmarkMessage) expected;
                yield answer -> Checks.say(said, answer);
            }
            case ASSEMBLE -> {
                String text = (String) argument;
                String assembled = (String) expected;
                yield answer -> Checks.assembled(text, assembled, answer);
            }
            case ECHO_PERSONS -> {
                Map<String, Person> persons = persons(expected);
                yield answer -> Checks.persons(persons, answer);
            }
        };
    }
}
