package org.rpcbench.binding;

import java.util.List;
import java.util.Map;

/** What both halves of a pair state about themselves; they must agree. */
public interface Binding {

    /** The pair's name, e.g. {@code dubbo-hessian}, as pairs/NAME.properties declares it. */
    default String name() {
        return PairIdentity.of(getClass()).name();
    }

    /** The port the server uses when none is given, as the pair declares it. */
    default int defaultPort() {
        return PairIdentity.of(getClass()).port();
    }

    /** Framework, protocol, serialization and the framework settings that matter for fairness. */
    Map<String, String> settings();

    /** The framework settings a run may change; the values in effect belong in {@link #settings()}. */
    default List<Switch> switches() {
        return List.of();
    }
}
