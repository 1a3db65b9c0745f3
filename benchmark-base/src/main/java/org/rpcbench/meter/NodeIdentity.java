package org.rpcbench.meter;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * Where a process runs: the node's name, its CPU model, the cores the process may use, the process's id
 * and its runtime ("java", "go"). The node's name is {@value #NODE_ENV} when set (a Kubernetes pod gets
 * its node's name there from the downward API, {@code spec.nodeName}: a pod's own hostname is the pod's
 * name), else the kernel's hostname (a container's is its own). Anything not found is "unknown".
 */
public record NodeIdentity(String node, String cpuModel, int cores, long pid, String runtime) {
    /** The environment variable that names the node, where the hostname does not. */
    public static final String NODE_ENV = "RPCBENCH_NODE";

    public NodeIdentity {
        node = oneWord(node);
        cpuModel = cpuModel == null || cpuModel.isBlank() ? "unknown" : cpuModel.replaceAll("[\\r\\n]", " ").strip();
        runtime = oneWord(runtime);
    }

    /** This process. */
    public static NodeIdentity here(String runtime) {
        return new NodeIdentity(localNodeName(), localCpuModel(), Runtime.getRuntime().availableProcessors(), ProcessHandle.current().pid(),
                runtime);
    }

    /** This host's node name (see the class comment). */
    public static String localNodeName() {
        String given = System.getenv(NODE_ENV);
        if (given != null && !given.isBlank()) {
            return given.strip();
        }
        try {
            String kernel = Files.readString(Path.of("/proc/sys/kernel/hostname"), StandardCharsets.US_ASCII).strip();
            if (!kernel.isEmpty()) {
                return kernel;
            }
        } catch (IOException | RuntimeException e) {
            // not Linux: ask Java
        }
        try {
            return java.net.InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "unknown";
        }
    }

    /** This host's CPU model, from {@code /proc/cpuinfo}. */
    public static String localCpuModel() {
        try (Stream<String> lines = Files.lines(Path.of("/proc/cpuinfo"), StandardCharsets.UTF_8)) {
            return lines.filter(l -> l.startsWith("model name")).map(l -> l.substring(l.indexOf(':') + 1).trim())
                    .findFirst().orElse("unknown");
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }

    private static String oneWord(String s) {
        return s == null || s.isBlank() ? "unknown" : s.strip().replaceAll("\\s+", "_");
    }
}
