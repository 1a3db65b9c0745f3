package org.rpcbench.server;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Map;
import org.rpcbench.binding.Calibration;

/**
 * The calibration cost: when the calibration switch is set, every call of a contract method first spins
 * the CPU for the time the switch names (per method, or for all). The spin is a fixed amount of arithmetic,
 * sized once when the server starts against this thread's CPU clock, so it costs the same CPU whether or
 * not the thread is descheduled meanwhile. Off (the default), a call pays one array read.
 */
public final class CalibratedCost {
    /** How long the spin's speed is measured at start, in CPU time. */
    static final long SIZING_NANOS = 200_000_000L;

    private static final Map<String, Long> COSTS = Calibration.perMethod();
    private static final double ITERATIONS_PER_NANO = COSTS.isEmpty() ? 0 : size();
    private static volatile long sink;

    private CalibratedCost() {}

    /** The cost, in ns, of one call of this contract method. */
    public static long nanos(String method) {
        Long cost = COSTS.get(method);
        return cost != null ? cost : COSTS.getOrDefault("*", 0L);
    }

    /** Spins {@code nanos} of CPU; nothing for 0. */
    public static void spin(long nanos) {
        if (nanos <= 0) {
            return;
        }
        long x = System.nanoTime() | 1;
        for (long i = (long) (nanos * ITERATIONS_PER_NANO); i > 0; i--) {
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
        }
        sink = x;
    }

    private static double size() {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long chunk = 1_000_000;
        double rate = 0;
        for (int attempt = 0; attempt < 3; attempt++) { // the first passes run interpreted: measure the compiled loop
            long cpu = threads.getCurrentThreadCpuTime();
            long done = 0;
            long x = 1;
            while (threads.getCurrentThreadCpuTime() - cpu < SIZING_NANOS / 3) {
                for (long i = chunk; i > 0; i--) {
                    x ^= x << 13;
                    x ^= x >>> 7;
                    x ^= x << 17;
                }
                done += chunk;
            }
            sink = x;
            rate = (double) done / (threads.getCurrentThreadCpuTime() - cpu);
        }
        return rate;
    }

    /** How the server's settings line states it. */
    static String describe() {
        return String.format(java.util.Locale.ROOT, "%s (spun at %.2f iterations a ns)", Calibration.SPIN.value(), ITERATIONS_PER_NANO);
    }
}
