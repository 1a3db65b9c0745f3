package org.rpcbench.rig;

import java.time.Duration;

/**
 * What an open-loop run was asked for, fixed before it starts.
 *
 * @param rate calls per second across all senders
 * @param senders threads sending on the one shared connection; each owns every n-th slot of the
 *     schedule, so at most this many calls are in flight, and a stalled sender delays only its own slots
 * @param warmup how long the schedule runs before timing starts
 * @param measure how long the timed window lasts
 */
public record OpenLoopPlan(double rate, int senders, Duration warmup, Duration measure) {
    public OpenLoopPlan {
        if (!(rate > 0) || senders < 1 || warmup.isNegative() || measure.isZero() || measure.isNegative()) {
            throw new IllegalArgumentException("an open-loop run needs a positive rate, senders and measurement time");
        }
    }

    /** Nanoseconds between consecutive slots of one sender. */
    double senderIntervalNanos() {
        return 1e9 * senders / rate;
    }
}
