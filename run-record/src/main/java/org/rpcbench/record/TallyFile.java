package org.rpcbench.record;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * What one fork measured of one case, handed to the launcher in a file (JMH's own results carry only
 * scores): its warm-up counts, its first problems, and each measured iteration's counts, costs and
 * latency histograms. The launcher merges the forks' files, so percentiles always come from merged
 * histograms, never from averaged percentiles.
 *
 * @param startedAtMillis when the fork began the case: forks run one after another, so this orders them
 *     as JMH's results are ordered
 * @param warmup the warm-up until both JITs were quiet, before JMH's; null when there was none
 * @param problems the first distinct problems, as they were reported
 * @param problemKinds every failed call's problem, counted by kind ({@link ProblemTally}): they add up to the
 *     fork's errors, warm-up included; null in a tally from before they were kept
 * @param serverMeterLost where and why the server's meter, though given, was not read in a measured window (the
 *     first time it was not): the case fails; null when it was read in every window, or none was given
 */
public record TallyFile(String caseName, long startedAtMillis, long pid, long warmupCalls, long warmupErrors,
                        List<String> problems, List<Window> iterations, JitWarmup warmup, List<ProblemKind> problemKinds,
                        @JsonInclude(JsonInclude.Include.NON_NULL) String serverMeterLost) {
    public static final String SUFFIX = ".tally.json";
    /** How many distinct problems a case keeps. */
    public static final int PROBLEMS_KEPT = 5;

    /**
     * One measured iteration: the calls counted inside JMH's measured window and what each process used in
     * that window, the histograms of the calls answered right and of those that failed.
     */
    public record Window(int index, double seconds, long calls, long errors, ProcessDelta client, ProcessDelta server,
                         String latency, String failedLatency) {}

    public TallyFile(String caseName, long startedAtMillis, long pid, long warmupCalls, long warmupErrors,
                     List<String> problems, List<Window> iterations) {
        this(caseName, startedAtMillis, pid, warmupCalls, warmupErrors, problems, iterations, null, null, null);
    }

    /** A tally whose server meter, if any, was read in every window. */
    public TallyFile(String caseName, long startedAtMillis, long pid, long warmupCalls, long warmupErrors,
                     List<String> problems, List<Window> iterations, JitWarmup warmup, List<ProblemKind> problemKinds) {
        this(caseName, startedAtMillis, pid, warmupCalls, warmupErrors, problems, iterations, warmup, problemKinds, null);
    }

    public void write(Path dir) throws IOException {
        Files.createDirectories(dir);
        Path file = dir.resolve(caseName + "-" + pid + "-" + startedAtMillis + SUFFIX);
        WholeFile.write(file, Json.MAPPER.writeValueAsString(this));
    }

    /** A tally, or one line that says why it cannot be read (an IOException, whatever was wrong in it). */
    public static TallyFile read(Path file) throws IOException {
        try {
            TallyFile t = Json.MAPPER.readValue(Files.readString(file, StandardCharsets.UTF_8), TallyFile.class);
            if (t == null || t.caseName() == null || t.iterations() == null || t.iterations().contains(null)) {
                throw new IOException("not a tally (its case or its iterations are missing)");
            }
            return t;
        } catch (IOException | RuntimeException e) {
            throw new IOException("cannot read the tally " + file + ": " + Records.oneLine(e), e);
        }
    }

    /**
     * The tallies of a directory that could be read, and those that could not, each with its one line. A fork
     * killed while writing leaves a bad tally: its case is failed and named, and the rest of the run kept.
     *
     * @param unreadable by file name, why it could not be read
     */
    public record Read(List<TallyFile> tallies, java.util.Map<String, String> unreadable) {
        public Read {
            tallies = List.copyOf(tallies);
            unreadable = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(unreadable));
        }

        /** The case a tally's file name names ("CASE-PID-START.tally.json"). */
        public static String caseOf(String fileName) {
            int dash = fileName.indexOf('-');
            return dash > 0 ? fileName.substring(0, dash) : fileName;
        }
    }

    /** Every tally in a directory, oldest fork first, and the ones that cannot be read; none when it does not exist. */
    public static Read readEach(Path dir) throws IOException {
        List<TallyFile> all = new ArrayList<>();
        java.util.Map<String, String> bad = new java.util.TreeMap<>();
        if (Files.isDirectory(dir)) {
            try (Stream<Path> files = Files.list(dir)) {
                for (Path f : files.filter(p -> p.toString().endsWith(SUFFIX)).sorted().toList()) {
                    try {
                        all.add(read(f));
                    } catch (IOException e) {
                        bad.put(f.getFileName().toString(), e.getMessage());
                    }
                }
            }
        }
        all.sort(java.util.Comparator.comparingLong(TallyFile::startedAtMillis));
        return new Read(all, bad);
    }

    /** Every tally in a directory, oldest fork first; none when the directory does not exist. */
    public static List<TallyFile> readAll(Path dir) throws IOException {
        List<TallyFile> all = new ArrayList<>();
        if (!Files.isDirectory(dir)) {
            return all;
        }
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.filter(p -> p.toString().endsWith(SUFFIX)).toList()) {
                all.add(read(f));
            }
        }
        all.sort(java.util.Comparator.comparingLong(TallyFile::startedAtMillis));
        return all;
    }
}
