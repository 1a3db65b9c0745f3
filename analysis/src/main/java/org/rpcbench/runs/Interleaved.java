package org.rpcbench.runs;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.type.TypeReference;
import org.rpcbench.analysis.Failed;
import org.rpcbench.cli.UsageException;
import org.rpcbench.record.CaseRecord;
import org.rpcbench.record.Json;
import org.rpcbench.record.Records;
import org.rpcbench.record.RunRecord;

/**
 * Randomized interleaved rounds (Abedi and Brecht's "randomized multiple interleaved trials"): each round
 * runs every arm (a build, or a calibration cost) of every pair once, in a new random order, each run a
 * fresh server and client; rounds go on until the budget would be overrun, the rounds asked for are done, or
 * the rounds a {@link Sizing} decided from the first ones are.
 * What drifts on the machine over the rounds then falls on every arm alike, and a round pairs runs that
 * saw the same machine. A stop ends the run under way, which is then no result, and starts no other; the
 * rounds done are kept.
 */
public final class Interleaved {

    /** One arm: the checkout whose jars run it and the switches it adds. */
    /**
     * @param switches the arm's runs' switches
     * @param perRound more switches for round i (from 1) alone, or null: calibrate's costs going into one case a round
     */
    public record Arm(String name, Checkout checkout, List<String> switches, java.util.function.IntFunction<List<String>> perRound) {
        public Arm(String name, Checkout checkout, List<String> switches) {
            this(name, checkout, switches, null);
        }

        /** The switches of the arm's runs in round {@code round} (from 1). */
        public List<String> switchesIn(int round) {
            if (perRound == null) {
                return switches;
            }
            List<String> all = new ArrayList<>(switches);
            all.addAll(perRound.apply(round));
            return List.copyOf(all);
        }
    }

    /**
     * A round's runs by arm and pair that gave their figures (a run that failed, left no record or was set aside
     * is absent), what failed (a run with no record, or each case that counted an error or was not measured), and
     * the runs set aside by the warm-up rule declared before the first run ({@link WarmupBound}).
     */
    public record Round(int index, Map<ArmPair, RunRecord> records, List<Failure> failures, long seconds, List<SetAside> setAside) {
        public Round {
            setAside = setAside == null ? List.of() : List.copyOf(setAside);
        }

        /** A round in which no run was set aside. */
        public Round(int index, Map<ArmPair, RunRecord> records, List<Failure> failures, long seconds) {
            this(index, records, failures, seconds, List.of());
        }

        public RunRecord of(String arm, String pair) {
            return records.get(new ArmPair(arm, pair));
        }

        /** An arm's records of this round, pair by pair. */
        public List<RunRecord> ofArm(String arm) {
            return records.entrySet().stream().filter(e -> e.getKey().arm().equals(arm)).map(Map.Entry::getValue).toList();
        }

        /** A pair's records of this round, arm by arm. */
        public List<RunRecord> ofPair(String pair) {
            return records.entrySet().stream().filter(e -> e.getKey().pair().equals(pair)).map(Map.Entry::getValue).toList();
        }
    }

    /**
     * A run of a round that gave nothing to judge, for one case or the whole run.
     *
     * @param caseName the case, or {@link Failed#WHOLE_RUN}
     * @param exit the run's exit code
     */
    public record Failure(String arm, String pair, String caseName, int exit, String reason, String log) {
        Failed at(int round) {
            return new Failed(pair, caseName, arm, round, reason, log);
        }
    }

    /** A run that ran and answered right, left out of the judgement by a rule declared before it ran, and why. */
    public record SetAside(String arm, String pair, String reason) {}

    /** What a round's runs gave, kept beside them so that a judgement again takes exactly the runs this one took. */
    public static final String OUTCOMES = "outcomes.json";

