package org.rpcbench.cases;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import org.junit.jupiter.api.Test;

class PayloadScheduleTest {

    static List<Case> first(PayloadSchedule s, int intervals) {
        List<Case> drawn = new ArrayList<>();
        for (int k = 0; k < intervals; k++) {
            drawn.add(s.ofInterval(k));
        }
        return drawn;
    }

    @Test
    void theSameSeedGivesTheSameSizesAnotherSeedOthers() {
        PayloadSchedule a = PayloadSchedule.seed003(42, 1000);
        assertThat(first(a, 40)).isEqualTo(first(PayloadSchedule.seed003(42, 1000), 40));
        assertThat(first(a, 40)).isNotEqualTo(first(PayloadSchedule.seed003(43, 1000), 40));
    }

    @Test
    void everySizeOfTheSeedIsDrawnAndNoOther() {
        List<Case> drawn = first(PayloadSchedule.seed003(7, 1000), 200);
        assertThat(new HashSet<>(drawn)).containsExactlyInAnyOrder(Case.ECHO_20B, Case.ECHO_1K, Case.ECHO_50K, Case.ECHO_200K);
        assertThat(drawn.stream().distinct().count()).isEqualTo(4);
        // the sizes switch: a schedule that kept one size would be no high-pressure scene
        assertThat(java.util.stream.IntStream.range(1, drawn.size()).filter(i -> drawn.get(i) != drawn.get(i - 1)).count()).isGreaterThan(100);
    }

    @Test
    void theSizeChangesOnlyAtTheIntervalsEdgesOfTheWallClock() {
        PayloadSchedule s = PayloadSchedule.seed003(3, 600_000);
        long start = 1_700_000_400_000L; // an edge: a multiple of ten minutes
        assertThat(s.at(start)).isEqualTo(s.at(start + 599_999)).isEqualTo(s.ofInterval(start / 600_000));
        assertThat(s.at(start + 600_000)).isEqualTo(s.ofInterval(start / 600_000 + 1));
        assertThat(s.nextSwitch(start + 1)).isEqualTo(start + 600_000);
        assertThat(s.nextSwitch(start)).isEqualTo(start + 600_000);
    }

    @Test
    void onlyStringEchoesAndAPositiveIntervalMakeASchedule() {
        assertThatThrownBy(() -> new PayloadSchedule(1, 0, PayloadSchedule.SEED_003_SIZES)).hasMessageContaining("positive");
        assertThatThrownBy(() -> new PayloadSchedule(1, 1000, List.of(Case.ECHO_POJO))).hasMessageContaining("string echoes");
    }
}
