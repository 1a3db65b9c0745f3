package org.rpcbench.binding;

/** A binding's fixed identity, its name and default port, for bindings that have nothing else to share. */
public abstract class NamedBinding implements Binding {
    private final String name;
    private final int defaultPort;

    protected NamedBinding(String name, int defaultPort) {
        this.name = name;
        this.defaultPort = defaultPort;
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final int defaultPort() {
        return defaultPort;
    }
}
