package org.rpcbench.rig;

import java.util.concurrent.ThreadLocalRandom;
import org.rpcbench.cases.PayloadSchedule;

/**
 * The payload schedule of a run whose string's size is switched (seed 003's high-pressure scene), from this
 * JVM's system properties (not rpcbench.switch.*, which are the frameworks' switches): {@value #SEED} (a random one when not given) and {@value #EVERY} (the seed's 10
 * minutes when not given). The launcher settles both before JMH starts and passes them to every fork, so that
 * each fork, and each client given the same seed, switches alike.
 */
public final class Switching {
    public static final String SEED = "rpcbench.sizes.seed";
    public static final String EVERY = "rpcbench.sizes.everyMillis";

    private Switching() {}

    /** Sets whichever of the two properties is missing (a new random seed; the seed's interval), and returns the schedule. */
    public static synchronized PayloadSchedule settle() {
        if (System.getProperty(SEED) == null) {
            System.setProperty(SEED, String.valueOf(ThreadLocalRandom.current().nextLong(1, 1L << 48)));
        }
        if (System.getProperty(EVERY) == null) {
            System.setProperty(EVERY, String.valueOf(PayloadSchedule.SEED_003_INTERVAL_MILLIS));
        }
        return schedule();
    }

    /** The schedule the properties give; one line naming the property when they cannot. */
    public static PayloadSchedule schedule() {
        String seed = System.getProperty(SEED);
        String every = System.getProperty(EVERY);
        try {
            return PayloadSchedule.seed003(Long.parseLong(seed), Long.parseLong(every));
        } catch (NumberFormatException | NullPointerException e) {
            throw new IllegalArgumentException("-D" + SEED + " and -D" + EVERY + " need whole numbers, got " + seed + " and " + every);
        }
    }
}
