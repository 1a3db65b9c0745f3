package org.rpcbench.rig;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.rpcbench.binding.Target;
import org.rpcbench.meter.Meter;
import org.rpcbench.meter.MeterAddress;
import org.rpcbench.meter.MeterClient;
import org.rpcbench.meter.ProcessMeter;

/**
 * The settings the launcher hands to each JMH fork as system properties, read back once per trial
 * into this immutable object. This is the one path configuration takes into the measuring JVM.
 *
 * @param serverPid the server's process on this machine, whose CPU and GC are read; -1 when not known
 * @param serverMeter the server's meter endpoint, read instead of a pid's {@code /proc} (another host); null when none
 * @param steadyWarmupSeconds the bound of the warm-up until both JITs are quiet ({@link SteadyWarmup}); 0: none
 * @param perCallerConnections each benchmark thread on a connection of its own ({@link CallerConnections}), not one shared
 */
public record ForkSettings(Target target, Path tallyDir, long serverPid, MeterAddress serverMeter, int steadyWarmupSeconds,
                           boolean perCallerConnections) {
    static final String HOST = "rpcbench.host";
    static final String PORT = "rpcbench.port";
    static final String TIMEOUT = "rpcbench.timeoutMillis";
    static final String TALLIES = "rpcbench.tallyDir";
    static final String SERVER_PID = "rpcbench.serverPid";
    static final String SERVER_METER = "rpcbench.serverMeter";
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
        p.put(SERVER_METER, serverMeter == null ? "" : serverMeter.toString());
        p.put(STEADY_WARMUP, String.valueOf(steadyWarmupSeconds));
        p.put(CONNECTIONS, perCallerConnections ? PER_CALLER : SHARED);
        return p;
    }

    public static ForkSettings fromSystemProperties() {
        return new ForkSettings(
                new Target(required(HOST), Integer.parseInt(required(PORT)), Integer.parseInt(required(TIMEOUT))),
                Path.of(required(TALLIES)), Long.parseLong(required(SERVER_PID)),
                required(SERVER_METER).isEmpty() ? null : MeterAddress.parse(required(SERVER_METER)), Integer.parseInt(required(STEADY_WARMUP)),
                PER_CALLER.equals(required(CONNECTIONS)));
    }

    /**
     * The server's meter, as far as it can be read: its endpoint's (connected now; when it cannot be reached, a meter
     * that says so, with the failure said on {@code complaints}: the fork's cases fail), a pid's {@code /proc}, or
     * null when neither was given.
     */
    public Meter serverMeter(java.io.PrintStream complaints) {
        if (serverMeter != null) {
            try {
                return MeterClient.connect(serverMeter, target.timeoutMillis(), complaints);
            } catch (java.io.IOException e) {
                String why = "cannot read the server's meter at " + serverMeter + ": " + e.getMessage();
                complaints.println("rpc-bench client: " + why + "; the server's CPU, allocation and GC are not known in this fork,"
                        + " and its cases fail");
                return new LostMeter(why);
            }
        }
        return serverPid > 0 ? ProcessMeter.of(serverPid) : null;
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
