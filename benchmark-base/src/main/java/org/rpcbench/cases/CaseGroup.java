package org.rpcbench.cases;

import java.util.Arrays;
import java.util.List;

/**
 * Cases that JMH runs at the same time in one benchmark (its {@code @Group}): each member case is called by
 * callers of its own, all in one fork, and each keeps its own tally and record. The group's benchmark name is
 * the group's; each member's method in the JMH benchmark class (UserServiceBenchmark) is named {@code GROUP_CASE}, which is what
 * JMH labels the member's own (secondary) score with.
 */
public enum CaseGroup {
    /** Seed 003's stability scene: the 5 KB string, the person and the map of three persons, called at once. */
    STABILITY("stability", List.of(Case.ECHO_5K, Case.ECHO_POJO, Case.ECHO_PERSONS));

    /** The seed's stability and high-pressure scenes ran 20 callers ("20 concurrency"). */
    public static final int SEED_CALLERS = 20;

    private final String group;
    private final List<Case> members;

    CaseGroup(String group, List<Case> members) {
        this.group = group;
        this.members = members;
    }

    /** Its JMH benchmark name (the last part of the full one) and the name a pattern selects it by. */
    public String group() {
        return group;
    }

    public List<Case> members() {
        return members;
    }

    /** The benchmark method, and so JMH's label of the score, of a member. */
    public String label(Case member) {
        if (!members.contains(member)) {
            throw new IllegalArgumentException(member.method() + " is not in the group " + group);
        }
        return group + "_" + member.method();
    }

    /** The member a benchmark method (a JMH label) calls. */
    public Case memberOf(String label) {
        for (Case c : members) {
            if (label(c).equals(label)) {
                return c;
            }
        }
        throw new IllegalArgumentException("no member of the group " + group + " is labelled '" + label + "'");
    }

    /**
     * How many of {@code callers} call each member, in the order of {@link #members()}: as even as can be, the
     * first members taking one more when they do not divide (20 for three: 7, 7, 6). The seed says only that its
     * 20 callers called the three methods at the same time; an even split gives each method the same share of the
     * callers, so that no payload's throughput is set by how the callers were dealt.
     */
    public int[] callers(int callers) {
        if (callers < members.size()) {
            throw new IllegalArgumentException("the group " + group + " needs at least " + members.size() + " callers, one a member; got "
                    + callers);
        }
        int[] split = new int[members.size()];
        for (int i = 0; i < split.length; i++) {
            split[i] = callers / split.length + (i < callers % split.length ? 1 : 0);
        }
        return split;
    }

    /**
     * {@link #callers} in the order JMH takes a group's thread counts ({@code -tg}): its methods' names, sorted.
     */
    public int[] threadGroups(int callers) {
        int[] split = callers(callers);
        List<String> labels = members.stream().map(this::label).sorted().toList();
        int[] ordered = new int[split.length];
        for (int i = 0; i < split.length; i++) {
            ordered[i] = split[members.indexOf(memberOf(labels.get(i)))];
        }
        return ordered;
    }

    /** The group of a JMH benchmark name (its method name, or the fully qualified one), or null for a single case. */
    public static CaseGroup ofBenchmark(String benchmark) {
        String name = benchmark.substring(benchmark.lastIndexOf('.') + 1);
        return Arrays.stream(values()).filter(g -> g.group.equals(name)).findFirst().orElse(null);
    }

    /** The group named so, or null. */
    public static CaseGroup named(String group) {
        return ofBenchmark(group);
    }
}
