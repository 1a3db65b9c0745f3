package org.rpcbench.rig;

import org.rpcbench.binding.Connection;
import org.rpcbench.binding.Exchange;
import org.rpcbench.cases.Case;

/**
 * The requests a caller cycles through, prepared before it calls: a few distinct ones per seat (a benchmark
 * thread, an open-loop sender, a warm-up caller), each seat's its own, so that no cache answers them and
 * no request is built while a call is timed.
 */
public final class PreparedRequests {
    /** Distinct prepared requests per seat: enough to defeat caching, few enough to stay in cache. */
    public static final int PER_SEAT = 16;

    private PreparedRequests() {}

    /** The requests of seat {@code seat}, numbered from {@code seat * PER_SEAT} so that no two seats share one. */
    public static Exchange[] forSeat(Connection connection, Case c, int seat) {
        Exchange[] exchanges = new Exchange[PER_SEAT];
        for (int i = 0; i < exchanges.length; i++) {
            exchanges[i] = connection.prepare(c, seat * PER_SEAT + i);
        }
        return exchanges;
    }
}
