package org.rpcbench.analysis;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
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
        return byPair(all, all.stream().map(r -> (String) null).toList());
    }

    /**
     * The run records at a path by pair, as {@link #byPair(List)} groups them, and apart by release where a suite
     * ran the pair as a row on a Dubbo release of its own: a record under a directory named {@code PAIR@RELEASE}
     * ({@code dubbo-hessian@3.0.15/}) is that row's, not a repeat of the pair's on the build's release. Runs of one
     * pair on several releases anywhere else stay together (and comparing them is refused as pooling unlike runs).
     */
    public static Map<PairKey, List<RunRecord>> byPair(Path path) throws IOException {
        List<RunRecord> all = new ArrayList<>();
        List<String> releases = new ArrayList<>();
        for (Path f : Records.find(path)) {
            RunRecord r = Records.read(f);
            all.add(r);
            releases.add(rowRelease(path, f, r.binding()));
        }
        if (all.isEmpty()) {
            throw new IOException("no run record at " + path);
        }
        return byPair(all, releases);
    }

    /** The release of the suite row whose directory holds the record, or null. */
    static String rowRelease(Path root, Path file, String pair) {
        List<String> names = new ArrayList<>();
        if (root.getFileName() != null) {
            names.add(root.getFileName().toString());
        }
        Path parent = file.getParent();
        if (parent != null && parent.startsWith(root)) {
            root.relativize(parent).forEach(p -> names.add(p.toString()));
        }
        for (String name : names) {
            if (name.startsWith(pair + "@")) {
                try {
                    return VersionedPair.parse(name).release();
                } catch (IllegalArgumentException notARow) {
                    // a directory that only looks like a row's
                }
            }
        }
        return null;
    }

    private static Map<PairKey, List<RunRecord>> byPair(List<RunRecord> all, List<String> releases) {
        Map<PairKey, List<RunRecord>> byPair = new LinkedHashMap<>();
        for (int i = 0; i < all.size(); i++) {
            RunRecord r = all.get(i);
            String release = releases.get(i);
            boolean swept = false;
            for (int j = 0; j < all.size(); j++) {
                RunRecord o = all.get(j);
                swept |= o.binding().equals(r.binding()) && Objects.equals(releases.get(j), release) && o.threads() != r.threads();
            }
            byPair.computeIfAbsent(new PairKey(r.binding(), swept ? r.threads() : 0, release), p -> new ArrayList<>()).add(r);
        }
        return byPair;
    }
}
