package org.rpcbench.analysis;

/**
 * What runs are grouped under to be compared: their pair, the Dubbo release of a suite's row on a release of
 * its own (a suite's dubbo-hessian@3.0.15 beside its dubbo-hessian: different frameworks, not repeats), and
 * their concurrency when one side holds a sweep (runs at different concurrencies are
 * different measurements, not repeats).
 *
 * @param threads the concurrency of a swept pair's runs, or 0 when the pair was not swept
 * @param release the release of the suite row the runs were ({@code PAIR@RELEASE/}), or null
 */
public record PairKey(String pair, int threads, String release) {
    public PairKey(String pair, int threads) {
        this(pair, threads, null);
    }

    public static PairKey of(String pair) {
        return new PairKey(pair, 0);
    }

    /** "say", "say@500" for a swept pair, "dubbo-hessian 3.0.15" for a suite's row on a release of its own. */
    @Override
    public String toString() {
        return pair + (release == null ? "" : " " + release) + (threads == 0 ? "" : "@" + threads);
    }
}
