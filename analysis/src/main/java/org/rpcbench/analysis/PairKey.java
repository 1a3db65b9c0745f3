package org.rpcbench.analysis;

/**
 * What runs are grouped under to be compared: their pair, and their concurrency when one side holds a sweep
 * (runs at different concurrencies are different measurements, not repeats).
 *
 * @param threads the concurrency of a swept pair's runs, or 0 when the pair was not swept
 */
public record PairKey(String pair, int threads) {
    public static PairKey of(String pair) {
        return new PairKey(pair, 0);
    }

    /** "say", or "say@500" for a swept pair. */
    @Override
    public String toString() {
        return threads == 0 ? pair : pair + "@" + threads;
    }
}
