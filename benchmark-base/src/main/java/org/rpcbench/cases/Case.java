package org.rpcbench.cases;

import java.util.Arrays;
import java.util.List;
import java.util.function.IntFunction;
import java.util.stream.Collectors;

/**
 * The measured cases, each declared here once: its name, the {@link Operation} it calls and how request
 * number {@code seq} is built from the {@link Fixtures}. The name is the case's name everywhere: in JMH
 * benchmark names, in run records and in summaries. Most are one {@link org.rpcbench.contract.UserService}
 * method each; the string echoes are one method ({@code echo}) at five payload sizes. Every binding carries
 * every case through its operation, but for the operations of the Java interface alone, which the bindings of
 * an IDL refuse ({@link Operation#twinned()}); docs/adding.md's "Adding a case" says what a new one touches.
 */
public enum Case {
    EXIST_USER("existUser", Operation.EXIST_USER, Fixtures::existUserRequest),
    CREATE_USER("createUser", Operation.CREATE_USER, Fixtures::createUserRequest),
    GET_USER("getUser", Operation.GET_USER, Fixtures::getUserRequest),
    LIST_USER("listUser", Operation.LIST_USER, Fixtures::listUserRequest),
    /** Seed 000's "no argument, no return". */
    PING("ping", Operation.PING, seq -> null),
    /** Seed 003's echoes: a string of 1 KB, 50 KB and 200 KB (UTF-8 bytes), and a ~1 KB nested object. */
    ECHO_1K("echo1K", 1024),
    ECHO_50K("echo50K", 50 * 1024),
    ECHO_200K("echo200K", 200 * 1024),
    ECHO_POJO("echoPojo", Operation.ECHO_PERSON, Fixtures::person),
    /** Seeds 002/004: the BenchmarkMessage round trip. */
    SAY("say", Operation.SAY, Fixtures::benchmarkMessage),
    /**
     * Seed 003's other scenes: the smallest payload of its high-pressure scene (20 B, beside the 1 KB, 50 KB
     * and 200 KB echoes), and the 5 KB string of its stability scene.
     */
    ECHO_20B("echo20B", 20),
    ECHO_5K("echo5K", 5 * 1024),
    /**
     * Seed 003's concurrency scene: the server's work per call on a 1 KB text ({@link Fixtures#assemble}); and
     * the third call of its stability scene, a map of three persons. The Java interface's alone
     * ({@link Operation#twinned()}).
     */
    ASSEMBLE_1K("assemble1K", Operation.ASSEMBLE, seq -> Fixtures.echoText(1024, seq)),
    ECHO_PERSONS("echoPersons", Operation.ECHO_PERSONS, Fixtures::persons);

    /**
     * What a run measures when no case is named: seed 001's four UserService calls. The other cases are
     * chosen by name (or by a JMH pattern such as {@code echo}), as the suites for their seeds do.
     */
    public static final List<Case> DEFAULT = List.of(EXIST_USER, CREATE_USER, GET_USER, LIST_USER);

    private final String method;
    private final Operation operation;
    private final IntFunction<Object> argument;
    private final int echoBytes;

    Case(String method, Operation operation, IntFunction<Object> argument) {
        this(method, operation, argument, 0);
    }

    /** A string echo of {@code bytes} UTF-8 bytes. */
    Case(String method, int bytes) {
        this(method, Operation.ECHO, seq -> Fixtures.echoText(bytes, seq), bytes);
    }

    Case(String method, Operation operation, IntFunction<Object> argument, int echoBytes) {
        this.method = method;
        this.operation = operation;
        this.argument = argument;
        this.echoBytes = echoBytes;
    }

    /** The case's name: its JMH benchmark method's. */
    public String method() {
        return method;
    }

    public Operation operation() {
        return operation;
    }

    /** The argument of request number {@code seq} (from 0), in the contract's types: a new one per call. */
    public Object argument(int seq) {
        return argument.apply(seq);
    }

    /** The echo payload's size in UTF-8 bytes, for the string echoes; 0 for every other case. */
    public int echoBytes() {
        return echoBytes;
    }

    /** The case measured by a JMH benchmark, from its name (a method name, or a fully qualified one). */
    public static Case ofBenchmark(String benchmark) {
        String method = benchmark.substring(benchmark.lastIndexOf('.') + 1);
        Case c = named(method);
        if (c != null) {
            return c;
        }
        throw new IllegalArgumentException("no case named '" + method + "'; cases are " + names());
    }

    /** The case of that method name, or null. */
    public static Case named(String method) {
        for (Case c : values()) {
            if (c.method.equals(method)) {
                return c;
            }
        }
        return null;
    }

    public static String names() {
        return Arrays.stream(values()).map(Case::method).collect(Collectors.joining(", "));
    }
}
