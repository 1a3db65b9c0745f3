package org.rpcbench.record;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The closed loop's settings (run.json's {@code jmh}): JMH's, or the same quantities for a load client of
 * another language that drives the same kind of loop ({@code harness} names it).
 *
 * @param threads calls in flight: benchmark threads (or goroutines), each waiting for its answer
 * @param requests for a fixed-count run (seed 002's "one million requests"): the calls per case in all
 * @param clients for a record merged from several client hosts: how many
 * @param connections the client connections the callers had (per fork, per client host): one per caller when each
 *     dialled its own, 1 when all shared one; null in records written before it was kept
 * @param callersAtOnce for cases run at the same time in one JMH group: each case's callers (their sum is
 *     {@code threads}); null when the cases ran one after another
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record LoadSettings(String harness, String jmhVersion, String mode, int threads, int forks, Integer warmupIterations,
                           String warmupTime, Integer measurementIterations, String measurementTime, String jvm,
                           List<String> jvmArgs, Integer callTimeoutMillis, Long requests, Integer clients,
                           Integer threadsInAll, Integer connections, Map<String, Integer> callersAtOnce) {

    public LoadSettings {
        callersAtOnce = callersAtOnce == null ? null : Collections.unmodifiableMap(new LinkedHashMap<>(callersAtOnce));
    }

    /** Settings of cases run one after another. */
    public LoadSettings(String harness, String jmhVersion, String mode, int threads, int forks, Integer warmupIterations,
                        String warmupTime, Integer measurementIterations, String measurementTime, String jvm,
                        List<String> jvmArgs, Integer callTimeoutMillis, Long requests, Integer clients, Integer threadsInAll,
                        Integer connections) {
        this(harness, jmhVersion, mode, threads, forks, warmupIterations, warmupTime, measurementIterations, measurementTime, jvm,
                jvmArgs, callTimeoutMillis, requests, clients, threadsInAll, connections, null);
    }

    /** The same, with each case's callers when the cases ran at once (null: one after another). */
    public LoadSettings withCallersAtOnce(Map<String, Integer> callers) {
        return new LoadSettings(harness, jmhVersion, mode, threads, forks, warmupIterations, warmupTime, measurementIterations,
                measurementTime, jvm, jvmArgs, callTimeoutMillis, requests, clients, threadsInAll, connections, callers);
    }

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
                measurementIterations, measurementTime, null, jvmArgs, callTimeoutMillis, requests, clients, threadsInAll, null, callersAtOnce);
    }

    public LoadSettings merged(int clientCount) {
        return new LoadSettings(harness, jmhVersion, mode, threads, forks, warmupIterations, warmupTime, measurementIterations,
                measurementTime, jvm, jvmArgs, callTimeoutMillis, requests, clientCount, threads * clientCount, connections, callersAtOnce);
    }

    /** "thrpt, 1 fork, 2 x 5 s + 4 x 5 s" (and the callers of cases run at once): what a history series is keyed by. */
    public String describe() {
        return (mode == null ? "thrpt" : mode) + ", " + forks + " fork" + (forks == 1 ? "" : "s") + ", "
                + warmupIterations + " x " + warmupTime + " + " + measurementIterations + " x " + measurementTime
                + (requests == null ? "" : ", " + requests + " calls")
                + (callersAtOnce == null ? "" : ", at once: " + callersAtOnce.entrySet().stream().map(e -> e.getKey() + " " + e.getValue())
                        .collect(java.util.stream.Collectors.joining(", ")));
    }
}
