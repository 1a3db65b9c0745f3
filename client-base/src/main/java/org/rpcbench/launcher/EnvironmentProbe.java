package org.rpcbench.launcher;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.rpcbench.meter.NodeIdentity;
import org.rpcbench.record.Environment;
import org.rpcbench.record.ServerMeter;

/**
 * What machine and runtime a run used, asked of the system once per run: the JDK (of the forks, when JMH
 * reports them), the OS, the CPU model and cores, the host's name (the node's, where RPCBENCH_NODE names it), the harness's commit, the CPU pinning
 * and the server's command line as benchmark.sh reports them, and where the server's meters were read. Anything that cannot be found is "unknown".
 */
final class EnvironmentProbe {

    private EnvironmentProbe() {}

    /** @param params the forks' parameters, or null for a run in this JVM (the open loop) */
    static Environment probe(BenchmarkParams params, Instant started, ServerMeter serverMeter) {
        String jdk = params != null ? params.getJdkVersion() : System.getProperty("java.version");
        String jvm = params != null ? params.getVmName() + " " + params.getVmVersion()
                : System.getProperty("java.vm.name") + " " + System.getProperty("java.vm.version");
        return new Environment("Java " + jdk, jdk, jvm,
                System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch"),
                cpuModel(), Runtime.getRuntime().availableProcessors(), hostname(System.getenv()), gitCommit(),
                orElse(System.getenv("RPCBENCH_PINNING"), "none"),
                orElse(System.getenv("RPCBENCH_SERVER_COMMAND"), "not known (server started separately)"), started.toString(),
                serverMeter);
    }

    private static String orElse(String value, String otherwise) {
        return value == null || value.isBlank() ? otherwise : value;
    }

    static String cpuModel() {
        return NodeIdentity.localCpuModel();
    }

    /** The node's name where RPCBENCH_NODE gives it (a pod's hostname is the pod's), else the host's name. */
    static String hostname(java.util.Map<String, String> env) {
        String node = env.get(NodeIdentity.NODE_ENV);
        if (node != null && !node.isBlank()) {
            return node.strip();
        }
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "unknown";
        }
    }

    /** RPCBENCH_GIT_COMMIT when benchmark.sh sets it, else asked of git in the working directory. */
    private static String gitCommit() {
        String fromEnv = System.getenv("RPCBENCH_GIT_COMMIT");
        if (fromEnv != null && !fromEnv.isBlank()) {
            return fromEnv.trim();
        }
        try {
            Process git = new ProcessBuilder("git", "rev-parse", "HEAD").redirectErrorStream(true).start();
            if (!git.waitFor(3, TimeUnit.SECONDS)) {
                git.destroyForcibly();
                return "unknown";
            }
            String head = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            return git.exitValue() == 0 ? head : "unknown";
        } catch (IOException e) {
            return "unknown";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "unknown";
        }
    }
}
