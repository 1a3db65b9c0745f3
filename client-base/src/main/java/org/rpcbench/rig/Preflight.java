package org.rpcbench.rig;

import java.util.List;
import org.rpcbench.binding.ClientBinding;
import org.rpcbench.binding.Connection;
import org.rpcbench.binding.Exchange;
import org.rpcbench.binding.Target;
import org.rpcbench.cases.Case;
import org.rpcbench.checks.Problems;

/**
 * One checked call of every case before JMH forks anything: a server that is down, deaf, or speaking
 * another protocol is reported in one line within a bounded time, instead of through a parade of
 * failing forks. A server that is up and speaks the protocol but fails a case (it throws, or answers
 * wrongly) is told apart from one that cannot be reached: that is a failed run, not a missing server.
 */
public final class Preflight {

    /**
     * What the calls found.
     *
     * @param problem null when every case answered right, otherwise one line saying what went wrong
     * @param serves whether the server answered some call right on the connection (a case, or a ping after a
     *     case failed): it is up and speaks the protocol
     */
    public record Result(String problem, boolean serves) {
        public boolean passed() {
            return problem == null;
        }
    }

    /**
     * How long the client's own connection may take to open, apart from the calls' deadline. Opening it
     * starts the framework's client in this fresh JVM (Dubbo's: 3 to 4 s here when the machine is quiet), and
     * on a loaded machine that alone took the whole 10 s that the calls have, so a server that was up was
     * taken for one that was not. A port where nothing listens is refused at once all the same.
     */
    public static final long CONNECT_MILLIS = 30_000;

    private Preflight() {}

    /** @param deadlineMillis how long the calls may take, once the connection is open */
    public static Result check(ClientBinding binding, Target target, List<Case> cases, long deadlineMillis) {
        // A cold server's first answer can be slow (seen: over 5 s for Triple's HTTP/1.1 path on a busy
        // machine); that is not a failure, so the calls here may take the whole deadline.
        Target patient = new Target(target.host(), target.port(), (int) Math.max(target.timeoutMillis(), deadlineMillis));
        Bounded.Outcome<Connection> opened = Bounded.call("rpc-bench-preflight-connect", CONNECT_MILLIS,
                "its connection did not open within " + CONNECT_MILLIS / 1000 + " s", () -> binding.connect(patient));
        if (opened.problem() != null) {
            return new Result(opened.problem(), false);
        }
        Bounded.Outcome<Result> outcome = Bounded.call("rpc-bench-preflight", deadlineMillis, () -> callEachCase(opened.value(), cases));
        return outcome.problem() != null ? new Result(outcome.problem(), false) : outcome.value();
    }

    private static Result callEachCase(Connection opened, List<Case> cases) throws Exception {
        try (Connection connection = opened) {
            boolean answered = false;
            for (Case c : cases) {
                String problem;
                try {
                    Exchange exchange = connection.prepare(c, 0);
                    problem = exchange.check(exchange.call());
                    problem = problem == null ? null : "gave a wrong answer: " + problem;
                } catch (Exception e) {
                    problem = "failed: " + Problems.rootCause(e);
                }
                if (problem != null) {
                    String line = c.method() + " " + problem;
                    return new Result(line, answered || c != Case.PING && pings(connection));
                }
                answered = true;
            }
            return new Result(null, true);
        }
    }

    /** Whether the server answers a ping right on this connection. */
    private static boolean pings(Connection connection) {
        try {
            Exchange ping = connection.prepare(Case.PING, 0);
            return ping.check(ping.call()) == null;
        } catch (Exception | LinkageError e) {
            return false;
        }
    }
}
