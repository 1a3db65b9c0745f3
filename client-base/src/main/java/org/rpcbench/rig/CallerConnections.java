package org.rpcbench.rig;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import org.rpcbench.binding.ClientBinding;
import org.rpcbench.binding.Connection;
import org.rpcbench.binding.Target;
import org.rpcbench.checks.Problems;

/**
 * How a fork's callers reach the server: through one connection they all share (the design card's Dubbo
 * scenes: 32 threads over one connection), or each through a connection of its own, its own
 * {@link ClientBinding#connect}, as seed 002's and 004's clients dialled one client per goroutine. A
 * caller's own connection is opened on the caller's thread the first time it asks (a binding may tie a
 * connection to the thread that prepares on it, as thrift's does), at most {@link #DIALS_AT_ONCE} at a
 * time: a thousand at once would overflow a server's accept backlog (Java's default is 50), and a
 * dropped SYN is retried only a second later; and opening a Java framework's client is CPU work (a
 * Dubbo runtime, a gRPC channel's first call through cold code), so more at once than the cores can
 * run makes each take longer, until the last ones overrun the call timeout their first call has.
 */
public final class CallerConnections implements AutoCloseable {
    public static final int DIALS_AT_ONCE = Math.max(4, 2 * Runtime.getRuntime().availableProcessors());

    private final Connection shared;
    private final ClientBinding binding;
    private final Target target;
    private final Semaphore dials = new Semaphore(DIALS_AT_ONCE);
    private final Map<Integer, Connection> own = new ConcurrentHashMap<>();

    private CallerConnections(Connection shared, ClientBinding binding, Target target) {
        this.shared = shared;
        this.binding = binding;
        this.target = target;
    }

    /** Every caller on this one connection; closing closes it. */
    public static CallerConnections shared(Connection connection) {
        return new CallerConnections(connection, null, null);
    }

    /** Each caller on a connection of its own, opened when it first asks. */
    public static CallerConnections perCaller(ClientBinding binding, Target target) {
        return new CallerConnections(null, binding, target);
    }

    public boolean perCaller() {
        return shared == null;
    }

    /**
     * The connection of caller {@code caller}: the shared one, or its own, opened now on this thread if it
     * has none yet. Throws, naming the caller, when its connection cannot be opened.
     */
    public Connection of(int caller) {
        if (shared != null) {
            return shared;
        }
        Connection mine = own.get(caller);
        if (mine != null) {
            return mine;
        }
        try {
            dials.acquire();
            try {
                mine = binding.connect(target);
            } finally {
                dials.release();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("caller " + caller + " was stopped while opening its connection", e);
        } catch (Exception e) {
            throw new IllegalStateException("caller " + caller + " could not open its own connection to " + target + ": "
                    + Problems.describe(e), e);
        }
        Connection before = own.putIfAbsent(caller, mine);
        if (before != null) {
            mine.close();
            return before;
        }
        return mine;
    }

    /** The connections opened so far: 1 when shared. */
    public int opened() {
        return shared != null ? 1 : own.size();
    }

    /** Closes every connection; the first failure is thrown once all were tried. */
    @Override
    public void close() {
        List<Connection> all = shared != null ? List.of(shared) : new ArrayList<>(own.values());
        own.clear();
        RuntimeException first = null;
        for (Connection c : all) {
            try {
                c.close();
            } catch (RuntimeException e) {
                first = first == null ? e : first;
            }
        }
        if (first != null) {
            throw first;
        }
    }
}
