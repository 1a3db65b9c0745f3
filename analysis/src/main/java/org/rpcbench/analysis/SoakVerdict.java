package org.rpcbench.analysis;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.rpcbench.cases.Case;
import org.rpcbench.cases.CaseGroup;
import org.rpcbench.record.CaseRecord;
import org.rpcbench.record.Records;
import org.rpcbench.record.RunRecord;

/**
 * The verdict of a soak run, in seed 003's terms (50 hours: the old generation grew less than 200 MB,
 * no full GC): the scene's calls made at once, each answered (none missing), errors, full GCs on either side, growth of the heap left after young collections from the
 * first fifth of the run to the last (what survives a young collection is the old generation and the
 * survivors: a leak shows as a rising floor), and each call's throughput drift from the first fifth of the
 * measured iterations to the last (a call's own calls/s: calls made at once share the processes, and their
 * throughputs are never compared with each other). Read from the run record and the two processes' GC logs ({@code -Xlog:gc}).
 * Drift is judged only over a measurement of {@value #DRIFT_MINUTES} minutes or more: on a shared machine
 * a shorter run cannot tell drift from the last of its warm-up, and says so instead of guessing.
 */
public final class SoakVerdict {
    public static final double GROWTH_LIMIT_MB = 200;
    public static final double DRIFT_LIMIT = 0.10;
    public static final int DRIFT_MINUTES = 10;
    /** "GC(12) Pause Young (Normal) (G1 Evacuation Pause) 150M->20M(2048M) 3.456ms" and the like. */
    private static final Pattern PAUSE = Pattern.compile(
            "GC\\(\\d+\\) (Pause .*?)\\s+(\\d+)([KMG])->(\\d+)([KMG])\\((\\d+)([KMG])\\)\\s+([\\d.]+)ms");

    private SoakVerdict() {}

    /** One finding: what was looked at, what was seen, and whether it is within bounds. */
    public record Finding(String what, String seen, boolean ok) {}

    /** What a GC log says. */
    public record GcLog(int fullGcs, int youngGcs, double growthMb, double pauseMs) {
        /** NaN growth when there were too few young collections to compare fifths. */
        public boolean judgedGrowth() {
            return !Double.isNaN(growthMb);
        }
    }

    /**
     * The verdict of a soak run from its record and the two GC logs; exit 0 when it passed, 1 when not.
     *
     * @param command the command that ran it, which names the verdict ("soak verdict for ...")
     * @param scene the cases the soak called at once
     */
    public static int judge(Path runRecord, String command, CaseGroup scene, Path serverGcLog, Path clientGcLog, PrintStream out,
                            PrintStream err) {
        try {
            RunRecord record = Records.read(runRecord);
            List<Finding> findings = judge(record, scene, readGc(serverGcLog), readGc(clientGcLog));
            out.print(render(command, record, findings));
            return findings.stream().allMatch(Finding::ok) ? 0 : 1;
        } catch (IOException | RuntimeException e) {
            err.println("rpc-bench " + command + ": cannot judge the run: " + e.getMessage());
            return 1;
        }
    }

    /** The findings of a soak of cases run one after another, as the record has them. */
    public static List<Finding> judge(RunRecord record, GcLog server, GcLog client) {
        return judge(record, null, server, client);
    }

