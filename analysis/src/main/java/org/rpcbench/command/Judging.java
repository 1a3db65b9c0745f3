package org.rpcbench.command;

import picocli.CommandLine.Option;

/**
 * The options of the commands that judge runs (ab, calibrate, compare), each declared once and mixed into
 * the commands that take it. Rates and changes are given in percent; {@link #fraction} is what the
 * statistics take.
 */
final class Judging {
    private Judging() {}

    static double fraction(int percent) {
        return percent / 100.0;
    }

    static final class Alpha {
        @Option(names = "--alpha", paramLabel = "PERCENT", converter = Converters.Alpha.class, defaultValue = "5",
                description = "the false-alarm rate controlled over every pair, case and metric judged (default: 5)")
        int percent;
    }

    static final class Threshold {
        @Option(names = "--threshold", paramLabel = "PERCENT", converter = Converters.Threshold.class, defaultValue = "0",
                description = "a change the statistics support but smaller than this is \"no change\" (default: 0)")
        int percent;
    }

    static final class Budget {
        @Option(names = "--budget", paramLabel = "DURATION", converter = Converters.Seconds.class,
                description = "an ab's wall time for its rounds (90s, 15m, 2h): ab's default is 15m for one pair's four cases,"
                        + " in proportion for more; calibrate judges budgets of this size (default: 15m)")
        Integer seconds;
    }

    static final class Report {
        @Option(names = "--report", paramLabel = "DIR", converter = Converters.Text.class,
                description = "judge the rounds an earlier run of this command stored in DIR again, as now judged, instead of"
                        + " running new ones")
        String dir;
    }
}
