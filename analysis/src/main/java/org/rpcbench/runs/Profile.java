package org.rpcbench.runs;

import java.util.Arrays;
import java.util.Locale;

/**
 * How much effort a run of a suite, an ab or a calibration puts in: JMH's warm-up and measurement for each
 * run (each fork first warms up until the JIT compilers of both sides are quiet, for at most a minute,
 * unless the profile bounds it), and how many rounds a suite repeats. A round runs every pair once, in a new random order; the run,
 * a fresh server and client, is what is repeated, because the spread between runs is the largest there is.
 */
public enum Profile {
    SMOKE("--steady-warmup 2 -wi 1 -w 1s -i 2 -r 1s", 1, "seconds a pair: does everything run and answer right (CI)"),
    QUICK("-wi 1 -w 5s -i 4 -r 5s", 1, "about 2½ minutes a pair, one run each, after the warm-up until the JITs are quiet"),
    FULL("-wi 5 -w 10s -i 5 -r 10s", 3, "three rounds of 5 x 10 s warm-up and measurement: about 25 minutes a pair"),
    /**
     * ab's and calibrate's runs: many short rounds. The cases run in one client JVM (JMH's -f 0), after the
     * server, which serves them all in one JVM as in production: a fork per case would spend 10 to 15 s of
     * each case warming its own JIT. The measurement is short (4 x 1 s a case) because the spread between
     * runs, not within one, sets the verdict's interval: the budget goes on rounds. Both arms of a comparison
     * run the same way, so the verdict compares like with like.
     */
    AB("-f 0 -wi 1 -w 1s -i 4 -r 1s", 0, "an ab or calibration run: short runs in one client JVM, many rounds (leading"
            + " iterations below steady state are left out of the verdict and counted)");

    private final String jmhOptions;
    private final int rounds;
    private final String help;

    Profile(String jmhOptions, int rounds, String help) {
        this.jmhOptions = jmhOptions;
        this.rounds = rounds;
        this.help = help;
    }

    public String jmhOptions() {
        return jmhOptions;
    }

    /** The rounds a suite repeats at this profile, unless -R says otherwise. */
    public int rounds() {
        return Math.max(1, rounds);
    }

    public String help() {
        return help;
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Profile named(String name) {
        return Arrays.stream(values()).filter(p -> p.label().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("knows " + String.join(", ",
                        Arrays.stream(values()).map(Profile::label).toList()) + ", not '" + name + "'"));
    }
}
