package org.rpcbench.command;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A side of an ab: -o's switches and its own for its runs; its description names the build and only its own switch. */
class AbSideTest {
    final LoadOptions load = new LoadOptions();

    @Test
    void aSideRunsBothSidesSwitchesAndItsOwnAndNamesOnlyItsOwn() {
        load.switches = List.of("dubbo.threads=8");
        AbCommand.Side candidate = AbCommand.Side.of("candidate", "abc123", "-Ddubbo.version=3.3.5", load, "dubbo.filters=default");
        assertThat(candidate.switches()).containsExactly("dubbo.threads=8", "dubbo.filters=default");
        assertThat(candidate.build().name()).isEqualTo("candidate");
        assertThat(candidate.describe(load)).isEqualTo("revision abc123 built with -Ddubbo.version=3.3.5 with dubbo.filters=default");
    }

    @Test
    void aSideWithoutItsOwnSwitchIsTheWorkingTreeWithOsSwitches() {
        AbCommand.Side baseline = AbCommand.Side.of("baseline", null, null, load, null);
        assertThat(baseline.switches()).isEmpty();
        assertThat(baseline.describe(load)).isEqualTo("the working tree");
        load.switches = List.of("dubbo.threads=8");
        assertThat(AbCommand.Side.of("baseline", null, null, load, null).describe(load)).isEqualTo("the working tree");
    }
}
