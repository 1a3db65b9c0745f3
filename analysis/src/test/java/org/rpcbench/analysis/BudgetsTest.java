package org.rpcbench.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class BudgetsTest {

    @Test
    void whenThereAreFewChoicesEveryOneIsTakenOnce() {
        // 5 rounds, budgets of 4: C(5, 4) = 5 distinct budgets, never 200 copies of them
        Budgets b = Budgets.distinct(5, 4, 200, new SplittableRandom(1));
        assertThat(b.budgets()).hasSize(5);
        assertThat(new HashSet<>(b.budgets())).hasSize(5);
        assertThat(b.all()).isTrue();
        assertThat(b.choices()).isEqualTo(5);
        assertThat(b.describe()).isEqualTo("all 5 distinct budgets of 4 of the 5 rounds");
        assertThat(Budgets.distinct(8, 4, 70, new SplittableRandom(1)).budgets()).hasSize(70).doesNotHaveDuplicates();
    }

    @Test
    void whenThereAreManyTheDrawnOnesAreDistinctSetsOfDistinctRounds() {
        Budgets b = Budgets.distinct(25, 12, 500, new SplittableRandom(1));
        assertThat(b.budgets()).hasSize(500).doesNotHaveDuplicates();
        assertThat(b.all()).isFalse();
        assertThat(b.choices()).isEqualTo(5_200_300);
        for (List<Integer> budget : b.budgets()) {
            assertThat(budget).hasSize(12).doesNotHaveDuplicates().isSorted().allMatch(r -> r >= 0 && r < 25);
        }
        // every round takes its turn
        assertThat(b.budgets().stream().flatMap(List::stream).distinct().count()).isEqualTo(25);
        assertThat(b.describe()).isEqualTo("500 distinct budgets of 12 of the 25 rounds, drawn from 5,200,300");
        // as many asked as there are: all of them, by enumeration
        assertThat(Budgets.distinct(9, 3, 84, new SplittableRandom(2)).all()).isTrue();
        // one fewer than there are: drawn, still distinct
        assertThat(Budgets.distinct(9, 3, 83, new SplittableRandom(2)).budgets()).hasSize(83).doesNotHaveDuplicates();
    }

    @Test
    void withNoMoreRoundsThanABudgetThereIsOneBudgetAndItSaysSo() {
        Budgets b = Budgets.distinct(3, 4, 200, new SplittableRandom(1));
        assertThat(b.budgets()).containsExactly(List.of(0, 1, 2));
        assertThat(b.size()).isEqualTo(3);
        assertThat(b.describe()).isEqualTo("one budget: all 3 rounds");
        assertThat(Budgets.distinct(4, 4, 200, new SplittableRandom(1)).budgets()).containsExactly(List.of(0, 1, 2, 3));
    }

    @Test
    void disjointBudgetsShareNoRound() {
        assertThat(Budgets.disjoint(9, 4)).containsExactly(List.of(0, 1, 2, 3), List.of(4, 5, 6, 7));
        assertThat(Budgets.disjoint(4, 4)).containsExactly(List.of(0, 1, 2, 3));
        assertThat(Budgets.disjoint(3, 4)).isEmpty();
    }

    @Test
    void binomialCoefficientsSaturate() {
        assertThat(Budgets.choose(5, 4)).isEqualTo(5);
        assertThat(Budgets.choose(25, 12)).isEqualTo(5_200_300);
        assertThat(Budgets.choose(60, 30)).isEqualTo(118_264_581_564_861_424L);
        assertThat(Budgets.choose(200, 100)).isEqualTo(Long.MAX_VALUE);
        assertThat(Budgets.choose(3, 4)).isZero();
    }
}
