package org.rpcbench.suite;

import java.io.IOException;
import java.util.List;
import org.rpcbench.cli.UsageException;

/**
 * What an ab or a calibration runs: one pair with the cases JMH's options select, or every pair of a suite
 * with the suite's cases.
 *
 * @param cases the suite's cases, added to the runs' JMH options; empty for one pair (its -a decides)
 */
record Target(List<String> pairs, List<String> cases) {

    static Target of(Checkout env, List<String> words, String command) throws UsageException, IOException {
        Pairs known = Pairs.of(env.root());
        if (words.size() == 2 && words.get(0).equals("suite")) {
            try {
                Suite suite = Suite.named(words.get(1));
                return new Target(suite.pairs(known), suite.cases());
            } catch (IllegalArgumentException e) {
                throw new UsageException(e.getMessage());
            }
        }
        if (words.size() != 1 || words.get(0).startsWith("-")) {
            throw new UsageException(command + " needs one pair, or suite NAME, got " + words);
        }
        if (!known.has(words.get(0))) {
            throw new UsageException("unknown module '" + words.get(0) + "'");
        }
        return new Target(List.of(words.get(0)), List.of());
    }

    /** How many cases each run measures: the suite's, or the default four. */
    int caseCount() {
        return cases.isEmpty() ? 4 : cases.size();
    }

    String caseArgs() {
        return cases.isEmpty() ? "" : " " + String.join(" ", cases);
    }
}
