package org.rpcbench.analysis;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

/**
 * Budgets of an ab's size drawn from a calibration's stored rounds: each a set of distinct rounds (a round drawn
 * twice would pass for two independent ones), and no set counted twice (200 draws of the 5 distinct 4-round sets
 * of 5 rounds are 5 trials, not 200). Rounds are named by their position, 0 to n - 1.
 *
 * @param budgets the sets, each in ascending order
 * @param size the rounds in each: the ab's, or all there are when there are no more
 * @param choices how many distinct sets of that size there are (C(n, size)), {@link Long#MAX_VALUE} when more than a long holds
 * @param rounds the rounds they were drawn from
 */
public record Budgets(List<List<Integer>> budgets, int size, long choices, int rounds) {

    public Budgets {
        budgets = List.copyOf(budgets);
    }

    /** Whether every distinct set is among them. */
    public boolean all() {
        return budgets.size() == choices;
    }

    /**
     * Up to {@code count} distinct budgets of {@code size} of {@code rounds} rounds: all C(rounds, size) when there
     * are no more than {@code count}, else {@code count} distinct ones drawn at random. With no more rounds than
     * a budget holds there is one: all of them.
     */
    public static Budgets distinct(int rounds, int size, int count, SplittableRandom random) {
        if (rounds < 1 || size < 1 || count < 1) {
            throw new IllegalArgumentException("no budgets of " + size + " of " + rounds + " rounds");
        }
        if (rounds <= size) {
            return new Budgets(List.of(IntStream.range(0, rounds).boxed().toList()), rounds, 1, rounds);
        }
        long choices = choose(rounds, size);
        if (choices <= count) {
            List<List<Integer>> all = new ArrayList<>();
            combinations(rounds, size, 0, new ArrayList<>(), all);
            return new Budgets(all, size, choices, rounds);
        }
        Set<List<Integer>> drawn = new HashSet<>();
        List<List<Integer>> ordered = new ArrayList<>();
        int[] pool = IntStream.range(0, rounds).toArray();
        while (ordered.size() < count) {
            for (int i = 0; i < size; i++) {
                int j = i + random.nextInt(rounds - i);
                int swap = pool[i];
                pool[i] = pool[j];
                pool[j] = swap;
            }
            List<Integer> budget = IntStream.of(pool).limit(size).sorted().boxed().toList();
            if (drawn.add(budget)) {
                ordered.add(budget);
            }
        }
        return new Budgets(ordered, size, choices, rounds);
    }

    /**
     * The budgets of {@code size} that share no round: floor(rounds / size) of them, each of consecutive rounds
     * (as an ab's own rounds are), so that each is an independent trial. None when a budget needs more rounds
     * than there are.
     */
    public static List<List<Integer>> disjoint(int rounds, int size) {
        List<List<Integer>> blocks = new ArrayList<>();
        for (int start = 0; start + size <= rounds; start += size) {
            blocks.add(IntStream.range(start, start + size).boxed().toList());
        }
        return blocks;
    }

    /** "all 70 distinct budgets of 4 of the 8 rounds", or how many of how many, or the one budget there is. */
    public String describe() {
        if (size == rounds && budgets.size() == 1) {
            return "one budget: all " + rounds + " rounds";
        }
        if (all()) {
            return String.format(Locale.ROOT, "all %d distinct budgets of %d of the %d rounds", budgets.size(), size, rounds);
        }
        return String.format(Locale.ROOT, "%d distinct budgets of %d of the %d rounds, drawn from %s", budgets.size(), size, rounds,
                choices == Long.MAX_VALUE ? "more than 9e18" : String.format(Locale.ROOT, "%,d", choices));
    }

    /** C(n, k), saturating at {@link Long#MAX_VALUE}. */
    static long choose(int n, int k) {
        k = Math.min(k, n - k);
        if (k < 0) {
            return 0;
        }
        long c = 1;
        for (int i = 1; i <= k; i++) {
            // c * (n - k + i) / i is exact at every step; stop before it overflows
            long factor = n - k + i;
            if (c > Long.MAX_VALUE / factor) {
                return Long.MAX_VALUE;
            }
            c = c * factor / i;
        }
        return c;
    }

    private static void combinations(int n, int k, int from, List<Integer> chosen, List<List<Integer>> out) {
        if (chosen.size() == k) {
            out.add(List.copyOf(chosen));
            return;
        }
        for (int i = from; i <= n - (k - chosen.size()); i++) {
            chosen.add(i);
            combinations(n, k, i + 1, chosen, out);
            chosen.remove(chosen.size() - 1);
        }
    }
}
