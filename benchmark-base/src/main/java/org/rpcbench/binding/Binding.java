package org.rpcbench.binding;

import java.util.Map;

/** What both halves of a pair state about themselves; they must agree. */
public interface Binding {

    /** The pair's name, e.g. {@code dubbo-hessian}. */
    String name();

    /** The port the server uses when none is given. */
    int defaultPort();

    /** Framework, protocol, serialization and the framework settings that matter for fairness. */
    Map<String, String> settings();
}
