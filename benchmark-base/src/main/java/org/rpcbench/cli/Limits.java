package org.rpcbench.cli;

/**
 * The limits of the quantities more than one program takes on its command line: benchmark.sh's CLI sets
 * them and hands them to the client and the server, which read them again. Each is declared here once, so
 * that {@code -t} and the client's {@code --concurrency} (or {@code -r} and {@code --rate}, {@code -p} and
 * {@code --port}) cannot come to disagree.
 */
public final class Limits {
    /** Calls in flight at once, on one connection. */
    public static final int MAX_CONCURRENCY = 100_000;
    /** An open loop's calls per second. */
    public static final int MAX_RATE = 10_000_000;
    /** A TCP port; 0 asks for any free one. */
    public static final int MAX_PORT = 65_535;

    private Limits() {}
}
