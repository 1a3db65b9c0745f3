package org.rpcbench.runs;

import java.util.Locale;

/** Durations as progress lines print them: "4m07s". */
public final class Durations {
    private Durations() {}

    public static String format(long seconds) {
        return String.format(Locale.ROOT, "%dm%02ds", seconds / 60, seconds % 60);
    }
}
