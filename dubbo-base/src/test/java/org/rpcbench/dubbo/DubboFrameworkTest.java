package org.rpcbench.dubbo;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.rpcbench.binding.Switch;

class DubboFrameworkTest {

    @AfterEach
    void clearSwitches() {
        System.clearProperty(Switch.PREFIX + "dubbo.filters");
        System.clearProperty(Switch.PREFIX + "dubbo.decode-in-io");
    }

    @Test
    void byDefaultTheFilterChainIsBareAndBodiesAreDecodedInTheIoThread() {
        assertThat(DubboFramework.filter()).isEqualTo("-default");
        assertThat(DubboFramework.parameters("dubbo")).containsEntry("decode.in.io.thread", "true");
        assertThat(DubboFramework.settings("dubbo", "hessian2"))
                .containsEntry("defaultFilters", "none")
                .containsEntry("decodeInIoThread", "on")
                .containsEntry("executorManagementMode", "default");
    }

    @Test
    void theSwitchesChangeWhatDubboIsGivenAndWhatIsRecorded() {
        System.setProperty(Switch.PREFIX + "dubbo.filters", "default");
        System.setProperty(Switch.PREFIX + "dubbo.decode-in-io", "off");
        assertThat(DubboFramework.filter()).as("no filter setting: Dubbo's default chain").isNull();
        assertThat(DubboFramework.parameters("dubbo")).containsEntry("decode.in.io.thread", "false");
        assertThat(DubboFramework.settings("dubbo", "hessian2"))
                .containsEntry("defaultFilters", "default")
                .containsEntry("decodeInIoThread", "off");
    }

    @Test
    void decodingInTheIoThreadIsADubboProtocolSwitchOnly() {
        assertThat(DubboFramework.switches("dubbo")).containsExactly(DubboFramework.FILTERS, DubboFramework.DECODE_IN_IO);
        assertThat(DubboFramework.switches("tri")).containsExactly(DubboFramework.FILTERS);
        assertThat(DubboFramework.parameters("tri")).isEmpty();
        assertThat(DubboFramework.settings("tri", "protobuf")).doesNotContainKey("decodeInIoThread");
    }
}
