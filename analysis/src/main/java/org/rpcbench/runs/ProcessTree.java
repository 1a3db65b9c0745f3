package org.rpcbench.runs;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Stops processes with everything below them (a client's JMH forks, a server's helpers): SIGTERM to every
 * one, so that each can finish what it writes (a client records the cases that finished), then SIGKILL to
 * any still there when the grace period ends; each is waited for. The tree is looked at again while the
 * grace period runs, so that a child started just as the stop came (a fork) is stopped too.
 */
public final class ProcessTree {
    /** How long a process has to end after SIGTERM before it is killed. */
    public static final Duration GRACE = Duration.ofSeconds(10);
    private static final long LOOK_AGAIN_MILLIS = 100;

    private ProcessTree() {}

    /** Stops these processes and their descendants; returns once every one of them has ended. */
    public static void stop(List<ProcessHandle> roots, Duration grace) {
        Set<ProcessHandle> all = new LinkedHashSet<>();
        long deadline = System.nanoTime() + grace.toNanos();
        boolean killed = false;
        while (true) {
            List<ProcessHandle> seen = new ArrayList<>();
            for (ProcessHandle root : roots) {
                root.descendants().forEach(seen::add); // children before their parents
                seen.add(root);
            }
            for (ProcessHandle p : seen) {
                if (all.add(p) || killed) {
                    if (killed) {
                        p.destroyForcibly();
                    } else {
                        p.destroy();
                    }
                }
            }
            if (all.stream().noneMatch(ProcessHandle::isAlive)) {
                return;
            }
            if (!killed && System.nanoTime() > deadline) {
                killed = true; // the grace period is over: what is left is killed, and waited for below
                all.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
                deadline = System.nanoTime() + grace.toNanos();
            } else if (killed && System.nanoTime() > deadline) {
                return; // a process SIGKILL cannot end (uninterruptible sleep): nothing more can be done
            }
            for (ProcessHandle p : all) {
                try {
                    p.onExit().get(LOOK_AGAIN_MILLIS, TimeUnit.MILLISECONDS);
                } catch (TimeoutException e) {
                    break; // look at the tree again
                } catch (ExecutionException e) {
                    // cannot be waited for: isAlive answers
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }
}
