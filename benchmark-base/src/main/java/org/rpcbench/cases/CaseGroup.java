package org.rpcbench.cases;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Cases that JMH runs at the same time in one benchmark (its {@code @Group}): each subgroup of callers calls
 * its own case, all in one fork, and each case keeps its own tally and record. The group's benchmark name is
 * the group's; each subgroup's method in the JMH benchmark class (UserServiceBenchmark) is named
 * {@code GROUP_CASE}, which is what JMH labels the subgroup's own (secondary) score with. One subgroup may call
 * string echoes of sizes switched by a {@link PayloadSchedule} instead of one case ({@code GROUP_echoSwitched}):
 * each size is then a case of the record, with the calls made while it was in force.
 */
public enum CaseGroup {
    /** Seed 003's stability scene: the 5 KB string, the person and the map of three persons, called at once. */
    STABILITY("stability", List.of(List.of(Case.ECHO_5K), List.of(Case.ECHO_POJO), List.of(Case.ECHO_PERSONS))),
    /**
     * Seed 003's high-pressure scene, "on the basis of the stability scenario ... the parameters of String are
     * 20byte to 200K, and are randomly transformed every 10 minutes": the stability scene with its string's size
     * switched by a {@link PayloadSchedule}.
     */
    PRESSURE("pressure", List.of(PayloadSchedule.SEED_003_SIZES, List.of(Case.ECHO_POJO), List.of(Case.ECHO_PERSONS)));

    /** The seed's stability and high-pressure scenes ran 20 callers ("20 concurrency"). */
    public static final int SEED_CALLERS = 20;
    /** The last part of the label of a subgroup whose size is switched. */
    public static final String SWITCHED = "echoSwitched";

    private final String group;
    private final List<List<Case>> subgroups;

    CaseGroup(String group, List<List<Case>> subgroups) {
        this.group = group;
        this.subgroups = subgroups;
    }

    /** Its JMH benchmark name (the last part of the full one) and the name a pattern selects it by. */
    public String group() {
        return group;
    }

    /** The cases each subgroup calls, in the group's order: one case, or the sizes a schedule switches among. */
    public List<List<Case>> subgroups() {
        return subgroups;
    }

    /** Every case the group calls, each a case of the record. */
    public List<Case> members() {
        return subgroups.stream().flatMap(List::stream).toList();
    }

    /** Whether {@code c} is called by a subgroup whose size is switched. */
    public boolean switched(Case c) {
        return subgroups.stream().anyMatch(s -> s.size() > 1 && s.contains(c));
    }

    /** Whether one of its subgroups switches its size, and so needs a {@link PayloadSchedule}. */
    public boolean switches() {
        return subgroups.stream().anyMatch(s -> s.size() > 1);
    }

    /** The short name of a subgroup: its case's, or {@value #SWITCHED}. */
    public static String name(List<Case> subgroup) {
        return subgroup.size() == 1 ? subgroup.get(0).method() : SWITCHED;
    }

    /** The benchmark method, and so JMH's label of the score, of the subgroup calling {@code member}. */
    public String label(Case member) {
        return group + "_" + name(subgroupOf(member));
    }

    private List<Case> subgroupOf(Case member) {
        return subgroups.stream().filter(s -> s.contains(member)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException(member.method() + " is not in the group " + group));
    }

    /** The cases called by the subgroup of a benchmark method (a JMH label). */
    public List<Case> subgroupOf(String label) {
        for (List<Case> s : subgroups) {
            if ((group + "_" + name(s)).equals(label)) {
                return s;
            }
        }
        throw new IllegalArgumentException("no subgroup of the group " + group + " is labelled '" + label + "'");
    }

    /** The case a subgroup of one case calls (a JMH label); for a switched subgroup, its first size. */
    public Case memberOf(String label) {
        return subgroupOf(label).get(0);
    }

    /**
     * How many of {@code callers} call each subgroup, in the order of {@link #subgroups()}: as even as can be, the
     * first taking one more when they do not divide (20 for three: 7, 7, 6). The seed says only that its 20
     * callers called the three methods at the same time; an even split gives each method the same share of the
     * callers, so that no payload's throughput is set by how the callers were dealt.
     */
    public int[] callers(int callers) {
        if (callers < subgroups.size()) {
            throw new IllegalArgumentException("the group " + group + " needs at least " + subgroups.size() + " callers, one a method; got "
                    + callers);
        }
        int[] split = new int[subgroups.size()];
        for (int i = 0; i < split.length; i++) {
            split[i] = callers / split.length + (i < callers % split.length ? 1 : 0);
        }
        return split;
    }

    /** {@link #callers} in the order JMH takes a group's thread counts ({@code -tg}): its methods' names, sorted. */
    public int[] threadGroups(int callers) {
        int[] split = callers(callers);
        List<String> labels = new ArrayList<>(subgroups.stream().map(s -> group + "_" + name(s)).toList());
        List<String> sorted = labels.stream().sorted().toList();
        int[] ordered = new int[split.length];
        for (int i = 0; i < split.length; i++) {
            ordered[i] = split[labels.indexOf(sorted.get(i))];
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
