package org.rpcbench.suite;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * The order of the runs of each round: a new random order every round, from a seed that is printed, so a
 * run's order can be told afterwards and repeated in a test.
 */
final class RoundOrder {
    private final long seed;
    private final Random random;

    RoundOrder(long seed) {
        this.seed = seed;
        this.random = new Random(seed);
    }

    static RoundOrder random() {
        return new RoundOrder(System.nanoTime() ^ System.currentTimeMillis());
    }

    long seed() {
        return seed;
    }

    <T> List<T> next(List<T> items) {
        List<T> order = new ArrayList<>(items);
        Collections.shuffle(order, random);
        return order;
    }
}
