package org.rpcbench.command;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.rpcbench.cli.UsageException;
import org.rpcbench.record.Json;
import org.rpcbench.runs.Interleaved;
import picocli.CommandLine.Option;

/**
 * The options of the commands that judge runs (ab, calibrate, compare), each declared once and mixed into
 * the commands that take it. Rates and changes are given in percent; {@link #fraction} is what the
 * statistics take.
 */
final class Judging {
    private Judging() {}

    static double fraction(double percent) {
        return percent / 100.0;
    }

    static final class Alpha {
        @Option(names = "--alpha", paramLabel = "PERCENT", converter = Converters.Alpha.class, defaultValue = "5",
                description = "the false-alarm rate controlled over every pair, case and metric judged, 0.01 to 20 (default: 5)")
        double percent;
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
        /** The directory, within a judging command's results, that holds its rounds. */
        static final String ROUNDS = "rounds";

        @Option(names = "--report", paramLabel = "DIR", converter = Converters.Text.class,
                description = "judge the rounds an earlier run of this command stored in DIR again, as now judged, instead of"
                        + " running new ones")
        String dir;

        Path stored() {
            return Path.of(dir);
        }

        /**
         * The plan an earlier run of {@code command} stored in the directory, as {@code type}. One that is missing or
         * cannot be read is bad input (exit 2, one line), never a verdict.
         */
        <T> T plan(String command, String file, Class<T> type) throws UsageException {
            Path plan = stored().resolve(file);
            if (!plan.toFile().isFile()) {
                throw new UsageException("--report needs the directory of an earlier " + command + " (with " + file + "), not " + stored());
            }
            try {
                T read = Json.MAPPER.readValue(plan.toFile(), type);
                if (read == null) {
                    throw new IOException("cannot read " + plan + ": it is empty");
                }
                return read;
            } catch (IOException e) {
                throw unreadable(e);
            }
        }

        /**
         * The rounds an earlier run stored in the directory, of these arms and pairs. Rounds that cannot be read are
         * bad input (exit 2, one line), never a verdict (exit 1: slower).
         */
        List<Interleaved.Round> rounds(List<String> arms, List<String> pairs) throws UsageException {
            try {
                return Interleaved.load(stored().resolve(ROUNDS), arms, pairs);
            } catch (IOException e) {
                throw unreadable(e);
            }
        }

        /** A stored plan that reads but lacks what judging again needs, as one line of bad input. */
        UsageException lacking(String file, String what) {
            return unreadable(new IOException("cannot read " + stored().resolve(file) + ": " + what));
        }

        /** A stored run that cannot be read, as one line of bad input. */
        UsageException unreadable(IOException e) {
            return new UsageException("--report " + stored() + ": " + String.valueOf(e.getMessage()).lines().findFirst().orElse(""));
        }
    }
}
