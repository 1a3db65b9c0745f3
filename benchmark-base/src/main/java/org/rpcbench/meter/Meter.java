package org.rpcbench.meter;

/**
 * A process's meters as the client reads them at a window's edges: on this host from {@code /proc}
 * ({@link ProcessMeter}), or from another host over the server's meter endpoint ({@link MeterClient}),
 * which itself reads with a {@link ProcessMeter}.
 */
public interface Meter {
    /** What the process has used since it started, now; figures not known are -1. */
    ProcessReading read();

    /** How long the process's JIT compilers have spent compiling since it started, in ns; -1 when not known. */
    long jitNanos();

    /**
     * Why this meter stopped answering ("the server's meter at 10.0.0.7:7071 failed (Connection reset)"), or null
     * while it answers; a meter that cannot fail (one of this host's processes) never says. Once said, every later
     * reading is unknown.
     */
    default String lost() {
        return null;
    }
}
