package org.rpcbench.record;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Which side's CPU limited a case: the server's, the client's (any one client's, when several were merged),
 * both, or neither (then the limit was elsewhere: the calls in flight, the network, a lock). A side is saturated
 * when its CPU over the measured windows reached {@value #THRESHOLD_PERCENT} % of its cores (CPU% of one core ≥
 * 0.9 × cores × 100): a process that CPU limits never shows its cores fully busy, since its threads wait on each
 * other and on the scheduler, its CPU is read in 10 ms ticks and the host's own work takes some; below that, a
 * tenth of its cores stood idle that it could have used. When both sides ran on one host's cores (the server read
 * from /proc on the client's host, unpinned), each side's share of the host is what the other left it: both are
 * saturated when the two together fill the threshold. A figure is the server's capacity only when the server was
 * saturated and no client was ({@link #serverCapacity()}).
 *
 * @param limit {@value #SERVER}, {@value #CLIENT}, {@value #BOTH}, {@value #NEITHER} or {@value #NOT_KNOWN} (a side's
 *     CPU or cores were not known: a record from before they were kept, a server not measured, a pinned server
 *     whose own cores were not read)
 * @param server the server's CPU and cores
 * @param clients each client's, in the order merged; one for a single client's run
 * @param sharedCores true when server and client ran on one host's cores; null otherwise
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Saturation(String limit, Side server, List<Side> clients, Boolean sharedCores) {
    /** A side is saturated at this share of its cores. */
    public static final int THRESHOLD_PERCENT = 90;
    public static final String SERVER = "server";
    public static final String CLIENT = "client";
    public static final String BOTH = "both";
    public static final String NEITHER = "neither";
    public static final String NOT_KNOWN = "not known";

    /**
     * One process's CPU over the case's windows.
     *
     * @param node where it ran, when known
     * @param cores the cores it could use; null when not known
     * @param cpuPercent its CPU as a share of one core (200 = two cores busy); null when not measured
     * @param saturated whether it reached the threshold; null when its CPU or cores are not known
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Side(String node, Integer cores, Double cpuPercent, Boolean saturated) {

        /** A side on cores of its own: saturated when its own CPU reaches the threshold. */
        public static Side of(String node, Integer cores, ProcessUse use) {
            Double cpu = cpu(use);
            return new Side(node, cores, cpu, cpu == null || !known(cores) ? null : full(cpu, cores));
        }

        /** A side whose state is not known (a merged record from before each client's CPU was kept). */
        public static Side unknown(String node, Integer cores) {
            return new Side(node, cores, null, null);
        }
    }

    public Saturation {
        clients = clients == null ? List.of() : List.copyOf(clients);
    }

    /** The case's saturation from its sides: the server and each client, each on cores of its own. */
    public static Saturation of(Side server, List<Side> clients) {
        return new Saturation(limit(server, clients), server, clients, null);
    }

    /**
     * Server and client on one host's {@code cores}: the host is full when the two together reach the threshold,
     * and then neither side could have had more.
     */
    public static Saturation sharing(String node, Integer cores, ProcessUse server, ProcessUse client) {
        Double s = cpu(server);
        Double c = cpu(client);
        Boolean full = s == null || c == null || !known(cores) ? null : full(s + c, cores);
        Side serverSide = new Side(node, cores, s, full);
        List<Side> clientSide = List.of(new Side(node, cores, c, full));
        return new Saturation(limit(serverSide, clientSide), serverSide, clientSide, true);
    }

    /**
     * What a record that does not say shows of a case: its server's cores from the meter's account, its client's
     * from the environment; not known where the record does not say (no meter account, a pinned server read from
     * /proc, whose cores the meter took from the client's, or a merged record, whose client CPU is all the
     * clients' together).
     */
    public static Saturation derive(CaseRecord c, Environment env, boolean merged) {
        ServerMeter meter = env == null ? null : env.serverMeter();
        ProcessUse server = c.cpuAndGc().server();
        ProcessUse client = c.cpuAndGc().client();
        String host = env == null ? null : env.hostname();
        Integer clientCores = env == null ? null : env.cores();
        List<Side> clients = List.of(merged ? Side.unknown(host, null) : Side.of(host, clientCores, client));
        if (meter == null || ServerMeter.NONE.equals(meter.source())) {
            return of(Side.of(meter == null ? null : meter.node(), null, server), clients);
        }
        boolean pinned = env.cpuPinning() != null && !env.cpuPinning().equals("none");
        if (ServerMeter.PROC.equals(meter.source())) {
            if (pinned) {
                return of(Side.of(meter.node(), null, server), clients);
            }
            if (!merged) {
                return sharing(meter.node(), meter.cores(), server, client);
            }
        }
        return of(Side.of(meter.node(), meter.cores(), server), clients);
    }

    /** Whether this case's throughput is the server's capacity: the server saturated, no client. */
    @JsonIgnore
    public boolean serverCapacity() {
        return SERVER.equals(limit);
    }

    /** One line: which side, with each side's CPU against its cores. */
    public String describe() {
        String figures = figures();
        return switch (limit) {
            case SERVER -> "the server's CPU (" + figures + "): the server's capacity";
            case CLIENT -> "the client's CPU (" + figures + "): the load generator's limit, not the server's capacity";
            case BOTH -> Boolean.TRUE.equals(sharedCores)
                    ? "both (" + figures + ", sharing one host's cores): not the server's capacity"
                    : "both sides' CPU (" + figures + "): not the server's capacity";
            case NEITHER -> "neither side's CPU (" + figures + "): the limit is elsewhere (calls in flight, the network, a lock)";
            default -> "not known (" + figures + ")";
        };
    }

    private String figures() {
        List<String> parts = new ArrayList<>();
        if (Boolean.TRUE.equals(sharedCores)) {
            double total = (server.cpuPercent() == null ? Double.NaN : server.cpuPercent())
                    + (clients.get(0).cpuPercent() == null ? Double.NaN : clients.get(0).cpuPercent());
            parts.add("server " + percent(server.cpuPercent()) + " + client " + percent(clients.get(0).cpuPercent()) + " = "
                    + percent(Double.isNaN(total) ? null : total) + " of " + cores(server.cores()));
            return String.join(", ", parts);
        }
        parts.add("server " + side(server));
        for (int i = 0; i < clients.size(); i++) {
            Side c = clients.get(i);
            parts.add((clients.size() == 1 ? "client " : "client " + (c.node() == null ? String.valueOf(i + 1) : c.node()) + " ")
                    + side(c));
        }
        return String.join(", ", parts);
    }

    private static String side(Side s) {
        return percent(s.cpuPercent()) + " of " + cores(s.cores());
    }

    private static String percent(Double p) {
        return p == null ? "CPU not known" : String.format(Locale.ROOT, "%.0f%%", p);
    }

    private static String cores(Integer n) {
        return !known(n) ? "cores not known" : n + (n == 1 ? " core" : " cores");
    }

    private static String limit(Side server, List<Side> clients) {
        if (server.saturated() == null || clients.isEmpty() || clients.stream().anyMatch(c -> c.saturated() == null)) {
            return NOT_KNOWN;
        }
        boolean anyClient = clients.stream().anyMatch(Side::saturated);
        if (server.saturated()) {
            return anyClient ? BOTH : SERVER;
        }
        return anyClient ? CLIENT : NEITHER;
    }

    private static boolean full(double cpuPercent, int cores) {
        return cpuPercent >= THRESHOLD_PERCENT * cores;
    }

    private static boolean known(Integer cores) {
        return cores != null && cores > 0;
    }

    private static Double cpu(ProcessUse use) {
        return use == null || Double.isNaN(use.cpuPercentOfCore()) ? null : use.cpuPercentOfCore();
    }
}
