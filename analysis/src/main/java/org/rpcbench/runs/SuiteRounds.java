package org.rpcbench.runs;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import org.rpcbench.cli.UsageException;

/**
 * A suite's runs: rounds, each running every row once in a new random order (so that neither drift nor the
 * order decides which pair comes first), each run in {@code KEY/} (one round) or {@code KEY/rN/}, a row's key being
 * its pair, or its pair on a Dubbo release of its own ({@code dubbo-hessian@3.0.15}). A pair
 * that fails is said and the suite carries on; a stop ends the run under way, which is then no result, and
 * starts no other. Each run that ends is written into the suite's {@link SuitePlan} at once; run again
 * ({@code suite --again}), only the runs the plan has not seen pass are made, and an earlier attempt's directory
 * is kept beside the new one ({@code KEY.failed-1/}, {@code KEY/rN.failed-1/}; {@code .stopped-1/} for one a stop
 * left unfinished).
 */
public final class SuiteRounds {

    /**
     * @param runs the run directories of the runs that finished (a run a stop interrupted is not among them)
     * @param failed the runs that failed, "PAIR" or "PAIR (round N)"
     */
    public record Done(List<Path> runs, List<String> failed, boolean stopped, long seconds, SuitePlan plan) {}

    private final String name;
    private final List<String> pairs;
    private final int rounds;
    private final Path dir;
    private final RoundOrder order;
    private final PairRunner runner;
    private final Stop stop;

    /** @param pairs the rows' keys */
    public SuiteRounds(String name, List<String> pairs, int rounds, Path dir, RoundOrder order, PairRunner runner, Stop stop) {
        this.name = name;
        this.pairs = List.copyOf(pairs);
        this.rounds = rounds;
        this.dir = dir;
        this.order = order;
        this.runner = runner;
        this.stop = stop;
    }

    /** Where a pair's run of a round goes: PAIR/ for a suite of one round, PAIR/rN/ for several. */
    public static Path runDir(Path dir, String pair, int round, int rounds) {
        return rounds == 1 ? dir.resolve(pair) : dir.resolve(pair).resolve("r" + round);
    }

    /**
     * @param settings a run's settings from its row's key and directory
     * @param plan what ran so far (written into the suite's directory as each run ends): the runs it has seen pass are
     *     not made again
     */
    public Done run(BiFunction<String, Path, PairRunSettings> settings, SuitePlan plan, PrintStream out, PrintStream err)
            throws UsageException, CannotRun, IOException {
        long start = System.nanoTime();
        List<Path> finished = new ArrayList<>();
        List<String> failed = new ArrayList<>();
        int done = 0;
        int total = 0;
        for (int round = 1; round <= rounds; round++) {
            for (String pair : pairs) {
                total += plan.passed(pair, round) ? 0 : 1;
            }
        }
        for (int round = 1; round <= rounds; round++) {
            for (String pair : order.next(pairs)) {
                if (plan.passed(pair, round)) {
                    continue;
                }
                if (stop.requested()) {
                    return new Done(finished, failed, true, seconds(start), plan);
                }
                long elapsed = seconds(start);
                out.println("benchmark.sh: suite " + name + ": " + (rounds > 1 ? "round " + round + " of " + rounds + ", " : "")
                        + "pair " + (pairs.indexOf(pair) + 1) + " of " + pairs.size() + " (" + pair + "), "
                        + Durations.format(elapsed) + " elapsed" + (done == 0 ? "" : ", about "
                        + Durations.format(elapsed * (total - done) / done) + " left"));
                Path runDir = runDir(dir, pair, round, rounds);
                if (Files.exists(runDir)) {
                    Path aside = aside(runDir, plan.ended(pair, round) ? "failed" : "stopped");
                    Files.move(runDir, aside);
                    out.println("benchmark.sh: suite " + name + ": " + pair + (rounds > 1 ? " (round " + round + ")" : "")
                            + ": the earlier attempt is kept in " + aside);
                }
                PairRun.Result result = runner.run(settings.apply(pair, runDir));
                if (result.stopped() || stop.requested()) {
                    return new Done(finished, failed, true, seconds(start), plan);
                }
                done++;
                finished.add(runDir);
                plan = plan.ran(pair, round, result.exit());
                plan.write(dir);
                if (result.exit() != 0) {
                    failed.add(pair + (rounds > 1 ? " (round " + round + ")" : ""));
                    err.println("benchmark.sh: suite " + name + ": " + pair + " FAILED (exit " + result.exit() + "); carrying on");
                }
            }
        }
        return new Done(finished, failed, false, seconds(start), plan);
    }

    /**
     * Where an earlier attempt at a run is kept: beside it, as {@code NAME.HOW-N} with the first N free.
     *
     * @param how how it ended: "failed", or "stopped" for one that a stop left without an outcome
     */
    static Path aside(Path runDir, String how) {
        for (int n = 1; ; n++) {
            Path aside = runDir.resolveSibling(runDir.getFileName() + "." + how + "-" + n);
            if (!Files.exists(aside)) {
                return aside;
            }
        }
    }

    private static long seconds(long since) {
        return (System.nanoTime() - since) / 1_000_000_000L;
    }
}
