package org.rpcbench.analysis;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.rpcbench.record.Records;
import org.rpcbench.record.RunRecord;

/** The run records at a path (a run, a suite, an ab's rounds, ...), read once and grouped by pair. */
public final class RunSets {
    private RunSets() {}

    /** Every run record at the path, in path order; none there is an error. */
    public static List<RunRecord> load(Path path) throws IOException {
        List<RunRecord> all = new ArrayList<>();
        for (Path f : Records.find(path)) {
            all.add(Records.read(f));
        }
        if (all.isEmpty()) {
            throw new IOException("no run record at " + path);
        }
        return all;
    }

    /**
     * The records by pair, in their order; a pair swept over several concurrencies is one entry per
     * concurrency, since those are different measurements, not repeats.
     */
    public static Map<PairKey, List<RunRecord>> byPair(List<RunRecord> all) {
        Map<PairKey, List<RunRecord>> byPair = new LinkedHashMap<>();
        for (RunRecord r : all) {
            boolean swept = all.stream().anyMatch(o -> o.binding().equals(r.binding()) && o.threads() != r.threads());
            byPair.computeIfAbsent(new PairKey(r.binding(), swept ? r.threads() : 0), p -> new ArrayList<>()).add(r);
        }
        return byPair;
    }
}
