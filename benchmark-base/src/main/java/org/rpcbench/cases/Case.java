package org.rpcbench.cases;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * The measured cases, one per {@link org.rpcbench.contract.UserService} method. The method name is
 * the case's name everywhere: in JMH benchmark names, in run records and in summaries.
 */
public enum Case {
    EXIST_USER("existUser"),
    CREATE_USER("createUser"),
    GET_USER("getUser"),
    LIST_USER("listUser");

    private final String method;

    Case(String method) {
        this.method = method;
    }

    public String method() {
        return method;
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
