package org.rpcbench.runs;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * The order of the runs of each round: a new random order every round, from a seed that is printed, so a
 * run's order can be told afterwards and repeated in a test.
 */
public final class RoundOrder {
    private final long seed;
    private final Random random;

    public RoundOrder(long seed) {
        this.seed = seed;
        this.random = new Random(seed);
    }

    public static RoundOrder random() {
        return new RoundOrder(System.nanoTime() ^ System.currentTimeMillis());
    }

    public long seed() {
        return seed;
    }

    public <T> List<T> next(List<T> items) {
        List<T> order = new ArrayList<>(items);
        Collections.shuffle(order, random);
        return order;
    }
}
