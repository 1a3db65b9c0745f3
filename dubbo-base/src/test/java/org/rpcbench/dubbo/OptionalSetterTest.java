package org.rpcbench.dubbo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class OptionalSetterTest {

    public static final class Config {
        String mode;

        public void setMode(String mode) {
            this.mode = mode;
        }
    }

    @Test
    void aSetterThatIsThereIsCalled() {
        OptionalSetter setter = new OptionalSetter(Config.class, "setMode", String.class);
        Config config = new Config();
        assertThat(setter.available()).isTrue();
        setter.set(config, "default");
        assertThat(config.mode).isEqualTo("default");
    }

    @Test
    void aSetterThatIsNotThereIsReportedAndNeverSkippedSilently() {
        OptionalSetter setter = new OptionalSetter(Config.class, "setExecutorManagementMode", String.class);
        assertThat(setter.available()).isFalse();
        assertThatThrownBy(() -> setter.set(new Config(), "default"))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("Config.setExecutorManagementMode");
        assertThat(new OptionalSetter(Config.class, "setMode", Integer.class).available()).as("the type is part of it").isFalse();
    }
}
