package org.rpcbench.server;

import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How the server's threads shared its work (seed 003's concurrency scene: do the business threads spread
 * over the CPUs?): each live thread's CPU time since it started, from the server's own JVM, grouped into
 * pools of threads named alike (their numbers left out). Printed when the server stops, one line per pool
 * that used any CPU, busiest first, as {@value #PREFIX} and a JSON object, for the suite that reads the log.
 */
public final class ThreadCpuReport {
    public static final String PREFIX = "rpc-bench server threads: ";

    /** A pool: its name pattern and each of its threads' CPU seconds, most first. */
    public record Pool(String name, List<Double> cpuSeconds) {
        double total() {
            return cpuSeconds.stream().mapToDouble(Double::doubleValue).sum();
        }

        String json() {
            StringBuilder s = new StringBuilder("{\"pool\":\"").append(name.replace("\\", "\\\\").replace("\"", "\\\""))
                    .append("\",\"threads\":").append(cpuSeconds.size()).append(",\"cpuSeconds\":[");
            for (int i = 0; i < cpuSeconds.size(); i++) {
                s.append(i == 0 ? "" : ",").append(String.format(Locale.ROOT, "%.3f", cpuSeconds.get(i)));
            }
            return s.append("]}").toString();
        }
    }

    private ThreadCpuReport() {}

    /** The pools now, busiest first; empty where the JVM does not measure thread CPU time. */
    public static List<Pool> now() {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        if (!threads.isThreadCpuTimeSupported() || !threads.isThreadCpuTimeEnabled()) {
            return List.of();
        }
        Map<String, List<Double>> byPool = new LinkedHashMap<>();
        for (ThreadInfo info : threads.getThreadInfo(threads.getAllThreadIds())) {
            long nanos = info == null ? -1 : threads.getThreadCpuTime(info.getThreadId());
            if (nanos >= 0) {
                byPool.computeIfAbsent(pool(info.getThreadName()), k -> new ArrayList<>()).add(nanos / 1e9);
            }
        }
        List<Pool> pools = new ArrayList<>();
        byPool.forEach((name, seconds) -> {
            seconds.sort(Comparator.reverseOrder());
            pools.add(new Pool(name, List.copyOf(seconds)));
        });
        pools.sort(Comparator.comparingDouble(Pool::total).reversed());
        return pools;
    }

    /** A thread's pool: its name with every run of digits as {@code #}. */
    static String pool(String threadName) {
        return threadName.replaceAll("[0-9]+", "#");
    }

    /** The lines of the pools that used at least a hundredth of a second. */
    public static void print(PrintStream out) {
        for (Pool p : now()) {
            if (p.total() >= 0.01) {
                out.println(PREFIX + p.json());
            }
        }
    }
}
