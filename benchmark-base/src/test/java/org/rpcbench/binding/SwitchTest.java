package org.rpcbench.binding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class SwitchTest {
    private static final Switch FILTERS = new Switch("x.filters", List.of("bare", "default"), "bare", "filter chain");
    private static final Switch DECODE = Switch.onOff("x.decode", false, "decode in IO thread");

    private static Binding binding(Switch... switches) {
        return new StubBinding("pair", switches);
    }

    private static Properties props(String... keyValues) {
        Properties p = new Properties();
        p.setProperty("unrelated", "1");
        for (int i = 0; i < keyValues.length; i += 2) {
            p.setProperty(keyValues[i], keyValues[i + 1]);
        }
        return p;
    }

    @Test
    void valueIsTheDefaultUnlessGiven() {
        assertThat(FILTERS.value(props())).isEqualTo("bare");
        assertThat(FILTERS.value(props("rpcbench.switch.x.filters", "default"))).isEqualTo("default");
    }

    @Test
    void givenSwitchesAreCheckedAgainstTheBinding() {
        assertThat(Switch.given(binding(FILTERS, DECODE), props("rpcbench.switch.x.decode", "on")))
                .containsExactly(Map.entry("x.decode", "on"));
        assertThat(Switch.given(binding(FILTERS), props())).isEmpty();
    }

    @Test
    void aSwitchTheBindingDoesNotHaveIsRefused() {
        assertThatThrownBy(() -> Switch.given(binding(FILTERS), props("rpcbench.switch.x.decode", "on")))
                .hasMessage("switch x.decode does not apply to pair; its switches: [x.filters]");
        assertThatThrownBy(() -> Switch.given(binding(), props("rpcbench.switch.x.decode", "on")))
                .hasMessage("switch x.decode does not apply to pair, which has none");
    }

    @Test
    void aValueOutsideTheListIsRefused() {
        assertThatThrownBy(() -> Switch.given(binding(DECODE), props("rpcbench.switch.x.decode", "true")))
                .hasMessage("switch x.decode takes on or off, not 'true'");
    }

    @Test
    void aDefaultOutsideTheValuesCannotBeDeclared() {
        assertThatThrownBy(() -> new Switch("s", List.of("a"), "b", "h")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void usageListsEverySwitch() {
        assertThat(Switch.describe(List.of(FILTERS, DECODE))).isEqualTo(
                "  x.filters=bare|default  filter chain (default: bare)\n"
                        + "  x.decode=on|off  decode in IO thread (default: off)\n");
    }

    @Test
    void everyBindingTakesTheCalibrationCostAndItIsCheckedAndRead() {
        assertThat(Switch.given(binding(), props("rpcbench.switch.calibration.spin-ns", "getUser:1100,listUser:2300")))
                .containsExactly(Map.entry("calibration.spin-ns", "getUser:1100,listUser:2300"));
        assertThatThrownBy(() -> Switch.given(binding(), props("rpcbench.switch.calibration.spin-ns", "a lot")))
                .hasMessageStartingWith("switch calibration.spin-ns takes calibration only:").hasMessageContaining("'a lot'");
        assertThat(Calibration.parse("getUser:1100,listUser:2300")).containsExactly(Map.entry("getUser", 1100L),
                Map.entry("listUser", 2300L));
        assertThat(Calibration.parse("1500")).containsExactly(Map.entry("*", 1500L));
        assertThat(Calibration.parse("0")).isEmpty();
    }
}