    /**
     * One run's outcome as {@value #OUTCOMES} keeps it.
     *
     * @param setAside why the run, which failed in nothing, is not judged; null: it is (absent in an earlier version's)
     */
    record Outcome(String arm, String pair, int exit, List<Failure> failures,
                   @JsonInclude(JsonInclude.Include.NON_NULL) String setAside) {
        Outcome(String arm, String pair, int exit, List<Failure> failures) {
            this(arm, pair, exit, failures, null);
        }

        Outcome settingAside(String why) {
            return new Outcome(arm, pair, exit, failures, why);
        }

        /** The same run, failed as a whole for {@code why}. */
        Outcome failing(String why, Path log) {
            List<Failure> all = new ArrayList<>(failures);
            all.add(new Failure(arm, pair, Failed.WHOLE_RUN, exit, why, log.toString()));
            return new Outcome(arm, pair, exit, all, setAside);
        }
    }

    /**
     * The rounds stored in {@code dir} by an earlier run ({@code rNN/ARM-PAIR/run.json}), to judge them again
     * with the same runs: those each round's {@value #OUTCOMES} says gave their figures. A round stored
     * without one (an earlier version's) takes a record that passed, and counts a run without one as failed.
     */
    public static List<Round> load(Path dir, List<String> arms, List<String> pairs) throws IOException {
        List<Round> rounds = new ArrayList<>();
        List<Path> roundDirs;
        try (var list = java.nio.file.Files.list(dir)) {
            roundDirs = list.filter(p -> p.getFileName().toString().matches("r\\d+")).sorted().toList();
        }
        for (Path roundDir : roundDirs) {
            int index = Integer.parseInt(roundDir.getFileName().toString().substring(1));
            Map<ArmPair, RunRecord> records = new LinkedHashMap<>();
            List<Failure> failures = new ArrayList<>();
            List<SetAside> setAside = new ArrayList<>();
            Path outcomes = roundDir.resolve(OUTCOMES);
            List<Outcome> stored = new ArrayList<>();
            if (outcomes.toFile().isFile()) {
                stored.addAll(Json.MAPPER.readValue(outcomes.toFile(), new TypeReference<List<Outcome>>() {}));
            } else {
                for (String arm : arms) {
                    for (String pair : pairs) {
                        Path runDir = roundDir.resolve(new ArmPair(arm, pair).dirName());
                        if (runDir.toFile().isDirectory()) {
                            stored.add(outcome(arm, pair, runDir.resolve(Records.FILE).toFile().isFile() ? 0 : 1, runDir));
                        }
                    }
                }
            }
            for (Outcome o : stored) {
                keep(o, roundDir, records, failures, setAside);
            }
            rounds.add(new Round(index, records, failures, 0, setAside));
        }
        return rounds;
    }

    /** An outcome into its round: the record of a run that gave its figures, its failures, or why it is set aside. */
    private static void keep(Outcome o, Path roundDir, Map<ArmPair, RunRecord> records, List<Failure> failures, List<SetAside> setAside)
            throws IOException {
        failures.addAll(o.failures());
        if (o.failures().isEmpty() && o.setAside() != null) {
            setAside.add(new SetAside(o.arm(), o.pair(), o.setAside()));
        } else if (o.exit() == 0 && o.failures().isEmpty()) {
            ArmPair key = new ArmPair(o.arm(), o.pair());
            records.put(key, Records.read(roundDir.resolve(key.dirName()).resolve(Records.FILE)));
        }
    }

