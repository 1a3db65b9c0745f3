package org.rpcbench.rig;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Group;
import org.openjdk.jmh.annotations.GroupThreads;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.VerboseMode;
import org.rpcbench.cases.Case;
import org.rpcbench.cases.CaseGroup;

/** JMH finds benchmarks by their annotation only: each case needs its method here, and each method a case. */
class UserServiceBenchmarkTest {

    @Test
    void everyCaseHasItsBenchmarkMethodAndEveryBenchmarkMethodIsACase() {
        String[] benchmarks = Arrays.stream(UserServiceBenchmark.class.getMethods())
                .filter(m -> m.isAnnotationPresent(Benchmark.class) && !m.isAnnotationPresent(Group.class)).map(Method::getName).sorted()
                .toArray(String[]::new);
        String[] cases = Arrays.stream(Case.values()).map(Case::method).sorted().toArray(String[]::new);
        assertThat(benchmarks).as("the @Benchmark methods of UserServiceBenchmark, one a case (docs/adding.md: Adding a case)")
                .containsExactly(cases);
    }

    @Test
    void everyGroupHasAMethodPerSubgroupWithItsShareOfTheSeedsCallers() {
        List<String> grouped = new ArrayList<>();
        for (Method m : UserServiceBenchmark.class.getMethods()) {
            if (m.isAnnotationPresent(Group.class)) {
                assertThat(m.isAnnotationPresent(Benchmark.class)).as(m.getName()).isTrue();
                CaseGroup g = CaseGroup.named(m.getAnnotation(Group.class).value());
                assertThat(g).as("the group of " + m.getName()).isNotNull();
                List<Case> subgroup = g.subgroupOf(m.getName());
                assertThat(m.getAnnotation(GroupThreads.class).value()).as(m.getName() + "'s callers by default")
                        .isEqualTo(g.callers(CaseGroup.SEED_CALLERS)[g.subgroups().indexOf(subgroup)]);
                grouped.add(m.getName());
            }
        }
        List<String> labels = Arrays.stream(CaseGroup.values()).flatMap(g -> g.subgroups().stream().map(s -> g.label(s.get(0)))).toList();
        assertThat(grouped).containsExactlyInAnyOrderElementsOf(labels);
    }

    @Test
    void jmhTakesAGroupsThreadCountsInTheOrderThreadGroupsGivesThem() {
        for (CaseGroup g : CaseGroup.values()) {
            BenchmarkListEntry entry = BenchmarkList.defaultList().getAll(OutputFormatFactory.createFormatInstance(System.out,
                    VerboseMode.SILENT), List.of()).stream().filter(e -> e.getUsername().endsWith("." + g.group())).findFirst().orElseThrow();
            List<String> jmhOrder = new ArrayList<>(entry.getThreadGroupLabels().get());
            int[] ours = g.threadGroups(CaseGroup.SEED_CALLERS);
            for (int s = 0; s < jmhOrder.size(); s++) {
                List<Case> subgroup = g.subgroupOf(jmhOrder.get(s));
                assertThat(ours[s]).as(jmhOrder.get(s)).isEqualTo(g.callers(CaseGroup.SEED_CALLERS)[g.subgroups().indexOf(subgroup)]);
            }
            assertThat(entry.getThreadGroups()).as("the annotations' counts, in JMH's order").containsExactly(ours);
        }
    }
}
