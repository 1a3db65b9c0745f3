package org.rpcbench.report;

import java.util.Map;

/**
 * A seed's published figures for the cells it measured (calls per second), and the pair its ratios are
 * taken against, so that a report can show what was reproduced and what was not.
 *
 * @param source which seed, e.g. "seed 001"
 * @param reference the pair whose figure each ratio divides by, e.g. dubbo-hessian
 * @param opsPerSecond by pair, then by case
 */
public record SeedFigures(String source, String reference, Map<String, Map<String, Double>> opsPerSecond) {

    /** The seed's figure for a pair and case, or NaN when it did not measure that cell. */
    public double figure(String pair, String caseName) {
        Map<String, Double> cases = opsPerSecond.get(pair);
        Double v = cases == null ? null : cases.get(caseName);
        return v == null ? Double.NaN : v;
    }

    /** The seed's ratio of a pair to the reference in one case, or NaN. */
    public double ratio(String pair, String caseName) {
        return figure(pair, caseName) / figure(reference, caseName);
    }
}
