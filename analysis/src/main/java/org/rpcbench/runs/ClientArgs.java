package org.rpcbench.runs;

import java.util.ArrayList;
import java.util.List;

/**
 * The client's own options as a comparison's runs hand them on (one line, as -a or a profile gives it): the
 * client refuses an option given twice, so one that ab or calibrate sets is replaced where the line has it.
 */
public final class ClientArgs {
    static final String NO_WIRE_BYTES = "--no-wire-bytes";
    static final String STEADY_WARMUP = "--steady-warmup";
    /** The Java client's order of the cases: the order this seed draws. */
    static final String CASE_ORDER_SEED = "--case-order-seed";
    /** The client's open loop: calls on a fixed schedule, warmed up for a fixed time. */
    static final String RATE = "--rate";
    /** The client's own bound on its warm-up until the JITs are quiet, when the line does not give one. */
    public static final int STEADY_WARMUP_DEFAULT = 60;
    /** The longest the client takes (an hour). */
    static final int STEADY_WARMUP_MAX = 3_600;

    private ClientArgs() {}

    /**
     * The line with the client told not to measure the bytes on the wire: no verdict tests them, and their
     * measurement opens a connection and makes calls before every run.
     */
    public static String withoutWireBytes(String args) {
        List<String> words = words(args);
        if (!words.contains(NO_WIRE_BYTES)) {
            words.add(0, NO_WIRE_BYTES);
        }
        return String.join(" ", words);
    }

    /**
     * The warm-up bound the line gives the client, in seconds, else the client's default; 0 for an open loop
     * ({@value #RATE}), which warms each case up for its fixed --warmup-seconds, never until the JITs are quiet.
     */
    public static int steadyWarmup(String args) {
        List<String> words = words(args);
        if (words.stream().anyMatch(w -> w.equals(RATE) || w.startsWith(RATE + "="))) {
            return 0;
        }
        for (int i = 0; i < words.size(); i++) {
            String value = words.get(i).equals(STEADY_WARMUP) && i + 1 < words.size() ? words.get(i + 1)
                    : words.get(i).startsWith(STEADY_WARMUP + "=") ? words.get(i).substring(STEADY_WARMUP.length() + 1) : null;
            if (value != null) {
                int seconds;
                try {
                    seconds = Integer.parseInt(value);
                } catch (NumberFormatException e) {
                    seconds = -1;
                }
                if (seconds < 0 || seconds > STEADY_WARMUP_MAX) {
                    throw new IllegalArgumentException(STEADY_WARMUP + " takes whole seconds from 0 to " + STEADY_WARMUP_MAX + ", not '"
                            + value + "'");
                }
                return seconds;
            }
        }
        return STEADY_WARMUP_DEFAULT;
    }

    /** The line with the client's warm-up bound set to {@code seconds}, in place of the one it gave. */
    public static String withSteadyWarmup(String args, int seconds) {
        List<String> words = words(args);
        List<String> out = new ArrayList<>(List.of(STEADY_WARMUP, String.valueOf(seconds)));
        for (int i = 0; i < words.size(); i++) {
            if (words.get(i).equals(STEADY_WARMUP)) {
                i++;
            } else if (!words.get(i).startsWith(STEADY_WARMUP + "=")) {
                out.add(words.get(i));
            }
        }
        return String.join(" ", out);
    }

    /** The line with the client's case order drawn with {@code seed}, in place of any the line gave. */
    public static String withCaseOrderSeed(String args, long seed) {
        List<String> words = words(args);
        List<String> out = new ArrayList<>(List.of(CASE_ORDER_SEED, String.valueOf(seed)));
        for (int i = 0; i < words.size(); i++) {
            if (words.get(i).equals(CASE_ORDER_SEED)) {
                i++;
            } else if (!words.get(i).startsWith(CASE_ORDER_SEED + "=")) {
                out.add(words.get(i));
            }
        }
        return String.join(" ", out);
    }

    private static List<String> words(String args) {
        return args == null || args.isBlank() ? new ArrayList<>() : new ArrayList<>(List.of(args.trim().split("\\s+")));
    }
}
