package org.rpcbench.binding;

import java.util.concurrent.Callable;
import java.util.function.Function;

/**
 * One prepared request: {@link #call()} is the measured part, {@link #check} runs after the clock
 * stopped. A binding for an IDL protocol reads its native answer in {@code check}.
 */
public interface Exchange {

    /** Sends the request and waits for the answer. */
    Object call() throws Exception;

    /** {@code null} when the answer is right, otherwise one line on what is wrong. */
    String check(Object answer);

    static Exchange of(Callable<Object> call, Function<Object, String> check) {
        return new Exchange() {
            @Override
            public Object call() throws Exception {
                return call.call();
            }

            @Override
            public String check(Object answer) {
                return check.apply(answer);
            }
        };
    }
}
