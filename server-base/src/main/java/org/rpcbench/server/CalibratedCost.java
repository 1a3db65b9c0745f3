package org.rpcbench.server;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Map;
import org.rpcbench.binding.Calibration;

/**
 * The calibration cost: when the calibration switch is set, every call of a contract method first spins
 * the CPU for the time the switch names (per method, or for all). The spin is a fixed amount of arithmetic,
 * sized when the server starts against this thread's CPU clock, so it costs the same CPU whether or not the
 * thread is descheduled meanwhile. Off (the default), a call pays one array read.
 *
 * <p>The sizing times the very method the calls spin in, and only once the JIT has compiled it: its speed
 * is taken when two timings in a row agree. A loop timed as it was being compiled (a first version of this
 * class did so) ran at half its final speed, and every call then spun 55 % of the cost it was asked for.
 */
public final class CalibratedCost {
    /** CPU time of one timing of the spin. */
    static final long TIMING_NANOS = 50_000_000L;
    /** Timings at most, before the last is taken as it is. */
    static final int MAX_TIMINGS = 60;
    /** Two timings in a row within this share of each other: the spin is compiled and steady. */
    static final double AGREEMENT = 0.02;

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
        if (nanos > 0) {
            sink = iterate((long) (nanos * ITERATIONS_PER_NANO), System.nanoTime() | 1);
        }
    }

    /** The arithmetic spun: a xorshift sequence, each step depending on the last, so none can be skipped. */
    static long iterate(long iterations, long x) {
        for (long i = iterations; i > 0; i--) {
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
        }
        return x;
    }

    /** Iterations a nanosecond of {@link #iterate}, compiled, timed on this thread's CPU clock. */
    static double size() {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        double last = 0;
        for (int timing = 0; timing < MAX_TIMINGS; timing++) {
            long start = threads.getCurrentThreadCpuTime();
            long done = 0;
            long x = 1;
            while (threads.getCurrentThreadCpuTime() - start < TIMING_NANOS) {
                x = iterate(100_000, x); // a call, not an inlined loop: the method the calls spin in is what is timed
                done += 100_000;
            }
            sink = x;
            double rate = (double) done / (threads.getCurrentThreadCpuTime() - start);
            if (timing > 0 && Math.abs(rate - last) <= AGREEMENT * last) {
                return Math.max(rate, last);
            }
            last = rate;
        }
        return last;
    }

    /** How the server's settings line states it. */
    static String describe() {
        return String.format(java.util.Locale.ROOT, "%s (spun at %.2f iterations a ns)", Calibration.SPIN.value(), ITERATIONS_PER_NANO);
    }
}
