package org.rpcbench.rig;

import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.rpcbench.checks.Problems;

/**
 * Work against a server that must end within a deadline. It runs on a daemon thread, so that a server that
 * never answers can hold up neither the launcher nor the JVM's exit.
 */
public final class Bounded {
    /** The work's value, or, when it failed or ran out of time, one line saying so. */
    public record Outcome<T>(T value, String problem) {}

    private Bounded() {}

    public static <T> Outcome<T> call(String threadName, long deadlineMillis, Callable<T> work) {
        return call(threadName, deadlineMillis, "no answer within " + deadlineMillis / 1000 + " s", work);
    }

    /** @param lateProblem the line when the deadline passes first */
    public static <T> Outcome<T> call(String threadName, long deadlineMillis, String lateProblem, Callable<T> work) {
        ExecutorService runner = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, threadName);
            t.setDaemon(true);
            return t;
        });
        Future<T> future = runner.submit(work);
        try {
            return new Outcome<>(future.get(deadlineMillis, TimeUnit.MILLISECONDS), null);
        } catch (TimeoutException e) {
            future.cancel(true);
            return new Outcome<>(null, lateProblem);
        } catch (ExecutionException e) {
            return new Outcome<>(null, Problems.rootCause(e.getCause()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Outcome<>(null, "interrupted");
        } finally {
            runner.shutdownNow();
        }
    }
}
