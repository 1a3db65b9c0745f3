package org.rpcbench.runs;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.rpcbench.cli.UsageException;

/**
 * What an ab or a calibration runs: one pair with the cases JMH's options select, or every pair of a suite
 * with the suite's cases.
 *
 * @param cases the suite's cases, added to the runs' JMH options; empty for one pair (its -a decides)
 */
public record Target(List<Pair> pairs, List<String> cases) {

    public static Target of(Checkout checkout, List<String> words, String command) throws UsageException, IOException {
        Pairs known = checkout.pairs();
        if (words.size() == 2 && words.get(0).equals("suite")) {
            Suite suite;
            try {
                suite = Suite.named(words.get(1));
            } catch (IllegalArgumentException e) {
                throw new UsageException(e.getMessage());
            }
            if (suite.ownReleases()) {
                // each side of an ab is one build; a row on a release of its own would be the same on both sides
                throw new UsageException(command + " compares two builds of each pair, and the suite " + suite.name()
                        + " builds some rows on Dubbo releases of their own (" + String.join(", ", suite.pairs().stream()
                        .filter(k -> k.contains("@")).toList()) + "): give " + command + " the pairs themselves");
            }
            List<Pair> pairs = new ArrayList<>();
            for (String name : suite.pairs(known)) {
                pairs.add(known.named(name));
            }
            return new Target(pairs, suite.cases());
        }
        if (words.size() != 1) {
            throw new UsageException(command + " needs one pair, or suite NAME, got " + (words.isEmpty() ? "none" : String.join(" ", words)));
        }
        return new Target(List.of(known.named(words.get(0))), List.of());
    }

    public List<String> pairNames() {
        return pairs.stream().map(Pair::name).toList();
    }

    /** How many cases each run measures: the suite's, or the default four. */
    public int caseCount() {
        return cases.isEmpty() ? 4 : cases.size();
    }

    public String caseArgs() {
        return cases.isEmpty() ? "" : " " + String.join(" ", cases);
    }
}
