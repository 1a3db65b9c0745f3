package org.rpcbench.launcher;

import java.io.PrintStream;
import java.util.List;
import org.rpcbench.binding.ClientBinding;
import org.rpcbench.cases.Case;
import org.rpcbench.rig.Preflight;

/**
 * Before a run: one checked call of each case to be measured, and what it means for the run's exit code.
 * 0 when each answered right; with the reason said, 3 when the server cannot be benchmarked at all (not up,
 * deaf, another protocol), 1 when it is up and speaks the protocol but fails a case (it throws, or answers
 * wrongly): a failed run, not a missing server.
 */
final class ServerCheck {
    static final long DEADLINE_MILLIS = 10_000;

    private ServerCheck() {}

    static int exitCode(ClientBinding binding, ClientOptions given, List<Case> cases, PrintStream err) {
        Preflight.Result result = Preflight.check(binding, given.target(), cases, DEADLINE_MILLIS);
        if (result.passed()) {
            return 0;
        }
        if (result.serves()) {
            err.println("rpc-bench client: run FAILED: the " + binding.name() + " server at " + given.target() + " answers, but "
                    + result.problem());
            return 1;
        }
        err.println("rpc-bench client: cannot benchmark " + binding.name() + " at " + given.target() + ": " + result.problem());
        return 3;
    }
}
