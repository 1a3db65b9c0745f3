package org.rpcbench.rig;

import java.util.concurrent.locks.LockSupport;

/**
 * A clock that can also wait: what an open-loop sender needs to keep its schedule. Injected, so the
 * schedule and its coordinated-omission correction are tested with a clock that moves only when told.
 */
public interface PacingClock extends NanoClock {

    /** Returns no earlier than {@code deadline} (in {@link #nanoTime()}'s terms). */
    void waitUntil(long deadline);

    PacingClock SYSTEM = new PacingClock() {
        @Override
        public long nanoTime() {
            return System.nanoTime();
        }

        @Override
        public void waitUntil(long deadline) {
            // parkNanos may return early (spuriously, or on interrupt); only the deadline ends the wait
            for (long left = deadline - System.nanoTime(); left > 0; left = deadline - System.nanoTime()) {
                LockSupport.parkNanos(left);
                if (Thread.currentThread().isInterrupted()) {
                    return;
                }
            }
        }
    };
}
