package org.rpcbench.binding;

import java.util.List;
import java.util.Map;

/**
 * A client binding that is nothing but what it declares: a name, port 1, no settings and the switches
 * given. Tests of what is decided from those declarations use it as it is; a test that needs connections
 * of its own makes them in a subclass. Shared with client-base's tests through this module's test-jar.
 */
public class StubBinding implements ClientBinding {
    private final String name;
    private final List<Switch> switches;

    public StubBinding(String name, Switch... switches) {
        this.name = name;
        this.switches = List.of(switches);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public int defaultPort() {
        return 1;
    }

    @Override
    public Map<String, String> settings() {
        return Map.of();
    }

    @Override
    public List<Switch> switches() {
        return switches;
    }

    @Override
    public Connection connect(Target target) throws Exception {
        throw new UnsupportedOperationException(name + " is never connected here");
    }
}
