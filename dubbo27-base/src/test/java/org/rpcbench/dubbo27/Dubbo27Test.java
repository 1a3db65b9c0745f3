package org.rpcbench.dubbo27;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import org.apache.dubbo.common.Version;
import org.apache.dubbo.common.utils.NetUtils;
import org.junit.jupiter.api.Test;
import org.rpcbench.binding.Switch;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class Dubbo27Test {

    @ParameterizedTest
    @ValueSource(strings = {"127.0.0.1", "127.0.0.2", "127.255.255.254", "localhost"})
    void loopbackReachesDubboInAFormItKeeps(String given) throws Exception {
        String written = Dubbo27.host(given);
        assertThat(NetUtils.isInvalidLocalHost(given)).as("Dubbo 2.7 discards %s", given).isTrue();
        assertThat(NetUtils.isInvalidLocalHost(written)).as("Dubbo 2.7 keeps %s", written).isFalse();
        assertThat(written).containsOnlyDigits();
        assertThat(InetAddress.getByName(written)).isEqualTo(InetAddress.getByName(given));
    }

    @ParameterizedTest
    @ValueSource(strings = {"10.1.2.3", "192.168.0.1", "no-such-host.invalid"})
    void otherHostsAreLeftAsGiven(String given) {
        assertThat(Dubbo27.host(given)).isEqualTo(given);
    }

    /** The parent pom manages Dubbo 3 and netty 4.2; this module must still get the 2.7 line and its netty. */
    @Test
    void theFrameworkOnTheClassPathIsDubbo27OnNetty41() {
        assertThat(Version.getVersion()).startsWith("2.7.");
        assertThat(Dubbo27.frameworkVersion()).isEqualTo(Version.getVersion()); // unshaded, both ways agree
        assertThat(Dubbo27.nettyVersion()).startsWith("4.1.");
        assertThat(new Dubbo27HessianPair() {}.settings())
                .containsEntry("frameworkVersion", Version.getVersion())
                .containsEntry("threads", "200")
                .containsKeys("framework", "protocol", "serialization", "netty");
    }

    @Test
    void theSwitchesReachDubbo27AsItNamesThem() {
        assertThat(Dubbo27.filter()).isEqualTo("-default");
        assertThat(Dubbo27.parameters()).containsEntry("decode.in.io", "true").containsEntry("threads", "200");
        assertThat(Dubbo27.settings("dubbo", "hessian2")).containsEntry("defaultFilters", "none").containsEntry("decodeInIoThread", "on");
        try {
            System.setProperty(Switch.PREFIX + "dubbo.filters", "default");
            System.setProperty(Switch.PREFIX + "dubbo.decode-in-io", "off");
            assertThat(Dubbo27.filter()).isNull();
            assertThat(Dubbo27.parameters()).containsEntry("decode.in.io", "false");
            assertThat(Dubbo27.settings("dubbo", "hessian2")).containsEntry("defaultFilters", "default").containsEntry("decodeInIoThread", "off");
        } finally {
            System.clearProperty(Switch.PREFIX + "dubbo.filters");
            System.clearProperty(Switch.PREFIX + "dubbo.decode-in-io");
        }
    }
}
