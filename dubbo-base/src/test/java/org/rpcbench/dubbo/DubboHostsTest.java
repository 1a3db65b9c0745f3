package org.rpcbench.dubbo;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import org.apache.dubbo.common.utils.NetUtils;
import org.junit.jupiter.api.Test;

class DubboHostsTest {

    @Test
    void loopbackIsWrittenSoDubboKeepsIt() throws Exception {
        String literal = DubboHosts.literal("127.0.0.1");
        assertThat(literal).isEqualTo("2130706433");
        assertThat(NetUtils.isInvalidLocalHost("127.0.0.1")).as("why this class exists").isTrue();
        assertThat(NetUtils.isInvalidLocalHost(literal)).isFalse();
        assertThat(InetAddress.getByName(literal).getHostAddress()).isEqualTo("127.0.0.1");
        assertThat(DubboHosts.literal("127.0.0.2")).isEqualTo("2130706434");
        assertThat(DubboHosts.literal("localhost")).isEqualTo("2130706433");
    }

    @Test
    void otherHostsPassThrough() {
        assertThat(DubboHosts.literal("10.1.2.3")).isEqualTo("10.1.2.3");
        assertThat(DubboHosts.literal("no-such-host.invalid")).isEqualTo("no-such-host.invalid");
    }
}
