package org.rpcbench.cases;

import java.util.List;
import java.util.SplittableRandom;

/**
 * Seed 003's high-pressure payload: a string whose size is switched at random among 20 B, 1 KB, 50 KB and
 * 200 KB every interval (the seed's: 10 minutes). Interval {@code k} is the k-th of the wall clock since the
 * epoch, and its size is drawn from a random seeded by {@code seed} and {@code k} alone: every process given the
 * same seed and interval switches to the same size at the same moment, and a run is repeated by its seed.
 *
 * @param seed printed by the run, so that it can be given again
 * @param intervalMillis how long each size lasts
 * @param sizes the string echoes drawn from
 */
public record PayloadSchedule(long seed, long intervalMillis, List<Case> sizes) {
    /** The seed's sizes, "20 byte to 200K". */
    public static final List<Case> SEED_003_SIZES = List.of(Case.ECHO_20B, Case.ECHO_1K, Case.ECHO_50K, Case.ECHO_200K);
    /** The seed's interval. */
    public static final long SEED_003_INTERVAL_MILLIS = 10 * 60 * 1000L;

    public PayloadSchedule {
        if (intervalMillis <= 0) {
            throw new IllegalArgumentException("an interval must be positive, got " + intervalMillis + " ms");
        }
        if (sizes.isEmpty() || sizes.stream().anyMatch(c -> c.echoBytes() == 0)) {
            throw new IllegalArgumentException("the sizes must be string echoes, got " + sizes);
        }
        sizes = List.copyOf(sizes);
    }

    /** Seed 003's schedule with this seed and interval. */
    public static PayloadSchedule seed003(long seed, long intervalMillis) {
        return new PayloadSchedule(seed, intervalMillis, SEED_003_SIZES);
    }

    /** The size of interval {@code k}. */
    public Case ofInterval(long k) {
        // a generator per interval, from the seed and k mixed: no interval's size depends on having drawn the others
        return sizes.get(new SplittableRandom(seed * 0x9E3779B97F4A7C15L + k).nextInt(sizes.size()));
    }

    /** The size in force at {@code epochMillis}. */
    public Case at(long epochMillis) {
        return ofInterval(Math.floorDiv(epochMillis, intervalMillis));
    }

    /** The moment the interval holding {@code epochMillis} ends. */
    public long nextSwitch(long epochMillis) {
        return (Math.floorDiv(epochMillis, intervalMillis) + 1) * intervalMillis;
    }
}
