package org.rpcbench.record;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

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

    /**
     * The run records at a path: the file itself, or every run record below a directory, in path order,
     * leaving out the attempts a failure or a stop left ({@link Found}).
     */
    public static List<Path> find(Path path) throws IOException {
        return search(path).records();
    }

    /** An attempt's directory: {@code PAIR.failed-N}, {@code rN.stopped-N}; what is in it is no result. */
    static final java.util.regex.Pattern ATTEMPT = java.util.regex.Pattern.compile(".+\\.(failed|stopped)-[0-9]+");

    /**
     * The run records found at a path, and the attempts left out: directories below it named {@code NAME.failed-N} or
     * {@code NAME.stopped-N}, kept beside a run that was run again (a run a stop interrupted is no result; a failed one is
     * not the one that counts). A path that is itself such a directory is read, since it was named.
     */
    public record Found(List<Path> records, List<Path> attempts) {}

    /**
     * @throws IOException one line: no run record there, or a directory below it that cannot be read (named; a
     *     comparison that left it out would not be of what was asked)
     */
    public static Found search(Path path) throws IOException {
        List<Path> files = new ArrayList<>();
        List<Path> attempts = new ArrayList<>();
        if (Files.isDirectory(path)) {
            Files.walkFileTree(path, new java.nio.file.SimpleFileVisitor<>() {
                @Override
                public java.nio.file.FileVisitResult preVisitDirectory(Path dir, java.nio.file.attribute.BasicFileAttributes a) {
                    if (!dir.equals(path) && ATTEMPT.matcher(dir.getFileName().toString()).matches()) {
                        attempts.add(dir);
                        return java.nio.file.FileVisitResult.SKIP_SUBTREE;
                    }
                    return java.nio.file.FileVisitResult.CONTINUE;
                }

                @Override
                public java.nio.file.FileVisitResult visitFile(Path file, java.nio.file.attribute.BasicFileAttributes a) {
                    if (file.getFileName().toString().endsWith(FILE) && Files.isRegularFile(file)) {
                        files.add(file);
                    }
                    return java.nio.file.FileVisitResult.CONTINUE;
                }

                @Override
                public java.nio.file.FileVisitResult visitFileFailed(Path file, IOException e) throws IOException {
                    throw new IOException("cannot read " + file + ": " + (e instanceof java.nio.file.AccessDeniedException
                            ? "permission denied" : oneLine(e)) + " (every run below " + path + " is read)");
                }
            });
            files.sort(null);
            attempts.sort(null);
        } else if (Files.isRegularFile(path)) {
            files.add(path);
        } else {
            throw new IOException("no run record at " + path);
        }
        return new Found(List.copyOf(files), List.copyOf(attempts));
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
