package org.rpcbench.analysis;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import org.rpcbench.record.Environment;
import org.rpcbench.record.RunRecord;

/**
 * Whether the runs on two sides of a comparison may be compared, pair by pair, over every run on each side:
 * each side's runs must have been made alike (they are pooled as repeats of one measurement), and each run
 * of one side alike with the other side's, but for the framework's version and settings, which are what a
 * comparison is often about and are said as notes. Within a side, a framework difference is a refusal: the
 * side would pool two different things.
 *
 * @param refusals what differs that must not, each once ("PAIR: what a vs b")
 * @param notes the framework differences between the sides
 */
public record Comparability(List<String> refusals, List<String> notes) {

    /** Whether any difference is one no option overrides: another data model. */
    public boolean dataModelsDiffer() {
        return refusals.stream().anyMatch(d -> d.contains("dataModel"));
    }

    /** The findings for the pairs both sides hold (runs by pair, as {@code compare} groups them). */
    public static Comparability of(Map<PairKey, List<RunRecord>> baseline, Map<PairKey, List<RunRecord>> current) {
        Set<String> refusals = new LinkedHashSet<>();
        Set<String> notes = new LinkedHashSet<>();
        for (Map.Entry<PairKey, List<RunRecord>> e : current.entrySet()) {
            String pair = e.getKey().toString();
            List<RunRecord> base = baseline.get(e.getKey());
            if (base == null) {
                continue;
            }
            within(pair, "BASELINE", base, refusals);
            within(pair, "CURRENT", e.getValue(), refusals);
            // every CURRENT run against BASELINE's first: with each side alike within, that covers every pair of runs
            for (RunRecord run : e.getValue()) {
                List<String> r = new ArrayList<>();
                List<String> n = new ArrayList<>();
                differences(pair, base.get(0), run, r, n);
                refusals.addAll(r);
                notes.addAll(n);
            }
        }
        return new Comparability(List.copyOf(refusals), List.copyOf(notes));
    }

    private static void within(String pair, String side, List<RunRecord> runs, Set<String> refusals) {
        for (int i = 1; i < runs.size(); i++) {
            List<String> found = new ArrayList<>();
            differences(pair + " (within " + side + ")", runs.get(0), runs.get(i), found, found);
            refusals.addAll(found);
        }
    }

    /**
     * What must match for two runs of a pair to be compared (refusals), and what may differ and is said
     * (notes: the framework's version and settings).
     */
    static void differences(String pair, RunRecord a, RunRecord b, List<String> refusals, List<String> notes) {
        if (!a.model().equals(b.model())) {
            refusals.add(pair + ": dataModel " + a.model() + " vs " + b.model());
        }
        if (!a.loop().equals(b.loop())) {
            refusals.add(pair + ": loop " + a.loop() + " vs " + b.loop());
            return;
        }
        if (!Objects.equals(a.jmh() == null ? null : a.jmh().comparable(), b.jmh() == null ? null : b.jmh().comparable())
                || !Objects.equals(a.openLoop(), b.openLoop())) {
            refusals.add(pair + ": load settings " + describe(a) + " vs " + describe(b));
        }
        Environment ea = a.environment();
        Environment eb = b.environment();
        String[][] env = {{"JVM", ea.runtimeName() + " " + ea.jvm(), eb.runtimeName() + " " + eb.jvm()},
            {"CPU model", ea.cpuModel(), eb.cpuModel()}, {"cores", String.valueOf(ea.cores()), String.valueOf(eb.cores())},
            {"pinning", ea.cpuPinning(), eb.cpuPinning()}};
        for (String[] d : env) {
            if (!Objects.equals(d[1], d[2])) {
                refusals.add(pair + ": " + d[0] + " " + d[1] + " vs " + d[2]);
            }
        }
        TreeSet<String> keys = new TreeSet<>(a.framework().keySet());
        keys.addAll(b.framework().keySet());
        for (String k : keys) {
            String x = a.framework().get(k);
            String y = b.framework().get(k);
            if (!Objects.equals(x, y)) {
                notes.add(pair + ": framework." + k + " " + x + " vs " + y);
            }
        }
    }

    private static String describe(RunRecord r) {
        return r.jmh() != null ? r.threads() + " threads, " + r.jmh().describe() : "open loop " + r.openLoop();
    }
}
