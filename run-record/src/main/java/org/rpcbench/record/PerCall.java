package org.rpcbench.record;

/**
 * What one call answered right cost each side, over the same window as the calls were counted in: CPU time
 * in microseconds and bytes allocated. Server CPU per call is the steadiest sign of a change inside the
 * server's framework on a shared machine. Unknown parts are NaN (null in JSON).
 */
public record PerCall(double serverCpuMicros, double clientCpuMicros, double serverAllocBytes, double clientAllocBytes) {
    public static final PerCall NONE = new PerCall(Double.NaN, Double.NaN, Double.NaN, Double.NaN);

    /** Costs of {@code calls} answered right, from the two sides' deltas over the windows they were counted in. */
    public static PerCall of(long calls, ProcessDelta server, ProcessDelta client) {
        if (calls <= 0) {
            return NONE;
        }
        return new PerCall(per(server == null ? null : server.cpuNanos(), calls, 1e3),
                per(client == null ? null : client.cpuNanos(), calls, 1e3),
                per(server == null ? null : server.allocBytes(), calls, 1),
                per(client == null ? null : client.allocBytes(), calls, 1));
    }

    private static double per(Long total, long calls, double divisor) {
        return total == null ? Double.NaN : total / divisor / calls;
    }

    /** A metric by name: "serverCpuMicros", "clientCpuMicros", "serverAllocBytes", "clientAllocBytes". */
    public double get(String metric) {
        return switch (metric) {
            case "serverCpuMicros" -> serverCpuMicros;
            case "clientCpuMicros" -> clientCpuMicros;
            case "serverAllocBytes" -> serverAllocBytes;
            case "clientAllocBytes" -> clientAllocBytes;
            default -> throw new IllegalArgumentException("no per-call metric " + metric);
        };
    }
}
