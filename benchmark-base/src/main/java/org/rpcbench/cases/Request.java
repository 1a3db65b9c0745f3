package org.rpcbench.cases;

import java.util.function.Function;
import org.rpcbench.checks.ClientClock;

/**
 * Request number {@code seq} of a case in the contract's types: the argument sent and the right answer,
 * built before measurement. The answer is worked out from a second copy of the argument, so a server in
 * the same process that changes what it is handed cannot change the expectation too.
 */
public record Request(Case of, Object argument, Object expected) {

    public static Request of(Case c, int seq) {
        return new Request(c, c.argument(seq), c.operation().answer(c.argument(seq)));
    }

    public Operation operation() {
        return of.operation();
    }

    /** The check of an answer in the contract's types ({@link Operation#check}). */
    public Function<Object, String> check(ClientClock clock) {
        return operation().check(argument, expected, clock);
    }
}
