package org.rpcbench.record;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * A file written whole or not at all: the text goes to a temporary file of its own in the same directory,
 * which is then moved over the file in one atomic rename. A reader sees the old file or the new one, never
 * part of either; a writer killed half-way leaves the old file as it was (and a {@code .part} file beside
 * it, never read as anything). Every file the project writes for others to read is written this way.
 */
public final class WholeFile {
    private WholeFile() {}

    public static void write(Path file, String text) throws IOException {
        Path part = part(file, text);
        try {
            Files.move(part, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(part);
        }
    }

    /**
     * The text in a new temporary file of its own beside {@code file} (its directory made if missing), for a
     * caller that puts it in place itself (a link that fails when the file exists, say); the caller deletes it.
     */
    public static Path part(Path file, String text) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        Files.createDirectories(parent);
        Path part = Files.createTempFile(parent, "." + file.getFileName() + ".", ".part");
        try {
            Files.writeString(part, text, StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(part);
            throw e;
        }
        return part;
    }

    /** An object as JSON (the records' own mapper), written whole. */
    public static void writeJson(Path file, Object value) throws IOException {
        write(file, Json.MAPPER.writeValueAsString(value));
    }
}
