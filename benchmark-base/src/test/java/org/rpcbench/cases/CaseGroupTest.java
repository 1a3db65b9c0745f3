package org.rpcbench.cases;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class CaseGroupTest {

    @Test
    void theStabilitySceneCallsTheSeedsThreePayloads() {
        assertThat(CaseGroup.STABILITY.members()).containsExactly(Case.ECHO_5K, Case.ECHO_POJO, Case.ECHO_PERSONS);
        assertThat(CaseGroup.ofBenchmark("org.rpcbench.rig.UserServiceBenchmark.stability")).isSameAs(CaseGroup.STABILITY);
        assertThat(CaseGroup.ofBenchmark("org.rpcbench.rig.UserServiceBenchmark.echo5K")).isNull();
    }

    @Test
    void callersAreDealtAsEvenlyAsCanBeTheFirstTakingTheRest() {
        assertThat(CaseGroup.STABILITY.callers(20)).containsExactly(7, 7, 6);
        assertThat(CaseGroup.STABILITY.callers(21)).containsExactly(7, 7, 7);
        assertThat(CaseGroup.STABILITY.callers(32)).containsExactly(11, 11, 10);
        assertThat(CaseGroup.STABILITY.callers(3)).containsExactly(1, 1, 1);
        assertThatThrownBy(() -> CaseGroup.STABILITY.callers(2)).hasMessageContaining("at least 3 callers");
    }

    @Test
    void jmhTakesTheCountsInItsMethodsNameOrder() {
        // stability_echo5K, stability_echoPersons, stability_echoPojo
        assertThat(CaseGroup.STABILITY.threadGroups(20)).containsExactly(7, 6, 7);
        assertThat(CaseGroup.STABILITY.threadGroups(32)).containsExactly(11, 10, 11);
    }

    @Test
    void aLabelNamesItsMember() {
        assertThat(CaseGroup.STABILITY.label(Case.ECHO_PERSONS)).isEqualTo("stability_echoPersons");
        assertThat(CaseGroup.STABILITY.memberOf("stability_echoPojo")).isEqualTo(Case.ECHO_POJO);
        assertThatThrownBy(() -> CaseGroup.STABILITY.memberOf("stability_echo1K")).hasMessageContaining("no subgroup");
        assertThatThrownBy(() -> CaseGroup.STABILITY.label(Case.ECHO_1K)).hasMessageContaining("not in the group");
    }

    @Test
    void thePressureSceneIsTheStabilitySceneWithItsStringsSizeSwitched() {
        CaseGroup p = CaseGroup.PRESSURE;
        assertThat(p.subgroups()).containsExactly(PayloadSchedule.SEED_003_SIZES, java.util.List.of(Case.ECHO_POJO),
                java.util.List.of(Case.ECHO_PERSONS));
        assertThat(p.members()).containsExactly(Case.ECHO_20B, Case.ECHO_1K, Case.ECHO_50K, Case.ECHO_200K, Case.ECHO_POJO, Case.ECHO_PERSONS);
        assertThat(p.switches()).isTrue();
        assertThat(CaseGroup.STABILITY.switches()).isFalse();
        assertThat(p.switched(Case.ECHO_50K)).isTrue();
        assertThat(p.switched(Case.ECHO_POJO)).isFalse();
        assertThat(p.label(Case.ECHO_200K)).isEqualTo("pressure_echoSwitched");
        assertThat(p.subgroupOf("pressure_echoSwitched")).isEqualTo(PayloadSchedule.SEED_003_SIZES);
        assertThat(p.callers(20)).containsExactly(7, 7, 6);
        // pressure_echoPersons, pressure_echoPojo, pressure_echoSwitched
        assertThat(p.threadGroups(20)).containsExactly(6, 7, 7);
    }
}