    /** The findings; with a {@code scene} (cases called at once), first that they were, each answered. */
    public static List<Finding> judge(RunRecord record, CaseGroup scene, GcLog server, GcLog client) {
        List<Finding> out = new ArrayList<>();
        if (scene != null) {
            out.add(atOnce(record, scene));
            out.add(answered(record, scene));
        }
        long errors = record.cases().stream().mapToLong(CaseRecord::allErrors).sum();
        out.add(new Finding("errors", String.valueOf(errors), errors == 0 && !record.cases().isEmpty()));
        out.add(new Finding("full GCs", "server " + server.fullGcs() + ", client " + client.fullGcs(),
                server.fullGcs() == 0 && client.fullGcs() == 0));
        out.add(growth("server", server));
        out.add(growth("client", client));
        // each payload's throughput is its own: drift is judged case by case, never across them; a switched size's
        // calls/s rises and falls with the intervals it was drawn for, by design, and is not judged at all
        boolean switching = scene != null && scene.switches();
        String drawn = switching ? record.cases().stream().filter(c -> switched(scene, c)).map(CaseRecord::name)
                .collect(Collectors.joining(", ")) : "";
        for (CaseRecord c : record.cases()) {
            if (switching && switched(scene, c)) {
                continue;
            }
            String what = record.cases().size() == 1 ? "throughput drift" : "throughput drift (" + c.name() + ")";
            // the calls beside a switched string share the cores with it: at 200 KB they made a twelfth of the calls they
            // made at 1 KB (seed 003's scene, 30 minutes here), so their calls/s follows the sizes drawn, not their health
            out.add(switching ? new Finding(what, "not judged: the calls beside the switched string share the cores with it, so their"
                    + " calls/s follows the sizes drawn (" + drawn + ")", true) : drift(what, c, record));
        }
        return out;
    }

    private static boolean switched(CaseGroup scene, CaseRecord c) {
        return scene.members().stream().anyMatch(m -> m.method().equals(c.name()) && scene.switched(m));
    }

    private static Finding atOnce(RunRecord record, CaseGroup group) {
        List<String> scene = group.subgroups().stream().map(CaseGroup::name).toList();
        Map<String, Integer> callers = record.jmh() == null ? null : record.jmh().callersAtOnce();
        if (callers == null) {
            return new Finding("calls at once", "the record says its cases ran one after another, not " + String.join(", ", scene)
                    + " at once", false);
        }
        int sum = callers.values().stream().mapToInt(Integer::intValue).sum();
        String seen = scene.stream().map(n -> n + " " + callers.get(n)).collect(Collectors.joining(", ")) + " of " + record.threads()
                + " callers";
        boolean ok = callers.keySet().equals(new java.util.HashSet<>(scene)) && callers.values().stream().allMatch(n -> n > 0)
                && sum == record.threads();
        return new Finding("calls at once", ok ? seen : seen + "; the record has " + callers, ok);
    }

    /** Each subgroup's calls measured: a case's, or a switched string's over the sizes drawn (those not drawn are no case). */
    private static Finding answered(RunRecord record, CaseGroup group) {
        List<String> seen = new ArrayList<>();
        boolean ok = true;
        for (List<Case> subgroup : group.subgroups()) {
            List<CaseRecord> ran = record.cases().stream().filter(r -> subgroup.stream().anyMatch(c -> c.method().equals(r.name()))).toList();
            long calls = ran.stream().mapToLong(CaseRecord::calls).sum();
            String sizes = subgroup.size() == 1 ? "" : ran.stream().map(r -> r.name() + " " + r.calls())
                    .collect(Collectors.joining(", ", " (", ")"));
            seen.add(CaseGroup.name(subgroup) + " " + (ran.isEmpty() ? "missing" : calls + sizes));
            ok &= calls > 0;
        }
        return new Finding("answered right", String.join(", ", seen) + " calls measured", ok);
    }

