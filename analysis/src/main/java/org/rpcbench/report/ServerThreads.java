package org.rpcbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.rpcbench.record.Json;

/**
 * Seed 003's concurrency scene: how a server's threads shared its work, from the lines a Java server
 * prints when it stops (server-base's ThreadCpuReport): per pool of threads named alike, how many threads
 * ran, their CPU time in all, and the busiest, median and least busy thread's. Work spread over a pool
 * shows as a median close to the busiest; one thread doing it all, as a busiest thread's share near 100 %.
 */
public final class ServerThreads {
    static final String PREFIX = "rpc-bench server threads: ";
    /** The busiest pools shown per pair. */
    static final int POOLS = 4;

    /** One pool of one server: each thread's CPU seconds, most first. */
    public record Pool(String name, double[] cpuSeconds) {
        double total() {
            return Arrays.stream(cpuSeconds).sum();
        }
    }

    private ServerThreads() {}

    /** The pools a server's log reports, busiest first; none when it reported none (a Go server, or one killed). */
    public static List<Pool> read(Path serverLog) throws IOException {
        List<Pool> pools = new ArrayList<>();
        if (!Files.isRegularFile(serverLog)) {
            return pools;
        }
        for (String line : Files.readAllLines(serverLog, StandardCharsets.UTF_8)) {
            if (line.startsWith(PREFIX)) {
                JsonNode j = Json.MAPPER.readTree(line.substring(PREFIX.length()));
                double[] seconds = new double[j.get("cpuSeconds").size()];
                for (int i = 0; i < seconds.length; i++) {
                    seconds[i] = j.get("cpuSeconds").get(i).asDouble();
                }
                pools.add(new Pool(j.get("pool").asText(), seconds));
            }
        }
        return pools;
    }

    /** The table of every pair's busiest pools; a pair whose server reported nothing says so. */
    public static String text(Map<String, List<Pool>> byPair) {
        StringBuilder out = new StringBuilder("server threads: each pool's CPU over the server's life, from its own JVM"
                + " (threads named alike are one pool; seconds; the busiest thread's share of the pool's CPU)\n");
        String header = String.format(Locale.ROOT, "%-16s %-44s %7s %9s %8s %8s %8s %8s", "pair", "pool", "threads", "CPU s",
                "busiest", "median", "least", "share");
        out.append(header).append('\n').append("-".repeat(header.length())).append('\n');
        byPair.forEach((pair, pools) -> {
            if (pools.isEmpty()) {
                out.append(String.format(Locale.ROOT, "%-16s %s%n", pair, "no thread report (not a Java server, or it did not stop cleanly)"));
            }
            for (Pool p : pools.subList(0, Math.min(POOLS, pools.size()))) {
                double[] s = p.cpuSeconds();
                out.append(String.format(Locale.ROOT, "%-16s %-44s %7d %9.2f %8.2f %8.2f %8.2f %7.1f%%%n", pair, p.name(), s.length,
                        p.total(), s[0], s[s.length / 2], s[s.length - 1], p.total() == 0 ? 0 : 100 * s[0] / p.total()));
            }
        });
        return out.toString();
    }
}
