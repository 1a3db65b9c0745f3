package org.rpcbench.httpjson;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;
import org.rpcbench.checks.Problems;

/**
 * Runs a test again, at most twice more, only when it failed by Dubbo's HTTP/1 defect ({@link Http1Defect#isSignature}:
 * a call's failure whose root cause is the JDK's request timeout); any other failure fails the test at once.
 * Each run again is said on stderr and in the test report, by the test's name, so that it is seen and never
 * taken for a clean pass. The test method is called again on the same instance (the class's server and
 * connection stay up); a test that needs its per-test set-up again must not use this.
 */
public final class RerunOnHttp1Defect implements InvocationInterceptor {
    /** Runs in all, the first included. */
    static final int RUNS = 3;

    @Override
    public void interceptTestMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> call,
                                    ExtensionContext context) throws Throwable {
        Throwable failure;
        try {
            invocation.proceed();
            return;
        } catch (Throwable t) {
            failure = t;
        }
        Method method = call.getExecutable();
        method.setAccessible(true);
        for (int run = 2; run <= RUNS && Http1Defect.isSignature(failure); run++) {
            String said = context.getDisplayName() + " met Dubbo's HTTP/1 defect (" + Problems.describe(failure)
                    + "); running it again, " + run + " of " + RUNS;
            System.err.println("rpc-bench test: " + said);
            context.publishReportEntry("http1-defect", said);
            try {
                method.invoke(call.getTarget().orElse(null), call.getArguments().toArray());
                return;
            } catch (InvocationTargetException e) {
                failure = e.getCause();
            }
        }
        throw failure;
    }
}
