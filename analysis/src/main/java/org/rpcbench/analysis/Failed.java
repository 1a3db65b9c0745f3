package org.rpcbench.analysis;

/**
 * A run of a comparison that gave no figure to judge: it failed, counted an error, or left no score. It is a
 * verdict of its own: a comparison with one cannot pass, because a candidate that cannot serve would
 * otherwise leave nothing to judge and nothing flagged.
 *
 * @param caseName the case that failed, or {@link #WHOLE_RUN} when the run left no record of its cases
 * @param side which side's run (baseline, candidate, or a calibration arm)
 * @param round the round it belonged to (1-based)
 * @param reason what went wrong, in one line
 * @param log where the run's output is
 */
public record Failed(String pair, String caseName, String side, int round, String reason, String log) {
    public static final String WHOLE_RUN = "(run)";
}
