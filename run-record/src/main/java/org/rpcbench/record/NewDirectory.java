package org.rpcbench.record;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A directory that is new, never another run's: {@code parent/BASE}, or {@code BASE-2}, {@code BASE-3} ...
 * when that is taken, each made with one atomic create that fails when it exists. Two runs started in the
 * same second (whose BASE names that second) get two directories.
 */
public final class NewDirectory {
    private NewDirectory() {}

    public static Path create(Path parent, String base) throws IOException {
        Files.createDirectories(parent);
        for (int n = 1; ; n++) {
            try {
                return Files.createDirectory(parent.resolve(n == 1 ? base : base + "-" + n));
            } catch (FileAlreadyExistsException taken) {
                // another run has this name: the next suffix
            }
        }
    }
}
