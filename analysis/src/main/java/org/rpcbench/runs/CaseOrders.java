package org.rpcbench.runs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The order of the cases in each round of a comparison: a seed per round, drawn from one seed that is printed and kept
 * in the plan, handed to every run of that round (both sides alike) as the client's {@value ClientArgs#CASE_ORDER_SEED};
 * the client draws the order from it. Whatever an earlier case leaves in the JVMs then falls on another case each
 * round, and on both sides alike, instead of always on the same case.
 */
public final class CaseOrders {
    /** Where a checkout's client declares its options: a revision from before the seed lacks it there. */
    static final String CLIENT_OPTIONS = "client-base/src/main/java/org/rpcbench/launcher/ClientOptions.java";

    private final long seed;

    public CaseOrders(long seed) {
        this.seed = seed;
    }

    public static CaseOrders random() {
        return new CaseOrders(System.nanoTime() ^ System.currentTimeMillis());
    }

    /** The seed every round's is drawn from. */
    public long seed() {
        return seed;
    }

    /** The client's seed for round {@code round} (from 1): the same for every run of the round, 0 to 2^31 - 1. */
    public long of(int round) {
        long z = seed + round * 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return (z ^ (z >>> 31)) & Integer.MAX_VALUE;
    }

    /** The line with the client told round {@code round}'s seed. */
    public String clientArgs(String args, int round) {
        return ClientArgs.withCaseOrderSeed(args, of(round));
    }

    /**
     * Why a run given {@code seed} did not run its cases in that seed's order, as its record says: it says no order (a
     * client that ignored the option), another seed's, or cases run otherwise; null when it kept it, or left no record
     * (which fails the run anyway).
     */
    public static String unkept(org.rpcbench.record.RunRecord record, long seed) {
        if (record == null) {
            return null;
        }
        org.rpcbench.record.CaseOrder order = record.caseOrder();
        if (order == null) {
            return "its record says no order of its cases: its client took no " + ClientArgs.CASE_ORDER_SEED + " " + seed;
        }
        if (order.seed() == null || order.seed() != seed) {
            return "its cases were drawn with " + (order.seed() == null ? "no seed" : "seed " + order.seed()) + ", not the round's " + seed;
        }
        if (!order.kept() || order.ran().size() != order.asked().size()) {
            return "its cases ran in the order " + order.ran() + ", not the order asked " + order.asked();
        }
        return null;
    }

    /**
     * Whether this checkout's Java client takes the seed (a revision from before it would refuse the option): when a side's
     * does not, neither side is given one, and their cases run in JMH's order.
     */
    public static boolean takenBy(Checkout checkout) {
        try {
            return Files.readString(checkout.root().resolve(CLIENT_OPTIONS)).contains("\"case-order-seed\"");
        } catch (IOException e) {
            return false;
        }
    }
}
