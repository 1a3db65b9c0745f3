package org.rpcbench.command;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SoakPlanTest {
    @Test
    void aSoakIsSplitIntoTenOrMoreIterationsOfThreeToSixtySeconds() {
        assertThat(SceneCommand.Plan.of(30)).extracting("iterations", "iterationSeconds").containsExactly(10, 3);
        assertThat(SceneCommand.Plan.of(900)).extracting("iterations", "iterationSeconds").containsExactly(20, 45);
        assertThat(SceneCommand.Plan.of(7200)).extracting("iterations", "iterationSeconds").containsExactly(120, 60);
    }

    // a one-minute soak (CI's) must not spend most of its time warming up; a long one keeps the full minute
    @Test
    void theWarmUpIsBoundedByAQuarterOfTheSoakBetweenFiveAndSixtySeconds() {
        assertThat(SceneCommand.Plan.of(12).warmupBoundSeconds()).isEqualTo(5);
        assertThat(SceneCommand.Plan.of(30).warmupBoundSeconds()).isEqualTo(7);
        assertThat(SceneCommand.Plan.of(120).warmupBoundSeconds()).isEqualTo(30);
        assertThat(SceneCommand.Plan.of(900).warmupBoundSeconds()).isEqualTo(60);
    }

    @Test
    void theSoakIsSeed003sStabilitySceneItsThreeCallsAtOnce() {
        assertThat(SoakCommand.SCENE.members()).extracting(org.rpcbench.cases.Case::method).containsExactly("echo5K", "echoPojo", "echoPersons");
        assertThat(SoakCommand.SCENE.callers(org.rpcbench.cases.CaseGroup.SEED_CALLERS)).containsExactly(7, 7, 6);
    }
}
