package org.rpcbench.rig;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.rpcbench.binding.ClientBinding;
import org.rpcbench.binding.Connection;
import org.rpcbench.binding.Exchange;
import org.rpcbench.binding.Target;
import org.rpcbench.cases.Case;
import org.rpcbench.checks.Problems;
import org.rpcbench.record.WireSize;

/**
 * Measures the bytes each case puts on the wire, both ways, through the binding itself: a loopback relay
 * in front of the server counts what passes while one connection makes the same calls one at a time.
 * ({@link Relay}). What it counts is everything the protocol sends (framing, headers, serialized body), averaged over
 * whole cycles of the seat's distinct requests (the run's calls cycle through the same ones), after a few calls that
 * pay for connection set-up.
 *
 * <p>This runs before the benchmark, on a connection of its own; nothing of it is on the measured path.
 * A protocol that reaches the server around the relay (RMI's stubs carry the server's own address)
 * shows no traffic, and its sizes are reported as not measured rather than as zero.
 */
public final class WireMeter implements AutoCloseable {
    static final int SETTLING_CALLS = 5;
    /** Each of a seat's distinct requests twice: the mean weighs every one of them alike. */
    static final int COUNTED_CALLS = 2 * PreparedRequests.PER_SEAT;
    /** Connections the sizing may take before a failed call stops it (see {@link #measure}). */
    static final int TRIES = 3;

    private final AtomicLong up = new AtomicLong();
    private final AtomicLong down = new AtomicLong();
    private final Relay relay;

    /** A counting relay on a free loopback port to {@code upstream}. */
    public WireMeter(InetSocketAddress upstream) throws IOException {
        this.relay = new Relay(upstream, (toServer, chunk, length) -> (toServer ? up : down).addAndGet(length));
    }

    public int port() {
        return relay.port();
    }

    /**
     * Sizes of every case, or a map holding null for the cases whose calls did not cross the relay.
     *
     * @throws Exception when the binding cannot connect through the relay or a call fails
     */
    public static Map<Case, WireSize> measure(ClientBinding binding, Target target, List<Case> cases) throws Exception {
        return measure(binding, target, cases, why -> {});
    }

    /**
     * As {@link #measure(ClientBinding, Target, List)}, but a call that failed by a defect its binding names
     * ({@link ClientBinding#knownDefect}: Dubbo's HTTP/1 server now and then never answers one; any other failure
     * ends the sizing at once) costs the case being sized a new relay and connection, at most {@value #TRIES} in all, each said
     * to {@code retried}: the cases sized before it keep their sizes, and no byte of the failed connection is counted.
     * The run's own calls are checked apart; the sizes are no verdict's.
     */
    public static Map<Case, WireSize> measure(ClientBinding binding, Target target, List<Case> cases, Consumer<String> retried)
            throws Exception {
        Map<Case, WireSize> sizes = new LinkedHashMap<>();
        List<Case> left = new ArrayList<>(cases);
        for (int attempt = 1; !left.isEmpty(); attempt++) {
            try (WireMeter meter = new WireMeter(new InetSocketAddress(target.host(), target.port()));
                 Connection connection = binding.connect(new Target("127.0.0.1", meter.port(), target.timeoutMillis()))) {
                while (!left.isEmpty()) {
                    sizes.put(left.get(0), meter.size(connection, left.get(0)));
                    left.remove(0);
                }
            } catch (Exception e) {
                if (attempt >= TRIES || !binding.knownDefect(e)) {
                    throw e;
                }
                retried.accept(left.get(0).method() + ": " + Problems.describe(e));
            }
        }
        return sizes;
    }

    WireSize size(Connection connection, Case c) throws Exception {
        Exchange[] exchanges = PreparedRequests.forSeat(connection, c, 0);
        for (int i = 0; i < SETTLING_CALLS; i++) {
            call(exchanges[i % exchanges.length]);
        }
        long upBefore = up.get();
        long downBefore = down.get();
        for (int i = 0; i < COUNTED_CALLS; i++) {
            call(exchanges[i % exchanges.length]);
        }
        long sent = up.get() - upBefore;
        long received = down.get() - downBefore;
        if (sent == 0 || received == 0) {
            return null;
        }
        return new WireSize((double) sent / COUNTED_CALLS, (double) received / COUNTED_CALLS);
    }

    private static void call(Exchange exchange) throws Exception {
        String problem = exchange.check(exchange.call());
        if (problem != null) {
            throw new IllegalStateException("wrong answer while measuring sizes: " + problem);
        }
    }

    @Override
    public void close() {
        relay.close();
    }
}
