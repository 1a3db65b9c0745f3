package org.rpcbench.dubbo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import org.apache.dubbo.config.ApplicationConfig;
import org.apache.dubbo.config.ProtocolConfig;
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

    @Test
    void aReleaseWithoutTheAllowlistOrExecutorModesIsRecordedAsSuch() {
        DubboRelease old = new DubboRelease("3.0.15", false, false, false, false);
        var settings = DubboFramework.settings("dubbo", "hessian2", old);
        assertThat(settings).containsEntry("frameworkVersion", "3.0.15");
        assertThat(settings.get("serializeCheck")).startsWith("not available in Dubbo 3.0.15");
        assertThat(settings.get("executorManagementMode")).startsWith("none in Dubbo 3.0.15");
        assertThat(settings.get("metadataService")).startsWith("on the provider's host (DUBBO_IP_TO_BIND)");
        assertThat(old.ownFrameworkModelServed()).isFalse();
        assertThat(settings.get("frameworkModel")).startsWith("the provider's is Dubbo's default one");
        var later = DubboFramework.settings("dubbo", "hessian2", new DubboRelease("3.1.11", true, false, false, false));
        assertThat(later.get("serializeCheck")).startsWith("STRICT (");
        DubboRelease current = new DubboRelease("3.3.6", true, true, true, true);
        assertThat(DubboFramework.settings("dubbo", "hessian2", current)).doesNotContainKey("metadataService")
                .doesNotContainKey("frameworkModel")
                .containsEntry("executorManagementMode", "default");

    }

    @Test
    void aSnapshotIsTreatedAsTheReleaseItLeadsTo() {
        DubboRelease snapshot = new DubboRelease("3.3.7-SNAPSHOT", true, true, true, true);
        assertThat(snapshot.ownFrameworkModelServed()).isTrue();
        assertThat(snapshot.consumerFindsStubs()).isTrue();
        assertThat(DubboFramework.settings("dubbo", "hessian2", snapshot)).containsEntry("frameworkVersion", "3.3.7-SNAPSHOT")
                .doesNotContainKey("frameworkModel");
        DubboRelease oldSnapshot = new DubboRelease("3.0.16-SNAPSHOT", false, false, false, false);
        assertThat(oldSnapshot.ownFrameworkModelServed()).isFalse();
        assertThat(oldSnapshot.consumerFindsStubs()).isFalse();
    }

    /**
     * The release on the class path (3.3.6 unless the build was given another, or a snapshot such as 3.3.7-SNAPSHOT): what
     * it has by its number is applied.
     */
    @Test
    void theReleaseOnTheClassPathGetsEverySettingItsNumberPromises() throws Exception {
        DubboRelease release = DubboRelease.current();
        assertThat(release.version()).as("the release the build was given (dubbo.version)")
                .isEqualTo(System.getProperty("rpcbench.test.dubbo-version"));
        String number = release.version().replaceFirst("-.*", ""); // a snapshot has what its release will
        int[] v = Arrays.stream(number.split("\\.")).limit(3).mapToInt(Integer::parseInt).toArray();
        int n = v[0] * 1_000_000 + v[1] * 1_000 + v[2];
        assertThat(release.serializeCheck()).as("the allowlist's settings, 3.1.6 on").isEqualTo(n >= 3_001_006);
        assertThat(release.executorModes()).as("executor modes, 3.2.0 on").isEqualTo(n >= 3_002_000);
        assertThat(release.preferSerialization()).as("prefer-serialization, 3.2.0 on").isEqualTo(n >= 3_002_000);
        assertThat(release.sharedMetadataService()).as("a MetadataService on the provider's server, 3.2.0 on").isEqualTo(n >= 3_002_000);

        ApplicationConfig app = DubboFramework.application("test");
        assertThat(app.getMetadataType()).isEqualTo("local");
        if (release.serializeCheck()) {
            assertThat(ApplicationConfig.class.getMethod("getSerializeCheckStatus").invoke(app)).isEqualTo("STRICT");
            assertThat(ApplicationConfig.class.getMethod("getTrustSerializeClassLevel").invoke(app)).isEqualTo(3);
            assertThat(ApplicationConfig.class.getMethod("getAutoTrustSerializeClass").invoke(app)).isEqualTo(true);
            assertThat(ApplicationConfig.class.getMethod("getCheckSerializable").invoke(app)).isEqualTo(true);
        }
        if (release.executorModes()) {
            assertThat(ApplicationConfig.class.getMethod("getExecutorManagementMode").invoke(app)).isEqualTo("default");
        }
        ProtocolConfig protocol = DubboFramework.protocol("dubbo", "hessian2", "127.0.0.1", 0);
        assertThat(protocol.getSerialization()).isEqualTo("hessian2");
        if (release.preferSerialization()) {
            assertThat(ProtocolConfig.class.getMethod("getPreferSerialization").invoke(protocol)).isEqualTo("hessian2");
        }
        assertThat(DubboFramework.settings("dubbo", "hessian2")).containsEntry("frameworkVersion", release.version());
    }

    @Test
    void beforeThreeTwoEveryExportIsBoundToTheProvidersHost() {
        String before = System.getProperty(DubboFramework.IP_TO_BIND);
        try {
            System.clearProperty(DubboFramework.IP_TO_BIND);
            DubboFramework.bindExportsTo(new DubboRelease("3.3.6", true, true, true, true), "127.0.0.1");
            assertThat(System.getProperty(DubboFramework.IP_TO_BIND)).as("3.2 on: left to the protocol config").isNull();
            DubboRelease old = new DubboRelease("3.0.15", false, false, false, false);
            DubboFramework.bindExportsTo(old, "127.0.0.1");
            assertThat(System.getProperty(DubboFramework.IP_TO_BIND)).isEqualTo("2130706433");
            DubboFramework.bindExportsTo(old, "127.0.0.1");
            assertThatThrownBy(() -> DubboFramework.bindExportsTo(old, "10.1.2.3"))
                    .isInstanceOf(IllegalStateException.class).hasMessageContaining("cannot also be 10.1.2.3");
        } finally {
            if (before == null) {
                System.clearProperty(DubboFramework.IP_TO_BIND);
            } else {
                System.setProperty(DubboFramework.IP_TO_BIND, before);
            }
        }
    }
}
