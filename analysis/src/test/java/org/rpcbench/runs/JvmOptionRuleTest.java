package org.rpcbench.runs;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** What a stored plan may ask a JVM for: what the harness gives, never code of the plan's own choosing. */
class JvmOptionRuleTest {
    @Test
    void theHarnesssOwnOptionsPassAndThoseThatRunCodeAreRefused() {
        assertThat(JvmOptionRule.refused(List.of(PairRunSettings.JVM_DEFAULT.split(" ")))).isNull();
        assertThat(JvmOptionRule.refused(List.of("-Xms2g", "-XX:+UseG1GC", "-Xlog:gc:file=/tmp/gc.log", "-Ddubbo.x=1", "-f", "0", "-wi",
                "1", "getUser", "-jvmArgsAppend", "-Xmx1g"))).isNull();
        for (String bad : List.of("-javaagent:/x.jar", "-agentpath:/x.so", "-agentlib:jdwp=transport=dt_socket", "-XX:OnError=sh",
                "-XX:OnOutOfMemoryError=kill", "-Xbootclasspath/a:/x", "-XX:VMOptionsFile=/x", "@/tmp/args", "-jvm", "-cp",
                "-jvmArgs=-javaagent:/x.jar")) {
            assertThat(JvmOptionRule.refused(List.of("-Xmx1g", bad))).as(bad).isEqualTo(bad);
        }
    }
}
