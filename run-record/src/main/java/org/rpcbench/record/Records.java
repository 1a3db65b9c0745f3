package org.rpcbench.record;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Reading and writing run records: the one place their JSON is made or parsed. Records of every schema
 * so far read into {@link RunRecord}; what a record from before a field existed lacks is unknown (null,
 * NaN), and its accessors derive what can be derived.
 */
public final class Records {
    /** How a run record's file is named. */
    public static final String FILE = "run.json";

    private Records() {}

    public static RunRecord read(Path file) throws IOException {
        try {
            return parse(Files.readString(file, StandardCharsets.UTF_8));
        } catch (IOException | RuntimeException e) {
            throw new IOException("cannot read the run record " + file + ": " + oneLine(e), e);
        }
    }

    /**
     * A record from its JSON. A record of an older schema reads as it always did; one of a newer schema is
     * refused, since what its fields mean may have changed; a record that lacks a required part is refused
     * with the part named.
     */
    public static RunRecord parse(String json) throws IOException {
        JsonNode tree = Json.MAPPER.readTree(json);
        if (tree == null || !tree.isObject()) {
            throw new IOException("not a run record (not a JSON object)");
        }
        int version = RecordShape.version(tree);
        if (version > RunRecord.SCHEMA) {
            throw new IOException("its schema is " + version + ", newer than the " + RunRecord.SCHEMA + " this rpc-bench reads"
                    + " (read it with the rpc-bench that wrote it)");
        }
        List<String> missing = RecordShape.missing(tree);
        if (!missing.isEmpty()) {
            throw new IOException((tree.hasNonNull("binding") ? "" : "not a run record: ") + "it lacks " + String.join(", ", missing));
        }
        return Json.MAPPER.treeToValue(tree, RunRecord.class);
    }

    public static String toJson(RunRecord record) {
        try {
            return Json.MAPPER.writeValueAsString(record) + "\n";
        } catch (IOException e) {
            throw new IllegalStateException("cannot write a run record as JSON", e);
        }
    }

    /** Written whole or not at all ({@link WholeFile}). */
    public static void write(RunRecord record, Path file) throws IOException {
        WholeFile.write(file, toJson(record));
    }

    /** The run records at a path: the file itself, or every run record below a directory, in path order. */
    public static List<Path> find(Path path) throws IOException {
        List<Path> files = new ArrayList<>();
        if (Files.isDirectory(path)) {
            try (Stream<Path> walk = Files.walk(path)) {
                walk.filter(p -> p.getFileName().toString().endsWith(FILE) && Files.isRegularFile(p)).sorted().forEach(files::add);
            }
        } else if (Files.isRegularFile(path)) {
            files.add(path);
        } else {
            throw new IOException("no run record at " + path);
        }
        return files;
    }

    /** Where the run record of a JMH result file goes: run.json beside jmh.json, else STEM.run.json. */
    public static Path besideResult(Path resultFile) {
        String stem = resultFile.getFileName().toString().replaceFirst("\\.json$", "");
        return resultFile.resolveSibling(stem.equals("jmh") ? FILE : stem + "." + FILE);
    }

    static String oneLine(Throwable e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        int nl = m.indexOf('\n');
        return nl < 0 ? m : m.substring(0, nl);
    }
}
