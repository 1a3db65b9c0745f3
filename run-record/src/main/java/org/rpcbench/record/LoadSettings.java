package org.rpcbench.record;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * The closed loop's settings (run.json's {@code jmh}): JMH's, or the same quantities for a load client of
 * another language that drives the same kind of loop ({@code harness} names it).
 *
 * @param threads calls in flight: benchmark threads (or goroutines), each waiting for its answer
 * @param requests for a fixed-count run (seed 002's "one million requests"): the calls per case in all
 * @param clients for a record merged from several client hosts: how many
 * @param connections the client connections the callers had (per fork, per client host): one per caller when each
 *     dialled its own, 1 when all shared one; null in records written before it was kept
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record LoadSettings(String harness, String jmhVersion, String mode, int threads, int forks, Integer warmupIterations,
                           String warmupTime, Integer measurementIterations, String measurementTime, String jvm,
                           List<String> jvmArgs, Integer callTimeoutMillis, Long requests, Integer clients,
                           Integer threadsInAll, Integer connections) {

    /** Settings of a client that did not record its connections. */
    public LoadSettings(String harness, String jmhVersion, String mode, int threads, int forks, Integer warmupIterations,
                        String warmupTime, Integer measurementIterations, String measurementTime, String jvm,
                        List<String> jvmArgs, Integer callTimeoutMillis, Long requests, Integer clients, Integer threadsInAll) {
        this(harness, jmhVersion, mode, threads, forks, warmupIterations, warmupTime, measurementIterations, measurementTime, jvm,
                jvmArgs, callTimeoutMillis, requests, clients, threadsInAll, null);
    }

    /**
     * The settings two runs must share to be compared: everything but where the JVM binary lies, and the
     * connection count, which the framework settings' "connections" already describe (so that a record that
     * counts them digests as one written before they were counted).
     */
    public LoadSettings comparable() {
        return new LoadSettings(harness, jmhVersion, mode, threads, forks, warmupIterations, warmupTime,
                measurementIterations, measurementTime, null, jvmArgs, callTimeoutMillis, requests, clients, threadsInAll, null);
    }

    public LoadSettings merged(int clientCount) {
        return new LoadSettings(harness, jmhVersion, mode, threads, forks, warmupIterations, warmupTime, measurementIterations,
                measurementTime, jvm, jvmArgs, callTimeoutMillis, requests, clientCount, threads * clientCount, connections);
    }

    /** "thrpt, 1 fork, 2 x 5 s + 4 x 5 s": what a history series is keyed by. */
    public String describe() {
        return (mode == null ? "thrpt" : mode) + ", " + forks + " fork" + (forks == 1 ? "" : "s") + ", "
                + warmupIterations + " x " + warmupTime + " + " + measurementIterations + " x " + measurementTime
                + (requests == null ? "" : ", " + requests + " calls");
    }
}
