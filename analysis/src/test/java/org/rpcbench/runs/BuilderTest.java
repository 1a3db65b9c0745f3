package org.rpcbench.runs;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The build's Maven command: a thread per core unless the user's options name a number, theirs passed as given. */
class BuilderTest {
    private static final List<Pair> PAIRS = List.of(new Pair("dubbo-hessian", "java", 20880), new Pair("grpc-go", "go", 50061));

    @Test
    void buildsEachModuleOnceWithAThreadPerCore() {
        assertThat(Builder.command(PAIRS, null)).containsExactly("mvn", "-B", "-q", "-T", "1C", "-pl",
                "dubbo-hessian-server,dubbo-hessian-client,go", "-am", "package", "-DskipTests");
    }

    @Test
    void theUsersOptionsComeAfterOursAndTheirThreadCountWins() {
        assertThat(Builder.command(PAIRS.subList(0, 1), " -Ddubbo.version=3.2.18  -o ")).containsSubsequence("-T", "1C",
                "-Ddubbo.version=3.2.18", "-o", "-pl");
        for (String threads : new String[] {"-T 4", "-T4", "-T1C", "--threads 2"}) {
            List<String> cmd = Builder.command(PAIRS.subList(0, 1), "-Ddubbo.version=3.2.18 " + threads);
            assertThat(cmd).as(threads).doesNotContain("1C").endsWith("-pl", "dubbo-hessian-server,dubbo-hessian-client", "-am",
                    "package", "-DskipTests");
        }
    }
}
