package org.rpcbench.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The host a client's record names: its node where RPCBENCH_NODE gives it (in a pod), else its own name. */
class EnvironmentProbeTest {
    @Test
    void theNodeGivenInRpcbenchNodeIsTheRecordsHost() {
        assertThat(EnvironmentProbe.hostname(Map.of("RPCBENCH_NODE", " node-client-3 "))).isEqualTo("node-client-3");
    }

    @Test
    void withoutItTheHostsOwnName() {
        String own = EnvironmentProbe.hostname(Map.of());
        assertThat(own).isNotBlank().isEqualTo(EnvironmentProbe.hostname(Map.of("RPCBENCH_NODE", " ")));
    }
}
