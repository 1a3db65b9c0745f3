package org.rpcbench.cluster;

import java.util.regex.Pattern;

/**
 * What one process's container asks for and is held to: requests equal to limits, so the pod is in the
 * Guaranteed class (and, with whole CPUs, eligible for exclusive cores under the static CPU manager).
 *
 * @param cpu    a Kubernetes CPU quantity: "2", "1500m"
 * @param memory a Kubernetes memory quantity: "2Gi", "512Mi"
 */
public record Resources(String cpu, String memory) {
    private static final Pattern CPU = Pattern.compile("[1-9][0-9]*(\\.[0-9]+)?|[1-9][0-9]*m");
    private static final Pattern MEMORY = Pattern.compile("[1-9][0-9]*(Ki|Mi|Gi|Ti|k|M|G|T)?");

    public Resources {
        if (cpu == null || !CPU.matcher(cpu).matches()) {
            throw new IllegalArgumentException("a CPU quantity is a positive number of cores (2, 1.5) or of millicores (1500m), not '" + cpu + "'");
        }
        if (memory == null || !MEMORY.matcher(memory).matches()) {
            throw new IllegalArgumentException("a memory quantity is a positive whole number with an optional unit (2Gi, 512Mi), not '" + memory + "'");
        }
    }
}
