package org.rpcbench.cases;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The measured cases. The name is the case's name everywhere: in JMH benchmark names, in run records
 * and in summaries. Most are one {@link org.rpcbench.contract.UserService} method each; the string echoes
 * are one method ({@code echo}) at five payload sizes.
 */
public enum Case {
    EXIST_USER("existUser"),
    CREATE_USER("createUser"),
    GET_USER("getUser"),
    LIST_USER("listUser"),
    /** Seed 000's "no argument, no return". */
    PING("ping"),
    /** Seed 003's echoes: a string of 1 KB, 50 KB and 200 KB (UTF-8 bytes), and a ~1 KB nested object. */
    ECHO_1K("echo1K"),
    ECHO_50K("echo50K"),
    ECHO_200K("echo200K"),
    ECHO_POJO("echoPojo"),
    /** Seeds 002/004: the BenchmarkMessage round trip. */
    SAY("say"),
    /**
     * Seed 003's other scenes: the smallest payload of its high-pressure scene (20 B, beside the 1 KB, 50 KB
     * and 200 KB echoes), and the 5 KB string of its stability scene.
     */
    ECHO_20B("echo20B"),
    ECHO_5K("echo5K");

    /**
     * What a run measures when no case is named: seed 001's four UserService calls. The other cases are
     * chosen by name (or by a JMH pattern such as {@code echo}), as the suites for their seeds do.
     */
    public static final List<Case> DEFAULT = List.of(EXIST_USER, CREATE_USER, GET_USER, LIST_USER);

    private final String method;

    Case(String method) {
        this.method = method;
    }

    public String method() {
        return method;
    }

    /** The echo payload's size in UTF-8 bytes, for the string echoes; 0 for every other case. */
    public int echoBytes() {
        return switch (this) {
            case ECHO_20B -> 20;
            case ECHO_1K -> 1024;
            case ECHO_5K -> 5 * 1024;
            case ECHO_50K -> 50 * 1024;
            case ECHO_200K -> 200 * 1024;
            default -> 0;
        };
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
