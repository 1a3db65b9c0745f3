package org.rpcbench.launcher;

import java.util.List;
import org.rpcbench.binding.ClientBinding;
import org.rpcbench.cases.Case;

/**
 * The cases a pair cannot call at all: those of an operation its protocol's contract lacks (seed 003's scene
 * calls are the Java interface's, not the IDL twins'). Refused before the server is asked anything, as bad
 * input: the run could only fail them.
 */
final class Carried {
    private Carried() {}

    /** One line naming the cases {@code binding} does not carry, or null when it carries all of them. */
    static String refusal(ClientBinding binding, List<Case> cases) {
        List<String> not = cases.stream().filter(c -> !binding.carries(c.operation())).map(Case::method).toList();
        if (not.isEmpty()) {
            return null;
        }
        return binding.name() + " does not carry " + String.join(", ", not) + ": only the pairs calling the contract's Java"
                + " interface do (its IDL twin has no such call); leave "
                + (not.size() == 1 ? "it" : "them") + " out (a JMH pattern can, with -e)";
    }
}
