package org.rpcbench.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class RunOrderTest {
    static final List<String> CASES = List.of("createUser", "existUser", "getUser", "listUser");

    @Test
    void withoutASeedTheOrderIsJmhsByName() {
        assertThat(RunOrder.of(List.of("listUser", "getUser", "existUser"), null)).containsExactly("existUser", "getUser", "listUser");
    }

    @Test
    void oneSeedDrawsOneOrderWhateverOrderTheSelectionWasGivenIn() {
        for (long seed = 0; seed < 50; seed++) {
            assertThat(RunOrder.of(CASES, seed)).as("seed " + seed).isEqualTo(RunOrder.of(List.of("listUser", "getUser", "existUser", "createUser"), seed))
                    .isEqualTo(RunOrder.of(CASES, seed));
        }
    }

    @Test
    void everyCaseRunsOnce() {
        for (long seed = 0; seed < 50; seed++) {
            assertThat(RunOrder.of(CASES, seed)).as("seed " + seed).containsExactlyInAnyOrderElementsOf(CASES);
        }
        assertThat(RunOrder.of(List.of("getUser", "getUser", "listUser"), 3L)).hasSize(2);
    }

    @Test
    void seedsDrawEveryOrderAndEachCaseComesFirstAboutAsOftenAsAnother() {
        Set<List<String>> orders = new HashSet<>();
        int[] first = new int[CASES.size()];
        int draws = 2400;
        LongStream.range(0, draws).forEach(seed -> {
            List<String> order = RunOrder.of(CASES, seed);
            orders.add(order);
            first[CASES.indexOf(order.get(0))]++;
        });
        assertThat(orders).as("all 24 orders of four cases").hasSize(24);
        for (int f : first) {
            // a quarter each, 600 expected; a binomial's sd here is about 21, so 500..700 fails only a broken draw
            assertThat(f).isBetween(500, 700);
        }
    }
}
