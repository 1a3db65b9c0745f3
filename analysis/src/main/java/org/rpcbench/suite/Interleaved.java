package org.rpcbench.suite;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;
import org.rpcbench.record.Records;
import org.rpcbench.record.RunRecord;

/**
 * Randomized interleaved rounds (Abedi and Brecht's "randomized multiple interleaved trials"): each round
 * runs every arm (a build, or a calibration cost) of every pair once, in a new random order, each run a
 * fresh server and client; rounds go on until the budget would be overrun or the rounds asked for are done.
 * What drifts on the machine over the rounds then falls on every arm alike, and a round pairs runs that
 * saw the same machine.
 */
final class Interleaved {

    /** One arm: the checkout that runs it and the switches it adds. */
    record Arm(String name, PairRunner runner, List<String> switches) {}

    /** A round's runs by arm and pair (a run that failed or left no record is absent) and what failed. */
    record Round(int index, Map<String, RunRecord> records, List<String> failures, long seconds) {
        RunRecord of(String arm, String pair) {
            return records.get(arm + " " + pair);
        }
    }

    /**
     * The rounds stored in {@code dir} by an earlier run ({@code rNN/ARM-PAIR/run.json}), to judge them again;
     * a run without a record counts as failed.
     */
    static List<Round> load(Path dir, List<String> arms, List<String> pairs) throws IOException {
        List<Round> rounds = new ArrayList<>();
        List<Path> roundDirs;
        try (var list = java.nio.file.Files.list(dir)) {
            roundDirs = list.filter(p -> p.getFileName().toString().matches("r\\d+")).sorted().toList();
        }
        for (Path roundDir : roundDirs) {
            Map<String, RunRecord> records = new LinkedHashMap<>();
            List<String> failures = new ArrayList<>();
            for (String arm : arms) {
                for (String pair : pairs) {
                    Path record = roundDir.resolve(arm + "-" + pair).resolve(Records.FILE);
                    if (record.toFile().isFile()) {
                        records.put(arm + " " + pair, Records.read(record));
                    } else if (roundDir.resolve(arm + "-" + pair).toFile().isDirectory()) {
                        failures.add(arm + " " + pair + " (no record in " + roundDir.resolve(arm + "-" + pair) + ")");
                    }
                }
            }
            rounds.add(new Round(Integer.parseInt(roundDir.getFileName().toString().substring(1)), records, failures, 0));
        }
        return rounds;
    }

    /** Called after each round with every round done so far. */
    interface Progress {
        void afterRound(List<Round> done, long elapsedSeconds, int expectedRounds);
    }

    private final List<Arm> arms;
    private final List<String> pairs;
    private final String jmh;
    private final List<Integer> concurrency;
    private final boolean pin;
    private final Path dir;
    private final long budgetSeconds;
    private final int maxRounds;
    private final RoundOrder order;
    private final LongSupplier clock;
    private final List<Round> done = Collections.synchronizedList(new ArrayList<>());
    private volatile PairRunner current;

    /**
     * @param budgetSeconds stop before a round that would end past this (0: no budget)
     * @param maxRounds stop after this many rounds (0: no limit)
     */
    Interleaved(List<Arm> arms, List<String> pairs, String jmh, List<Integer> concurrency, boolean pin, Path dir,
                long budgetSeconds, int maxRounds, RoundOrder order) {
        this(arms, pairs, jmh, concurrency, pin, dir, budgetSeconds, maxRounds, order, System::nanoTime);
    }

    /** @param clock nanoseconds, as System.nanoTime gives them: injected so the stopping rule can be tested */
    Interleaved(List<Arm> arms, List<String> pairs, String jmh, List<Integer> concurrency, boolean pin, Path dir,
                long budgetSeconds, int maxRounds, RoundOrder order, LongSupplier clock) {
        if (budgetSeconds <= 0 && maxRounds <= 0) {
            throw new IllegalArgumentException("rounds need a budget or a count");
        }
        this.arms = arms;
        this.pairs = pairs;
        this.jmh = jmh;
        this.concurrency = concurrency;
        this.pin = pin;
        this.dir = dir;
        this.budgetSeconds = budgetSeconds;
        this.maxRounds = maxRounds;
        this.order = order;
        this.clock = clock;
    }

    /** The rounds done so far (a stop keeps them). */
    List<Round> done() {
        synchronized (done) {
            return List.copyOf(done);
        }
    }

    /** Stops the run under way: what a signal handler calls. */
    void stop() {
        PairRunner r = current;
        if (r != null) {
            r.stop();
        }
    }

    List<Round> run(Progress progress, PrintStream err) throws IOException, InterruptedException {
        long start = clock.getAsLong();
        List<String[]> runs = new ArrayList<>();
        for (Arm arm : arms) {
            for (String pair : pairs) {
                runs.add(new String[] {arm.name(), pair});
            }
        }
        for (int index = 1; maxRounds <= 0 || index <= maxRounds; index++) {
            long elapsed = seconds(start);
            long perRound = done.isEmpty() ? 0 : elapsed / done.size();
            if (budgetSeconds > 0 && !done.isEmpty() && elapsed + perRound > budgetSeconds) {
                break;
            }
            long roundStart = clock.getAsLong();
            Map<String, RunRecord> records = new LinkedHashMap<>();
            List<String> failures = new ArrayList<>();
            for (String[] armPair : order.next(runs)) {
                Arm arm = arms.stream().filter(a -> a.name().equals(armPair[0])).findFirst().orElseThrow();
                Path runDir = dir.resolve(String.format(java.util.Locale.ROOT, "r%02d", index)).resolve(arm.name() + "-" + armPair[1]);
                current = arm.runner();
                int status = arm.runner().run(new PairRunner.Run(armPair[1], runDir, jmh, concurrency, arm.switches(), pin,
                        Checkout.noHistory(), runDir.resolve("benchmark.log")));
                current = null;
                Path record = runDir.resolve(Records.FILE);
                if (status == 0 && record.toFile().isFile()) {
                    records.put(arm.name() + " " + armPair[1], Records.read(record));
                } else {
                    failures.add(arm.name() + " " + armPair[1] + " (exit " + status + ", see " + runDir.resolve("benchmark.log") + ")");
                    err.println("benchmark.sh: round " + index + ": the run of " + arm.name() + " " + armPair[1] + " failed (exit "
                            + status + "); this round of " + armPair[1] + " is left out. Log: " + runDir.resolve("benchmark.log"));
                }
            }
            done.add(new Round(index, records, failures, seconds(roundStart)));
            long now = seconds(start);
            int expected = maxRounds > 0 && budgetSeconds <= 0 ? maxRounds
                    : (int) Math.max(done.size(), Math.min(maxRounds > 0 ? maxRounds : Integer.MAX_VALUE,
                            budgetSeconds / Math.max(1, now / done.size())));
            progress.afterRound(done(), now, expected);
        }
        return done();
    }

    private long seconds(long since) {
        return (clock.getAsLong() - since) / 1_000_000_000L;
    }
}