    private static Finding drift(String what, CaseRecord c, RunRecord record) {
        List<Double> scores = new ArrayList<>();
        for (double s : c.allScores()) {
            scores.add(s);
        }
        double seconds = c.cpuAndGc().client() == null ? 0 : c.cpuAndGc().client().seconds();
        if (seconds == 0 && record.jmh() != null) {
            seconds = scores.size() * parseSeconds(record.jmh().measurementTime());
        }
        if (scores.size() < 5) {
            return new Finding(what, "too few iterations (" + scores.size() + ") to compare fifths", false);
        }
        if (seconds < DRIFT_MINUTES * 60) {
            return new Finding(what, String.format(Locale.ROOT, "not judged: %.0f s measured; drift is judged over %d minutes or"
                    + " more", seconds, DRIFT_MINUTES), true);
        }
        int fifth = scores.size() / 5;
        double first = mean(scores.subList(0, fifth));
        double last = mean(scores.subList(scores.size() - fifth, scores.size()));
        double drift = (last - first) / first;
        return new Finding(what, String.format(Locale.ROOT, "%+.1f %% (first fifth %.0f ops/s, last fifth %.0f; limit %.0f %%)",
                100 * drift, first, last, 100 * DRIFT_LIMIT), Math.abs(drift) <= DRIFT_LIMIT);
    }

    private static Finding growth(String side, GcLog log) {
        String what = side + " heap after GC";
        if (!log.judgedGrowth()) {
            // a run too short or too idle to collect five times cannot show a trend; it is not a failure
            return new Finding(what, "not judged: " + log.youngGcs() + " young collections, fewer than 5", true);
        }
        return new Finding(what, String.format(Locale.ROOT, "%+.0f MB from the first fifth of %d young collections to the"
                + " last (limit %.0f MB); %.0f ms in pauses", log.growthMb(), log.youngGcs(), GROWTH_LIMIT_MB, log.pauseMs()),
                log.growthMb() < GROWTH_LIMIT_MB);
    }

    /** "5 s", "1 min", "500 ms" as JMH prints a time, in seconds. */
    static double parseSeconds(String time) {
        if (time == null) {
            return 0;
        }
        String[] parts = time.trim().split("\\s+");
        double v = Double.parseDouble(parts[0]);
        return switch (parts.length > 1 ? parts[1] : "s") {
            case "ms" -> v / 1000;
            case "min" -> v * 60;
            default -> v;
        };
    }

    public static String render(RunRecord record, List<Finding> findings) {
        return render("soak", record, findings);
    }

    public static String render(String command, RunRecord record, List<Finding> findings) {
        StringBuilder out = new StringBuilder(command).append(" verdict for ").append(record.binding()).append(":\n");
        for (Finding f : findings) {
            out.append(String.format(Locale.ROOT, "  %-30s %-4s %s%n", f.what(), f.ok() ? "ok" : "FAIL", f.seen()));
        }
        out.append(findings.stream().allMatch(Finding::ok) ? "PASSED" : "FAILED").append('\n');
        return out.toString();
    }

    public static GcLog readGc(Path file) throws IOException {
        return parseGc(Files.readAllLines(file, StandardCharsets.UTF_8));
    }

    /** Reads unified GC logging ({@code -Xlog:gc}) of any HotSpot collector that prints "before->after(size)". */
    public static GcLog parseGc(List<String> lines) {
        int full = 0;
        List<Double> afterYoung = new ArrayList<>();
        double pauseMs = 0;
        for (String line : lines) {
            Matcher m = PAUSE.matcher(line);
            if (!m.find()) {
                continue;
            }
            pauseMs += Double.parseDouble(m.group(8));
            String kind = m.group(1);
            if (kind.startsWith("Pause Full")) {
                full++;
            } else if (kind.startsWith("Pause Young")) {
                afterYoung.add(megabytes(Long.parseLong(m.group(4)), m.group(5)));
            }
        }
        double growth = Double.NaN;
        if (afterYoung.size() >= 5) {
            int fifth = afterYoung.size() / 5;
            growth = mean(afterYoung.subList(afterYoung.size() - fifth, afterYoung.size())) - mean(afterYoung.subList(0, fifth));
        }
        return new GcLog(full, afterYoung.size(), growth, pauseMs);
    }

    private static double megabytes(long value, String unit) {
        return switch (unit) {
            case "K" -> value / 1024.0;
            case "G" -> value * 1024.0;
            default -> value;
        };
    }

    private static double mean(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    }
}
