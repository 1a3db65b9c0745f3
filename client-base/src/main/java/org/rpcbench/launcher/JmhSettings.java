package org.rpcbench.launcher;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.profile.JavaFlightRecorderProfiler;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.rpcbench.rig.UserServiceBenchmark;
import org.rpcbench.cases.Case;

/**
 * The harness's JMH defaults, applied only where the user's JMH options say nothing: whatever is given
 * on the command line (-wi, -w, -i, -r, -f, -t, -jvmArgs, -prof, benchmark patterns, ...) wins.
 */
public final class JmhSettings {
    public static final int THREADS = 32;
    public static final int FORKS = 1;
    public static final int WARMUP_ITERATIONS = 5;
    public static final TimeValue WARMUP_TIME = TimeValue.seconds(10);
    public static final int MEASUREMENT_ITERATIONS = 5;
    public static final TimeValue MEASUREMENT_TIME = TimeValue.seconds(10);
    /** The seeds' JVM settings (seed 001), for every fork unless -jvmArgs says otherwise. */
    public static final List<String> JVM_ARGS = List.of("-Xms2g", "-Xmx2g", "-XX:MaxDirectMemorySize=1g", "-XX:+UseG1GC");

    static final String BENCHMARK_CLASS = UserServiceBenchmark.class.getName();

    private JmhSettings() {}

    public static String describeDefaults() {
        return "Defaults unless given: -t " + THREADS + " -f " + FORKS + " -wi " + WARMUP_ITERATIONS + " -w " + WARMUP_TIME
                + " -i " + MEASUREMENT_ITERATIONS + " -r " + MEASUREMENT_TIME + " -jvmArgs \"" + String.join(" ", JVM_ARGS)
                + "\", the UserService cases ("
                + Case.DEFAULT.stream().map(Case::method).collect(Collectors.joining(", ")) + ");\nthe others ("
                + Arrays.stream(Case.values()).filter(c -> !Case.DEFAULT.contains(c)).map(Case::method)
                        .collect(Collectors.joining(", ")) + ") by name or by a JMH pattern such as echo.";
    }

    /**
     * @param threads JMH threads unless -t is given
     * @param forkArgs JVM arguments every fork needs whatever the user asked (module openings, settings)
     */
    public static Options build(CommandLineOptions given, int threads, List<String> forkArgs, String resultFile, String jfrDir) {
        ChainedOptionsBuilder b = new OptionsBuilder().parent(given);
        if (given.getIncludes().isEmpty()) {
            b.include(Pattern.quote(BENCHMARK_CLASS) + "\\.(" + Case.DEFAULT.stream().map(Case::method)
                    .collect(Collectors.joining("|")) + ")$");
        }
        if (!given.getThreads().hasValue()) {
            b.threads(threads);
        }
        if (!given.getForkCount().hasValue()) {
            b.forks(FORKS);
        }
        if (!given.getWarmupIterations().hasValue()) {
            b.warmupIterations(WARMUP_ITERATIONS);
        }
        if (!given.getWarmupTime().hasValue()) {
            b.warmupTime(WARMUP_TIME);
        }
        if (!given.getMeasurementIterations().hasValue()) {
            b.measurementIterations(MEASUREMENT_ITERATIONS);
        }
        if (!given.getMeasurementTime().hasValue()) {
            b.measurementTime(MEASUREMENT_TIME);
        }
        if (given.getBenchModes().isEmpty()) {
            b.mode(Mode.Throughput);
        }
        if (!given.getTimeUnit().hasValue()) {
            b.timeUnit(TimeUnit.SECONDS);
        }
        if (!given.getJvmArgs().hasValue()) {
            b.jvmArgs(JVM_ARGS.toArray(String[]::new));
        }
        List<String> append = new ArrayList<>(given.getJvmArgsAppend().orElse(List.of()));
        append.addAll(forkArgs);
        b.jvmArgsAppend(append.toArray(String[]::new));
        if (!given.getResult().hasValue()) {
            b.result(resultFile);
        }
        if (!given.getResultFormat().hasValue()) {
            b.resultFormat(ResultFormatType.JSON);
        }
        if (jfrDir != null) {
            b.addProfiler(JavaFlightRecorderProfiler.class, "dir=" + jfrDir);
        }
        return b.build();
    }

    /** The cases these options select, by the same rule JMH uses (a pattern found in the full name). */
    public static List<Case> selectedCases(Options options) {
        Collection<String> includes = options.getIncludes();
        List<String> excludes = options.getExcludes();
        List<Case> selected = new ArrayList<>();
        for (Case c : Case.values()) {
            String name = BENCHMARK_CLASS + "." + c.method();
            boolean in = includes.stream().anyMatch(p -> Pattern.compile(p).matcher(name).find());
            boolean out = excludes.stream().anyMatch(p -> Pattern.compile(p).matcher(name).find());
            if (in && !out) {
                selected.add(c);
            }
        }
        return selected;
    }
}