    /**
     * What a finished run gave: nothing failed when it exited 0 with a record whose every case answered; else
     * a failure per case that failed or is missing, or one for the whole run (with the last line its log
     * gives as the reason) when there is no record to say which.
     */
    static Outcome outcome(String arm, String pair, int exit, Path runDir) {
        Path log = runDir.resolve(LOG);
        Path file = runDir.resolve(Records.FILE);
        List<Failure> failures = new ArrayList<>();
        RunRecord record = null;
        String unreadable = null;
        if (file.toFile().isFile()) {
            try {
                record = Records.read(file);
            } catch (IOException | RuntimeException e) {
                unreadable = "its run record cannot be read: " + e.getMessage();
            }
        }
        if (record != null) {
            for (CaseRecord c : record.cases()) {
                if (c.failed()) {
                    failures.add(new Failure(arm, pair, c.name(), exit, caseReason(c), log.toString()));
                } else if (!(c.answered() > 0)) {
                    failures.add(new Failure(arm, pair, c.name(), exit, "no score", log.toString()));
                }
            }
            for (String missing : record.missingCases()) {
                failures.add(new Failure(arm, pair, missing, exit, "no result (the run stopped before it)", log.toString()));
            }
            if (record.cases().isEmpty() && failures.isEmpty()) {
                failures.add(new Failure(arm, pair, Failed.WHOLE_RUN, exit, "its record holds no case", log.toString()));
            }
        }
        if (exit != 0 && failures.isEmpty()) {
            failures.add(new Failure(arm, pair, Failed.WHOLE_RUN, exit, "exit " + exit + ": " + (unreadable != null ? unreadable
                    : lastWord(log)), log.toString()));
        } else if (exit == 0 && record == null) {
            failures.add(new Failure(arm, pair, Failed.WHOLE_RUN, exit, unreadable != null ? unreadable : "it left no run record",
                    log.toString()));
        }
        return new Outcome(arm, pair, exit, failures);
    }

    private static String caseReason(CaseRecord c) {
        if (c.allErrors() == 0) {
            return "no call answered right";
        }
        return c.allErrors() + " error" + (c.allErrors() == 1 ? "" : "s") + " in " + (c.calls() + c.errors() + c.warmupCalls()
                + c.warmupErrors()) + " calls" + (c.problems().isEmpty() ? "" : "; first: " + c.problems().get(0));
    }

    /** The last line a run's log says of itself (benchmark.sh's or the client's), else its last line. */
    static String lastWord(Path log) {
        try {
            List<String> lines = java.nio.file.Files.readAllLines(log, java.nio.charset.StandardCharsets.UTF_8).stream()
                    .map(String::strip).filter(l -> !l.isEmpty()).toList();
            String said = null;
            for (String line : lines) {
                if (line.startsWith("benchmark.sh: ") || line.startsWith("rpc-bench ")) {
                    said = line;
                }
            }
            return said != null ? said : lines.isEmpty() ? "its log is empty" : lines.get(lines.size() - 1);
        } catch (IOException e) {
            return "no log (" + log + ")";
        }
    }

    /** Where each run's output goes, in its own directory. */
    static final String LOG = "benchmark.log";

    /** Called after each round with every round done so far. */
    public interface Progress {
        void afterRound(List<Round> done, long elapsedSeconds, int expectedRounds);
    }

    /** Decides, from the rounds done, how many rounds to run in all; 0: not decided (yet). The budget and the count still cap them. */
    public interface Sizing {
        int rounds(List<Round> done);
    }

    private final List<Arm> arms;
    private final List<Pair> pairs;
    private final RunShape shape;
    private final Path dir;
    private final long budgetSeconds;
    private final int maxRounds;
    private final RoundOrder order;
    private final LongSupplier clock;
    private final PairRunner runner;
    private final Stop stop;
    private final WarmupBound warmup;
    private final Sizing sizing;
    private final CaseOrders caseOrders;
    private final List<Round> done = Collections.synchronizedList(new ArrayList<>());

    /**
     * @param dir where the rounds go: {@code rNN/ARM-PAIR/} for each run
     * @param budgetSeconds stop before a round that would end past this (0: no budget)
     * @param maxRounds stop after this many rounds (0: no limit)
     * @param clock nanoseconds, as System.nanoTime gives them: injected so that the stopping rule can be tested
     * @param runner what runs each run
     * @param warmup the rule that bounds each run's warm-up by the earlier runs' and sets runs aside; null: every run
     *     takes the shape's client options as they are
     * @param sizing what decides the rounds from the first ones; null: the budget and the count alone
     * @param caseOrders each round's order of the cases, given to its every Java run alike; null: JMH's order (Go pairs'
     *     clients keep their own order)
     */
    public Interleaved(List<Arm> arms, List<Pair> pairs, RunShape shape, Path dir, long budgetSeconds, int maxRounds, RoundOrder order,
                       LongSupplier clock, PairRunner runner, Stop stop, WarmupBound warmup, Sizing sizing, CaseOrders caseOrders) {
        if (budgetSeconds <= 0 && maxRounds <= 0) {
            throw new IllegalArgumentException("rounds need a budget or a count");
        }
        this.arms = List.copyOf(arms);
        this.pairs = List.copyOf(pairs);
        this.shape = shape;
        this.dir = dir;
        this.budgetSeconds = budgetSeconds;
        this.maxRounds = maxRounds;
        this.order = order;
        this.clock = clock;
        this.runner = runner;
        this.stop = stop;
        this.warmup = warmup;
        this.sizing = sizing;
        this.caseOrders = caseOrders;
    }

