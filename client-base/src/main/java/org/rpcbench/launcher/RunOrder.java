package org.rpcbench.launcher;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * The order a run's benchmarks (each case run alone, each group run at once) go in: JMH's own, by name, unless a seed
 * is given; then the order that seed draws from them, every one once. The draw depends only on the seed and the
 * names, sorted first, so two runs given one seed and one selection (an ab round's two sides) run in one order, in
 * any JVM: {@link Random}'s sequence is fixed by its specification.
 */
final class RunOrder {
    private RunOrder() {}

    /**
     * @param benchmarks the benchmarks selected, in any order
     * @param seed the seed to draw the order with, or null for JMH's order
     */
    static List<String> of(List<String> benchmarks, Long seed) {
        List<String> order = new ArrayList<>(benchmarks.stream().distinct().sorted().toList());
        if (seed == null) {
            return List.copyOf(order);
        }
        Random random = new Random(mixed(seed));
        for (int i = order.size() - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            String kept = order.get(i);
            order.set(i, order.get(j));
            order.set(j, kept);
        }
        return List.copyOf(order);
    }

    /**
     * The seed with its bits spread (SplitMix64's finalizer): Random's first draws from nearby seeds (0, 1, 2, ...)
     * follow one another closely, so that rounds seeded one after another would run in few of the orders.
     */
    static long mixed(long seed) {
        long z = seed + 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
