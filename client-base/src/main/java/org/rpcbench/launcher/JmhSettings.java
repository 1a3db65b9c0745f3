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
import org.rpcbench.cases.CaseGroup;
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
                        .collect(Collectors.joining(", ")) + ") by name or by a JMH pattern such as echo;\nthe groups ("
                + Arrays.stream(CaseGroup.values()).map(g -> g.group() + ": " + g.members().stream().map(Case::method)
                        .collect(Collectors.joining(", ")) + " at once").collect(Collectors.joining("; "))
                + ") by name, -t callers dealt out among their cases as evenly as can be.";
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
        // -t stays the callers in all: a group's are dealt out among its cases, unless -tg deals them
        List<CaseGroup> groups = groups(given.getIncludes(), given.getExcludes());
        if (groups.size() == 1 && !given.getThreadGroups().hasValue()) {
            b.threadGroups(groups.get(0).threadGroups(given.getThreads().orElse(threads)));
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

    /**
     * The cases these options select, by the same rule JMH uses (a pattern found in the full name): those run one
     * after another, then the members of each group selected, which run at once.
     */
    public static List<Case> selectedCases(Options options) {
        List<Case> selected = new ArrayList<>();
        for (Case c : Case.values()) {
            if (selects(options.getIncludes(), options.getExcludes(), c.method())) {
                selected.add(c);
            }
        }
        for (CaseGroup g : selectedGroups(options)) {
            g.members().stream().filter(c -> !selected.contains(c)).forEach(selected::add);
        }
        return selected;
    }

    /**
     * The benchmarks these options select, each one JMH run: the cases run alone by their method, each group by its
     * name; sorted by name, as JMH orders them.
     */
    public static List<String> benchmarks(Options options) {
        List<String> names = new ArrayList<>();
        for (Case c : Case.values()) {
            if (selects(options.getIncludes(), options.getExcludes(), c.method())) {
                names.add(c.method());
            }
        }
        selectedGroups(options).forEach(g -> names.add(g.group()));
        return names.stream().sorted().toList();
    }

    /**
     * The options of a JMH run of {@code benchmark} alone, one of {@code all} those selected (the others excluded),
     * its results written to {@code resultFile} (the run's own file is written with every benchmark's at the end).
     */
    static Options only(Options options, String benchmark, List<String> all, String resultFile) {
        ChainedOptionsBuilder b = new OptionsBuilder().parent(options);
        all.stream().filter(other -> !other.equals(benchmark)).forEach(other -> b.exclude("^" + Pattern.quote(BENCHMARK_CLASS + "." + other) + "$"));
        return b.result(resultFile).resultFormat(ResultFormatType.JSON).build();
    }

    /** One line naming a case selected both alone and in a group (its record would hold two cases of one name), or null. */
    public static String twice(Options options) {
        for (CaseGroup g : selectedGroups(options)) {
            for (Case c : g.members()) {
                if (selects(options.getIncludes(), options.getExcludes(), c.method())) {
                    return c.method() + " is selected alone and in the group " + g.group() + ", which calls it at the same time as "
                            + "its other cases: select one of the two";
                }
            }
        }
        return null;
    }

    /** The groups these options select, each run as one benchmark. */
    public static List<CaseGroup> selectedGroups(Options options) {
        return groups(options.getIncludes(), options.getExcludes());
    }

    private static List<CaseGroup> groups(Collection<String> includes, List<String> excludes) {
        return Arrays.stream(CaseGroup.values()).filter(g -> selects(includes, excludes, g.group())).toList();
    }

    private static boolean selects(Collection<String> includes, List<String> excludes, String benchmark) {
        String name = BENCHMARK_CLASS + "." + benchmark;
        return includes.stream().anyMatch(p -> Pattern.compile(p).matcher(name).find())
                && excludes.stream().noneMatch(p -> Pattern.compile(p).matcher(name).find());
    }
}
