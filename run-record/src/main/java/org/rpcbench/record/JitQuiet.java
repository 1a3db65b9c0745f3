package org.rpcbench.record;

/**
 * When a warm-up may end: once, in each of the last {@value #QUIET_WINDOWS} windows, neither side's JIT
 * compiler spent more than {@value #SHARE} of the window compiling. Compile time, not throughput: here a
 * fresh pair of JVMs plateaus at a third of its final rate for ten seconds or more while C2 works through
 * its queue, and a rule watching throughput alone stops on that plateau. A side whose compile time cannot
 * be read (a server on another host, or not a JVM) is left out of the rule.
 */
public final class JitQuiet {
    public static final double SHARE = 0.10;
    public static final int QUIET_WINDOWS = 2;

    private int quietInARow;

    /**
     * One window's readings.
     *
     * @param clientJitNanos compile time the client spent in the window, or a negative number when unknown
     * @param serverJitNanos the same for the server
     * @return true when the warm-up may end
     */
    public boolean window(long windowNanos, long clientJitNanos, long serverJitNanos) {
        boolean quiet = quiet(clientJitNanos, windowNanos) && quiet(serverJitNanos, windowNanos);
        quietInARow = quiet ? quietInARow + 1 : 0;
        return quietInARow >= QUIET_WINDOWS;
    }

    private static boolean quiet(long jitNanos, long windowNanos) {
        return jitNanos < 0 || jitNanos <= SHARE * windowNanos;
    }
}
