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

    /** A record's own account, as read: a part it lacks is not known. */
    public Saturation {
        limit = limit == null ? NOT_KNOWN : limit;
        server = server == null ? Side.unknown(null, null) : server;
        clients = clients == null ? List.of() : clients.stream().map(c -> c == null ? Side.unknown(null, null) : c).toList();
    }

    /** The case's saturation from its sides: the server and each client, each on cores of its own. */
    public static Saturation of(Side server, List<Side> clients) {
        return new Saturation(limit(server, clients), server, clients, null);
    }

    /**
     * One process as a judge of saturation sees it: where it ran, the cores it could use (null: not known) and
     * its CPU over the case's windows (null: not measured).
     */
    public record Load(String node, Integer cores, ProcessUse use) {}

    /**
     * The case's saturation from the server's load and each client's. A client on the server's node (unless the
     * two were pinned apart) shares the server's cores: the server and every such client are saturated when
     * together they reach the threshold of those cores, since none of them could have had more.
     */
    public static Saturation judge(Load server, List<Load> clients, boolean pinnedApart) {
        List<Load> sharing = clients.stream().filter(c -> !pinnedApart && c.node() != null && c.node().equals(server.node())).toList();
        if (sharing.isEmpty()) {
            return of(Side.of(server.node(), server.cores(), server.use()),
                    clients.stream().map(c -> Side.of(c.node(), c.cores(), c.use())).toList());
        }
        Double busy = cpu(server.use());
        for (Load c : sharing) {
            busy = busy == null || cpu(c.use()) == null ? null : busy + cpu(c.use());
        }
        Boolean full = busy == null || !known(server.cores()) ? null : full(busy, server.cores());
        Side serverSide = new Side(server.node(), server.cores(), cpu(server.use()), full);
        List<Side> clientSides = clients.stream().map(c -> sharing.contains(c)
                ? new Side(c.node(), server.cores(), cpu(c.use()), full) : Side.of(c.node(), c.cores(), c.use())).toList();
        return new Saturation(limit(serverSide, clientSides), serverSide, clientSides, true);
    }

    /**
     * What a record that does not say shows of a case: its server's cores from the meter's account, its client's
     * from the environment; not known where the record does not say (no meter account, a pinned server read from
     * /proc, whose cores the meter took from the client's, or a merged record, whose client CPU is all the
     * clients' together). A server read from /proc ran on the client's host.
     */
    public static Saturation derive(CaseRecord c, Environment env, boolean merged) {
        ProcessUse client = c.cpuAndGc().client();
        String host = env == null ? null : env.hostname();
        Load server = server(env, c.cpuAndGc().server());
        if (merged) {
            return of(Side.of(server.node(), server.cores(), server.use()), List.of(Side.unknown(host, null)));
        }
        return judge(server, List.of(new Load(host, env == null ? null : env.cores(), client)), pinnedApart(env));
    }

    /**
     * The server's load as a client's environment tells of it: its node and cores from the meter's account; a
     * server read from /proc ran on the client's host, with the client's cores unless the two were pinned apart
     * (then its own cores were not read: not known); without an account, neither is known.
     */
    public static Load server(Environment env, ProcessUse use) {
        ServerMeter meter = env == null ? null : env.serverMeter();
        if (meter == null || ServerMeter.NONE.equals(meter.source())) {
            return new Load(null, null, use);
        }
        if (ServerMeter.PROC.equals(meter.source())) {
            return pinnedApart(env) ? new Load(null, null, use) : new Load(env.hostname(), meter.cores(), use);
        }
        return new Load(meter.node(), meter.cores(), use);
    }

    /** Whether the run pinned server and client to CPUs of their own ({@code -c}). */
    public static boolean pinnedApart(Environment env) {
        return env != null && env.cpuPinning() != null && !env.cpuPinning().equals("none");
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
            case BOTH -> "both sides' CPU (" + figures + "): not the server's capacity";
            case NEITHER -> "neither side's CPU (" + figures + "): the limit is elsewhere (calls in flight, the network, a lock"
                    + (Boolean.TRUE.equals(sharedCores) ? ", other processes on the host" : "") + ")";
            default -> "not known (" + figures + ")";
        };
    }

    private String figures() {
        List<String> parts = new ArrayList<>();
        parts.add("server " + (Boolean.TRUE.equals(sharedCores) ? percent(server.cpuPercent()) : side(server)));
        for (int i = 0; i < clients.size(); i++) {
            Side c = clients.get(i);
            String name = clients.size() == 1 ? "client " : "client " + (c.node() == null ? String.valueOf(i + 1) : c.node()) + " ";
            boolean shares = Boolean.TRUE.equals(sharedCores) && c.node() != null && c.node().equals(server.node());
            parts.add(name + (shares ? percent(c.cpuPercent()) : side(c)));
        }
        String figures = String.join(", ", parts);
        if (Boolean.TRUE.equals(sharedCores)) {
            double total = server.cpuPercent() == null ? Double.NaN : server.cpuPercent();
            for (Side c : clients) {
                if (c.node() != null && c.node().equals(server.node())) {
                    total += c.cpuPercent() == null ? Double.NaN : c.cpuPercent();
                }
            }
            figures += "; together " + percent(Double.isNaN(total) ? null : total) + " of one host's " + cores(server.cores());
        }
        return figures;
    }

    private static String side(Side s) {
        if (s.cpuPercent() == null) {
            return "CPU not known";
        }
        return known(s.cores()) ? percent(s.cpuPercent()) + " of " + cores(s.cores()) : percent(s.cpuPercent()) + " (cores not known)";
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
