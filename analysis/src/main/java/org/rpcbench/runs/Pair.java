package org.rpcbench.runs;

/**
 * A pair as {@code pairs/NAME.properties} declares it: its name, what it runs on, and its own port.
 *
 * @param runtime {@code java} or {@code go}
 */
public record Pair(String name, String runtime, int port) {
    public boolean go() {
        return "go".equals(runtime);
    }

    /** The Maven modules that build it: its two halves, or the Go module. */
    public java.util.List<String> modules() {
        return go() ? java.util.List.of("go") : java.util.List.of(name + "-server", name + "-client");
    }
}
