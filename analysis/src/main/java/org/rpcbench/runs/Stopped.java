package org.rpcbench.runs;

/** What a start says once the program has been told to stop: nothing starts after a stop. */
public final class Stopped extends Exception {
    private static final long serialVersionUID = 1L;

    public Stopped() {
        super("stopped", null, false, false);
    }
}
