package org.rpcbench.record;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * The machine and runtime a run used. Only some of it changes the numbers ({@link #comparable()}); the date,
 * host name and commit tell when and where.
 *
 * @param runtime "Java 17.0.15", "go1.26.8"
 * @param date ISO-8601 instant the run started
 * @param serverMeter where the server's figures came from, and its node; null in records from before it was written
 * @param clientNodes a merged run's clients, each with its node, CPU model and cores, in the order merged; null in a
 *     single client's record (its own are {@code hostname}, {@code cpuModel} and {@code cores})
 */
public record Environment(@JsonInclude(JsonInclude.Include.NON_NULL) String runtime, String jdk, String jvm, String os,
                          String cpuModel, Integer cores, String hostname, String gitCommit, String cpuPinning,
                          String serverCommand, String date, @JsonInclude(JsonInclude.Include.NON_NULL) ServerMeter serverMeter,
                          @JsonInclude(JsonInclude.Include.NON_NULL) java.util.List<ClientNode> clientNodes) {

    public Environment {
        clientNodes = clientNodes == null ? null : java.util.List.copyOf(clientNodes);
    }

    /** A single client's environment: no other clients' nodes. */
    public Environment(String runtime, String jdk, String jvm, String os, String cpuModel, Integer cores, String hostname,
                       String gitCommit, String cpuPinning, String serverCommand, String date, ServerMeter serverMeter) {
        this(runtime, jdk, jvm, os, cpuModel, cores, hostname, gitCommit, cpuPinning, serverCommand, date, serverMeter, null);
    }

    /** An environment that says nothing of the server's meter. */
    public Environment(String runtime, String jdk, String jvm, String os, String cpuModel, Integer cores, String hostname,
                       String gitCommit, String cpuPinning, String serverCommand, String date) {
        this(runtime, jdk, jvm, os, cpuModel, cores, hostname, gitCommit, cpuPinning, serverCommand, date, null, null);
    }

    /** What two runs must share to be compared: JDK, JVM, OS, CPU model, cores, pinning. */
    public Environment comparable() {
        return new Environment(runtimeName(), jdk, jvm, os, cpuModel, cores, null, null, cpuPinning, null, null);
    }

    /** The runtime, for records written before it was named: the JDK's. */
    @com.fasterxml.jackson.annotation.JsonIgnore
    public String runtimeName() {
        return runtime != null ? runtime : jdk != null ? "Java " + jdk : null;
    }
}
