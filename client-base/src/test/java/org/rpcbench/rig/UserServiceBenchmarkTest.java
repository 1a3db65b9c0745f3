package org.rpcbench.rig;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Method;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Benchmark;
import org.rpcbench.cases.Case;

/** JMH finds benchmarks by their annotation only: each case needs its method here, and each method a case. */
class UserServiceBenchmarkTest {

    @Test
    void everyCaseHasItsBenchmarkMethodAndEveryBenchmarkMethodIsACase() {
        String[] benchmarks = Arrays.stream(UserServiceBenchmark.class.getMethods())
                .filter(m -> m.isAnnotationPresent(Benchmark.class)).map(Method::getName).sorted().toArray(String[]::new);
        String[] cases = Arrays.stream(Case.values()).map(Case::method).sorted().toArray(String[]::new);
        assertThat(benchmarks).as("the @Benchmark methods of UserServiceBenchmark, one a case (README: Adding a case)")
                .containsExactly(cases);
    }
}
