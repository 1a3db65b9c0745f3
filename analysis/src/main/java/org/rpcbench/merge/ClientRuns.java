package org.rpcbench.merge;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.rpcbench.record.Environment;
import org.rpcbench.record.Records;
import org.rpcbench.record.RunRecord;
import org.rpcbench.record.TallyFile;

/**
 * The client runs a merge sums, each read once: its directory, its record and its forks' tallies. A merge
 * sums what the clients carried, so a client given twice would be counted twice; it is refused however it
 * comes twice: the same directory (by one path or two), or a copy of it (the same host and start time, or
 * the same tallies). The directory the merge writes into may not be one of them, whose record it would
 * overwrite.
 */
record ClientRuns(List<Path> dirs, List<RunRecord> records, List<List<TallyFile>> tallies) {

    /**
     * The client runs in {@code dirs}, to be merged into {@code out} (null when the caller writes nowhere).
     *
     * @throws IllegalArgumentException when a client is given twice, or {@code out} is one of them
     * @throws IOException when a record or a tally cannot be read
     */
    static ClientRuns read(Path out, List<Path> dirs) throws IOException {
        List<Path> real = new ArrayList<>();
        for (Path dir : dirs) {
            Path file = dir.resolve(Records.FILE);
            if (!Files.isRegularFile(file)) {
                throw new IllegalArgumentException("no run.json in " + dir + " (give each client's result directory)");
            }
            real.add(dir.toRealPath());
        }
        if (out != null && Files.exists(out)) {
            Path target = out.toRealPath();
            int i = real.indexOf(target);
            if (i >= 0) {
                throw new IllegalArgumentException("the output directory " + out + " is the client run " + dirs.get(i)
                        + ": merging into it would overwrite that client's run.json (name a new directory)");
            }
        }
        List<RunRecord> records = new ArrayList<>();
        List<List<TallyFile>> tallies = new ArrayList<>();
        for (Path dir : dirs) {
            records.add(Records.read(dir.resolve(Records.FILE)));
            tallies.add(TallyFile.readAll(dir.resolve("tallies")));
        }
        for (int j = 1; j < dirs.size(); j++) {
            for (int i = 0; i < j; i++) {
                String same = sameClient(real.get(i), real.get(j), records.get(i), records.get(j), tallies.get(i), tallies.get(j));
                if (same != null) {
                    throw new IllegalArgumentException(dirs.get(i) + " and " + dirs.get(j) + " are the same client run (" + same
                            + "): each client is merged once");
                }
            }
        }
        return new ClientRuns(List.copyOf(dirs), records, tallies);
    }

    /** Why two inputs are one client run, or null when they are two. */
    private static String sameClient(Path a, Path b, RunRecord ra, RunRecord rb, List<TallyFile> ta, List<TallyFile> tb) {
        if (a.equals(b)) {
            return "the same directory";
        }
        Environment ea = ra.environment();
        Environment eb = rb.environment();
        if (Objects.equals(ea.hostname(), eb.hostname()) && Objects.equals(ea.date(), eb.date())) {
            return "the same host " + ea.hostname() + " and start time " + ea.date();
        }
        if (ta.stream().anyMatch(tb::contains)) {
            return "the same tallies";
        }
        return null;
    }
}
