package org.rpcbench.rig;

import java.util.List;
import org.rpcbench.binding.ClientBinding;
import org.rpcbench.binding.Connection;
import org.rpcbench.binding.Exchange;
import org.rpcbench.binding.Target;
import org.rpcbench.cases.Case;

/**
 * One checked call of every case before JMH forks anything: a server that is down, deaf, or speaking
 * another protocol is reported in one line within a bounded time, instead of through a parade of
 * failing forks.
 */
public final class Preflight {

    private Preflight() {}

    /** Returns null when every case answered correctly, otherwise one line saying what went wrong. */
    public static String check(ClientBinding binding, Target target, List<Case> cases, long deadlineMillis) {
        // A cold server's first answer can be slow (seen: over 5 s for Triple's HTTP/1.1 path on a busy
        // machine); that is not a failure, so the calls here may take the whole deadline.
        Target patient = new Target(target.host(), target.port(), (int) Math.max(target.timeoutMillis(), deadlineMillis));
        Bounded.Outcome<String> outcome = Bounded.call("rpc-bench-preflight", deadlineMillis, () -> callEachCase(binding, patient, cases));
        return outcome.problem() != null ? outcome.problem() : outcome.value();
    }

    private static String callEachCase(ClientBinding binding, Target target, List<Case> cases) throws Exception {
        try (Connection connection = binding.connect(target)) {
            for (Case c : cases) {
                Exchange exchange = connection.prepare(c, 0);
                String problem = exchange.check(exchange.call());
                if (problem != null) {
                    return c.method() + " gave a wrong answer: " + problem;
                }
            }
            return null;
        }
    }
}
