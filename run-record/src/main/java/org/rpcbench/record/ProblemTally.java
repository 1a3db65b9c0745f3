package org.rpcbench.record;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Every failed call's problem, counted by kind, with the first few of each kind as they were: a case's
 * problems are all kept, however many, and however many kinds, without keeping every message. Kinds beyond
 * {@link #KINDS} (a problem that names a different value each time and so defeats the masking) are counted
 * together under {@link #OTHER}, so that the counts always add up to the failures. Not thread-safe: one
 * thread's, or merged under a lock.
 */
public final class ProblemTally {
    /** Examples kept of each kind. */
    public static final int EXAMPLES = 3;
    /** Kinds kept apart; more are counted as {@link #OTHER}. */
    public static final int KINDS = 50;
    public static final String OTHER = "(other kinds of problem, beyond the first " + KINDS + ")";

    private static final Pattern NUMBER = Pattern.compile("\\d+");

    private final Map<String, Kind> kinds = new LinkedHashMap<>();

    private static final class Kind {
        long count;
        final List<String> examples = new ArrayList<>(EXAMPLES);
    }

    /** A problem's kind: the problem with every run of digits as {@code #}. */
    public static String kind(String problem) {
        return NUMBER.matcher(problem).replaceAll("#");
    }

    /** One failed call. */
    public void add(String problem) {
        add(kind(problem), 1, List.of(problem));
    }

    /** Failed calls counted elsewhere (another thread's, fork's or client's). */
    public void addAll(List<ProblemKind> more) {
        for (ProblemKind k : more) {
            add(k.kind(), k.count(), k.examples());
        }
    }

    private void add(String kind, long count, List<String> examples) {
        Kind k = kinds.get(kind);
        if (k == null) {
            if (kinds.size() < KINDS) {
                k = new Kind();
                kinds.put(kind, k);
            } else {
                k = kinds.computeIfAbsent(OTHER, x -> new Kind());
            }
        }
        k.count += count;
        for (String e : examples) {
            if (k.examples.size() < EXAMPLES && !k.examples.contains(e)) {
                k.examples.add(e);
            }
        }
    }

    /** The kinds in the order first met, each with its count and examples. */
    public List<ProblemKind> kinds() {
        List<ProblemKind> all = new ArrayList<>();
        kinds.forEach((name, k) -> all.add(new ProblemKind(name, k.count, k.examples)));
        return all;
    }

    /** The failed calls counted. */
    public long total() {
        return kinds.values().stream().mapToLong(k -> k.count).sum();
    }

    public void clear() {
        kinds.clear();
    }

    /** The kinds of several tallies as one; null when any of them is unknown (a tally from before kinds were kept). */
    public static List<ProblemKind> merge(List<List<ProblemKind>> tallies) {
        ProblemTally all = new ProblemTally();
        for (List<ProblemKind> t : tallies) {
            if (t == null) {
                return null;
            }
            all.addAll(t);
        }
        return all.kinds();
    }
}
