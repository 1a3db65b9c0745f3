package org.rpcbench.rig;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.rpcbench.binding.Target;

/**
 * The settings the launcher hands to each JMH fork as system properties, read back once per trial
 * into this immutable object. This is the one path configuration takes into the measuring JVM.
 *
 * @param serverPid the server's process on this machine, whose CPU and GC are read; -1 when not known
 * @param steadyWarmupSeconds the bound of the warm-up until both JITs are quiet ({@link SteadyWarmup}); 0: none
 * @param perCallerConnections each benchmark thread on a connection of its own ({@link CallerConnections}), not one shared
 */
public record ForkSettings(Target target, Path tallyDir, long serverPid, int steadyWarmupSeconds, boolean perCallerConnections) {
    static final String HOST = "rpcbench.host";
    static final String PORT = "rpcbench.port";
    static final String TIMEOUT = "rpcbench.timeoutMillis";
    static final String TALLIES = "rpcbench.tallyDir";
    static final String SERVER_PID = "rpcbench.serverPid";
    static final String STEADY_WARMUP = "rpcbench.steadyWarmupSeconds";
    static final String CONNECTIONS = "rpcbench.connections";
    public static final String SHARED = "shared";
    public static final String PER_CALLER = "per-caller";

    public Map<String, String> asProperties() {
        Map<String, String> p = new LinkedHashMap<>();
        p.put(HOST, target.host());
        p.put(PORT, String.valueOf(target.port()));
        p.put(TIMEOUT, String.valueOf(target.timeoutMillis()));
        p.put(TALLIES, tallyDir.toAbsolutePath().toString());
        p.put(SERVER_PID, String.valueOf(serverPid));
        p.put(STEADY_WARMUP, String.valueOf(steadyWarmupSeconds));
        p.put(CONNECTIONS, perCallerConnections ? PER_CALLER : SHARED);
        return p;
    }

    public static ForkSettings fromSystemProperties() {
        return new ForkSettings(
                new Target(required(HOST), Integer.parseInt(required(PORT)), Integer.parseInt(required(TIMEOUT))),
                Path.of(required(TALLIES)), Long.parseLong(required(SERVER_PID)), Integer.parseInt(required(STEADY_WARMUP)),
                PER_CALLER.equals(required(CONNECTIONS)));
    }

    private static String required(String key) {
        String v = System.getProperty(key);
        if (v == null) {
            throw new IllegalStateException("system property " + key + " is missing: start benchmarks through the"
                    + " client's launcher (java -jar PAIR-client.jar), which sets it");
        }
        return v;
    }
}