    /** Rounds whose cases run in JMH's order. */
    public Interleaved(List<Arm> arms, List<Pair> pairs, RunShape shape, Path dir, long budgetSeconds, int maxRounds, RoundOrder order,
                       LongSupplier clock, PairRunner runner, Stop stop, WarmupBound warmup, Sizing sizing) {
        this(arms, pairs, shape, dir, budgetSeconds, maxRounds, order, clock, runner, stop, warmup, sizing, null);
    }

    /** Rounds as many as the budget and the count allow. */
    public Interleaved(List<Arm> arms, List<Pair> pairs, RunShape shape, Path dir, long budgetSeconds, int maxRounds, RoundOrder order,
                       LongSupplier clock, PairRunner runner, Stop stop, WarmupBound warmup) {
        this(arms, pairs, shape, dir, budgetSeconds, maxRounds, order, clock, runner, stop, warmup, null);
    }

    /** Rounds whose runs all take the shape's client options as they are. */
    public Interleaved(List<Arm> arms, List<Pair> pairs, RunShape shape, Path dir, long budgetSeconds, int maxRounds, RoundOrder order,
                       LongSupplier clock, PairRunner runner, Stop stop) {
        this(arms, pairs, shape, dir, budgetSeconds, maxRounds, order, clock, runner, stop, null, null);
    }

    /** The rounds done so far (a stop keeps them). */
    public List<Round> done() {
        synchronized (done) {
            return List.copyOf(done);
        }
    }

