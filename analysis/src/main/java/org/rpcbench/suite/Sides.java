package org.rpcbench.suite;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import org.rpcbench.cli.UsageException;

/**
 * The two builds an ab compares, each made in a directory of its own: a git revision of this project, or
 * the working tree as it is (uncommitted changes too), built with the Maven options given (another Dubbo
 * release, a snapshot installed locally). A revision must be one that has {@code benchmark.sh build} (this
 * change or later); it is unpacked with git archive, and nothing of the checkout it comes from is touched.
 */
final class Sides {

    /** One side: a revision (null: the working tree) and extra Maven options (null: none). */
    record Side(String name, String rev, String build) {
        String describe() {
            return (rev == null ? "the working tree" : "revision " + rev) + (build == null ? "" : " built with " + build);
        }

        boolean sameBuildAs(Side other) {
            return Objects.equals(rev, other.rev) && Objects.equals(build, other.build);
        }
    }

    private Sides() {}

    /** Checks that a revision names a commit of the checkout. */
    static void checkRevision(Path root, String rev) throws UsageException, IOException, InterruptedException {
        if (rev != null && run(root, List.of("git", "rev-parse", "--verify", "--quiet", rev + "^{commit}"), null) != 0) {
            throw new UsageException("no revision '" + rev + "' in " + root);
        }
    }

    /** The side's sources in {@code into}: the revision's files, or the working tree's (tracked and not ignored). */
    static void materialize(Path root, Side side, Path into) throws IOException, InterruptedException {
        Files.createDirectories(into);
        if (side.rev() != null) {
            Path tar = into.resolveSibling(side.name() + "-sources.tar");
            if (run(root, List.of("git", "archive", "--format=tar", "-o", tar.toString(), side.rev()), null) != 0
                    || run(into, List.of("tar", "-xf", tar.toString()), null) != 0) {
                throw new IOException("cannot unpack revision " + side.rev() + " into " + into);
            }
            Files.delete(tar);
            return;
        }
        Path list = into.resolveSibling(side.name() + "-files.txt");
        if (run(root, List.of("git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"), list) != 0) {
            throw new IOException("cannot list the working tree's files in " + root + " (is it a git checkout?)");
        }
        List<String> files = new ArrayList<>(List.of(Files.readString(list, StandardCharsets.UTF_8).split("\0")));
        Files.delete(list);
        for (String f : files) {
            Path from = root.resolve(f);
            if (f.isEmpty() || !Files.isRegularFile(from)) {
                continue; // listed but deleted in the working tree
            }
            Path to = into.resolve(f);
            Files.createDirectories(to.getParent());
            Files.copy(from, to, StandardCopyOption.COPY_ATTRIBUTES, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** Removes a side's sources and build output once its runs are done. */
    static void remove(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (var walk = Files.walk(dir)) {
            for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    private static int run(Path dir, List<String> command, Path output) throws IOException, InterruptedException {
        ProcessBuilder b = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(output == null);
        if (output != null) {
            b.redirectOutput(output.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD);
        } else {
            b.redirectOutput(ProcessBuilder.Redirect.DISCARD);
        }
        Process p = b.start();
        if (!p.waitFor(10, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            return -1;
        }
        return p.exitValue();
    }
}
