package org.rpcbench.runs;

/** One arm's runs of one pair in interleaved rounds: what a round's record is kept under. */
public record ArmPair(String arm, String pair) {
    /** The directory of its run in a round: {@code ARM-PAIR}. */
    public String dirName() {
        return arm + "-" + pair;
    }
}
