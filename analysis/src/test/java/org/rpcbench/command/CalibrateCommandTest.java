package org.rpcbench.command;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.rpcbench.runs.Interleaved;

class CalibrateCommandTest {

    static List<Interleaved.Round> rounds(int n) {
        List<Interleaved.Round> rounds = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
            rounds.add(new Interleaved.Round(i, Map.of(), List.of(), 60));
        }
        return rounds;
    }

    @Test
    void aBudgetNeverHoldsTheSameRoundTwice() {
        var draws = CalibrateCommand.budgets(rounds(12), 6, 500, new SplittableRandom(1));
        assertThat(draws).hasSize(500);
        for (var draw : draws) {
            assertThat(draw).hasSize(6);
            assertThat(new HashSet<>(draw)).hasSize(6);
        }
        // and the budgets are different choices, every round taking its turn
        assertThat(new HashSet<>(draws).size()).isGreaterThan(300);
        assertThat(draws.stream().flatMap(List::stream).map(Interleaved.Round::index).distinct().count()).isEqualTo(12);
    }

    @Test
    void withNoMoreRoundsThanABudgetEveryBudgetIsAllOfThem() {
        var draws = CalibrateCommand.budgets(rounds(4), 6, 10, new SplittableRandom(1));
        assertThat(draws).allSatisfy(d -> assertThat(d).hasSize(4));
    }

    @Test
    void theCostsAreEachCasesShareOfItsServerCpuByMethod() {
        Map<String, Double> micros = new LinkedHashMap<>();
        micros.put("getUser", 20.0);
        micros.put("listUser", 60.0);
        micros.put("echo1K", 10.0);
        micros.put("echo50K", 90.0);
        assertThat(CalibrateCommand.spin(micros, 0.10)).isEqualTo("getUser:2000,listUser:6000,echo:1000");
    }
}
