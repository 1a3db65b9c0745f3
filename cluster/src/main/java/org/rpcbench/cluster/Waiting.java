package org.rpcbench.cluster;

import java.time.Duration;
import java.util.function.LongSupplier;

/**
 * How the coordinator waits: how often it looks, how long the server may take to be ready and the
 * objects to be gone, and the clock and the pause it uses (a test gives its own, and moves the cluster on
 * in the pause).
 */
public record Waiting(Duration poll, Duration serverReady, Duration cleanup, LongSupplier clockMillis, Pause pause) {
    /** Waits between two looks at the cluster. */
    @FunctionalInterface
    public interface Pause {
        void pause(Duration d) throws InterruptedException;
    }

    /** Looks every 2 s; the server may take 5 minutes (scheduling, pulling the image), the cleanup 2. */
    public static Waiting real() {
        return new Waiting(Duration.ofSeconds(2), Duration.ofMinutes(5), Duration.ofMinutes(2), System::currentTimeMillis,
                d -> Thread.sleep(d.toMillis()));
    }
}
