package org.rpcbench.record;

import java.util.List;

/**
 * What one call answered right cost each side, over the same window as the calls were counted in: CPU time
 * in microseconds and bytes allocated. CPU is there twice: the whole process, read in Linux's 10 ms ticks
 * (serverCpuMicros, clientCpuMicros, as every record has it), and its threads by what they do, read to the
 * nanosecond: the service's own threads, the JIT compilers, the garbage collector, and the rest of the
 * runtime's housekeeping with rpc-bench's meter threads (serverServiceCpuMicros, serverJitCpuMicros,
 * serverGcCpuMicros, serverOtherCpuMicros; the client's alike). Server CPU per call of the service's threads
 * is the steadiest sign of a change inside the server's framework on a shared machine. Unknown parts are
 * NaN (null in JSON), as in records written before a part was measured.
 */
public record PerCall(double serverCpuMicros, double clientCpuMicros, double serverAllocBytes, double clientAllocBytes,
                      double serverServiceCpuMicros, double serverJitCpuMicros, double serverGcCpuMicros,
                      double serverOtherCpuMicros, double clientServiceCpuMicros, double clientJitCpuMicros,
                      double clientGcCpuMicros, double clientOtherCpuMicros) {
    public static final PerCall NONE = new PerCall(Double.NaN, Double.NaN, Double.NaN, Double.NaN);
    /** The parts of a process's CPU by what its threads do, as they appear in metric names. */
    public static final List<String> THREAD_PARTS = List.of("Service", "Jit", "Gc", "Other");

    /** Costs without the threads' CPU (records written before it was read). */
    public PerCall(double serverCpuMicros, double clientCpuMicros, double serverAllocBytes, double clientAllocBytes) {
        this(serverCpuMicros, clientCpuMicros, serverAllocBytes, clientAllocBytes, Double.NaN, Double.NaN, Double.NaN,
                Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
    }

    /** Costs of {@code calls} answered right, from the two sides' deltas over the windows they were counted in. */
    public static PerCall of(long calls, ProcessDelta server, ProcessDelta client) {
        if (calls <= 0) {
            return NONE;
        }
        ThreadCpu s = server == null ? null : server.threads();
        ThreadCpu c = client == null ? null : client.threads();
        return new PerCall(per(server == null ? null : server.cpuNanos(), calls, 1e3),
                per(client == null ? null : client.cpuNanos(), calls, 1e3),
                per(server == null ? null : server.allocBytes(), calls, 1),
                per(client == null ? null : client.allocBytes(), calls, 1),
                per(s == null ? null : s.serviceNanos(), calls, 1e3), per(s == null ? null : s.jitNanos(), calls, 1e3),
                per(s == null ? null : s.gcNanos(), calls, 1e3), per(s == null ? null : s.otherNanos(), calls, 1e3),
                per(c == null ? null : c.serviceNanos(), calls, 1e3), per(c == null ? null : c.jitNanos(), calls, 1e3),
                per(c == null ? null : c.gcNanos(), calls, 1e3), per(c == null ? null : c.otherNanos(), calls, 1e3));
    }

    private static double per(Long total, long calls, double divisor) {
        return total == null ? Double.NaN : total / divisor / calls;
    }

    /**
     * A metric by name: "serverCpuMicros", "clientCpuMicros", "serverAllocBytes", "clientAllocBytes", and
     * SIDE + PART + "CpuMicros" for each side and each of {@link #THREAD_PARTS} ("serverServiceCpuMicros").
     */
    public double get(String metric) {
        return switch (metric) {
            case "serverCpuMicros" -> serverCpuMicros;
            case "clientCpuMicros" -> clientCpuMicros;
            case "serverAllocBytes" -> serverAllocBytes;
            case "clientAllocBytes" -> clientAllocBytes;
            case "serverServiceCpuMicros" -> serverServiceCpuMicros;
            case "serverJitCpuMicros" -> serverJitCpuMicros;
            case "serverGcCpuMicros" -> serverGcCpuMicros;
            case "serverOtherCpuMicros" -> serverOtherCpuMicros;
            case "clientServiceCpuMicros" -> clientServiceCpuMicros;
            case "clientJitCpuMicros" -> clientJitCpuMicros;
            case "clientGcCpuMicros" -> clientGcCpuMicros;
            case "clientOtherCpuMicros" -> clientOtherCpuMicros;
            default -> throw new IllegalArgumentException("no per-call metric " + metric);
        };
    }

    /** A thread-CPU metric's side and part: "serverGcCpuMicros" is {"server", "Gc"}; any other name is refused. */
    static String[] threadMetric(String metric) {
        for (String side : List.of("server", "client")) {
            for (String part : THREAD_PARTS) {
                if (metric.equals(side + part + "CpuMicros")) {
                    return new String[] {side, part};
                }
            }
        }
        throw new IllegalArgumentException("no per-call metric " + metric);
    }
}
