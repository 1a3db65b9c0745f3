package org.rpcbench.record;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * The machine and runtime a run used. Only some of it changes the numbers ({@link #comparable()}); the date,
 * host name and commit tell when and where.
 *
 * @param runtime "Java 17.0.15", "go1.26.8"
 * @param date ISO-8601 instant the run started
 */
public record Environment(@JsonInclude(JsonInclude.Include.NON_NULL) String runtime, String jdk, String jvm, String os,
                          String cpuModel, Integer cores, String hostname, String gitCommit, String cpuPinning,
                          String serverCommand, String date) {

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