    /** Runs rounds until the budget or the count says enough, or a stop; returns the rounds done. */
    public List<Round> run(Progress progress, PrintStream err) throws IOException, UsageException, CannotRun {
        long start = clock.getAsLong();
        List<ArmPair> runs = new ArrayList<>();
        for (Arm arm : arms) {
            for (Pair pair : pairs) {
                runs.add(new ArmPair(arm.name(), pair.name()));
            }
        }
        // every record each pair's runs left, set aside or not: what its later runs' warm-up is bounded by
        Map<String, List<RunRecord>> warmedUp = new LinkedHashMap<>();
        Map<String, Integer> bounds = new LinkedHashMap<>();
        for (int index = 1; maxRounds <= 0 || index <= maxRounds; index++) {
            long elapsed = seconds(start);
            long perRound = done.isEmpty() ? 0 : elapsed / done.size();
            if (budgetSeconds > 0 && !done.isEmpty() && elapsed + perRound > budgetSeconds) {
                break;
            }
            long roundStart = clock.getAsLong();
            Map<ArmPair, RunRecord> records = new LinkedHashMap<>();
            List<Failure> failures = new ArrayList<>();
            List<SetAside> setAside = new ArrayList<>();
            List<Outcome> outcomes = new ArrayList<>();
            Path roundDir = dir.resolve(String.format(java.util.Locale.ROOT, "r%02d", index));
            if (warmup != null) {
                // fixed for the whole round, so that its arms' runs of a pair warm up alike
                for (Pair pair : pairs) {
                    int bound = warmup.next(warmedUp.getOrDefault(pair.name(), List.of()));
                    Integer before = bounds.put(pair.name(), bound);
                    if (before != null && before != bound) {
                        err.println("benchmark.sh: round " + index + ": " + pair.name() + "'s warm-up until the JITs are quiet is bounded"
                                + " at " + bound + " s (--steady-warmup), from its earlier runs'");
                    }
                }
            }
            for (ArmPair run : order.next(runs)) {
                if (stop.requested()) {
                    return done();
                }
                Arm arm = arms.stream().filter(a -> a.name().equals(run.arm())).findFirst().orElseThrow();
                Pair pair = pairs.stream().filter(p -> p.name().equals(run.pair())).findFirst().orElseThrow();
                Path runDir = roundDir.resolve(run.dirName());
                RunShape bounded = warmup == null || bounds.get(pair.name()) == warmup.userSeconds() ? shape
                        : shape.withClientArgs(ClientArgs.withSteadyWarmup(shape.clientArgs(), bounds.get(pair.name())));
                RunShape runShape = caseOrders == null || pair.go() ? bounded
                        : bounded.withClientArgs(caseOrders.clientArgs(bounded.clientArgs(), index));
                PairRun.Result result = runner.run(runShape.settings(arm.checkout(), pair, arm.switchesIn(index), runDir, runDir.resolve(LOG)).build());
                if (result.stopped() || stop.requested()) {
                    return done(); // the run was stopped under way: it is no result, and the round is not done
                }
                Outcome outcome = outcome(run.arm(), run.pair(), result.exit(), runDir);
                if (caseOrders != null && !pair.go() && outcome.failures().isEmpty()) {
                    // both sides of a round must have run their cases in the round's order: one that did not is no pair
                    String unkept = CaseOrders.unkept(readable(runDir), caseOrders.of(index));
                    if (unkept != null) {
                        outcome = outcome.failing(unkept, runDir.resolve(LOG));
                    }
                }
                RunRecord ran = warmup == null ? null : readable(runDir);
                if (ran != null) {
                    warmedUp.computeIfAbsent(pair.name(), k -> new ArrayList<>()).add(ran);
                    String why = outcome.failures().isEmpty() ? warmup.setAside(ran, bounds.get(pair.name())) : null;
                    if (why != null) {
                        outcome = outcome.settingAside(why);
                        err.println("benchmark.sh: round " + index + ": the run of " + run.arm() + " " + run.pair() + " is set aside"
                                + " (not judged): " + why + ". Log: " + runDir.resolve(LOG));
                    }
                }
                outcomes.add(outcome);
                keep(outcome, roundDir, records, failures, setAside);
                if (!outcome.failures().isEmpty()) {
                    err.println("benchmark.sh: round " + index + ": the run of " + run.arm() + " " + run.pair() + " FAILED (exit "
                            + result.exit() + "): " + outcome.failures().get(0).caseName() + ": " + outcome.failures().get(0).reason()
                            + ". Log: " + runDir.resolve(LOG));
                }
            }
            java.nio.file.Files.createDirectories(roundDir);
            org.rpcbench.record.WholeFile.writeJson(roundDir.resolve(OUTCOMES), outcomes);
            done.add(new Round(index, records, failures, seconds(roundStart), setAside));
            long now = seconds(start);
            int wanted = sizing == null ? 0 : sizing.rounds(done());
            int expected = maxRounds > 0 && budgetSeconds <= 0 ? maxRounds
                    : (int) Math.max(done.size(), Math.min(maxRounds > 0 ? maxRounds : Integer.MAX_VALUE,
                            budgetSeconds / Math.max(1, now / done.size())));
            progress.afterRound(done(), now, wanted > 0 ? Math.max(done.size(), Math.min(expected, wanted)) : expected);
            if (wanted > 0 && done.size() >= wanted) {
                break;
            }
        }
        return done();
    }

    /** The run's record, or null when it left none that reads (its outcome says so). */
    private static RunRecord readable(Path runDir) {
        Path file = runDir.resolve(Records.FILE);
        try {
            return file.toFile().isFile() ? Records.read(file) : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private long seconds(long since) {
        return (clock.getAsLong() - since) / 1_000_000_000L;
    }
}
