package org.rpcbench.runs;

import java.io.IOException;
import java.io.PrintStream;
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
 * release, a snapshot installed locally). A revision must be one whose pairs are declared in {@code pairs/}
 * and built by the modules {@code PAIR-server} and {@code PAIR-client}; it is unpacked with git archive, and
 * nothing of the checkout it comes from is touched. Each side's runs use its own jars, run by this program.
 */
public final class Sides {

    /** One side: a revision (null: the working tree) and extra Maven options (null: none). */
    public record Side(String name, String rev, String build) {
        public String describe() {
            return (rev == null ? "the working tree" : "revision " + rev) + (build == null ? "" : " built with " + build);
        }

        public boolean sameBuildAs(Side other) {
            return Objects.equals(rev, other.rev) && Objects.equals(build, other.build);
        }
    }

    private Sides() {}

    /** Checks that a revision names a commit of the checkout. */
    public static void checkRevision(Path root, String rev) throws UsageException, IOException, InterruptedException {
        if (rev != null && run(root, List.of("git", "rev-parse", "--verify", "--quiet", rev + "^{commit}"), null) != 0) {
            throw new UsageException("no revision '" + rev + "' in " + root);
        }
    }

    /**
     * The checkout a side's runs use: with -n, a side that is the working tree as it is built (no revision,
     * no build options of its own) runs this checkout's jars as they are; any other side is made and built in
     * {@code dir/NAME/checkout}, its build's output in {@code dir/NAME/build.log}.
     *
     * @param buildOptions -b's Maven options for both sides, or null
     * @param who the command that asks, as its lines start ("ab", "suite seed-000")
     */
    public static Checkout prepare(Checkout main, Side side, List<Pair> pairs, boolean noBuild, String buildOptions, Path dir,
                                   Builder builder, String who, PrintStream out, PrintStream err)
            throws IOException, InterruptedException, CannotRun, Stopped {
        if (noBuild && side.rev() == null && side.build() == null) {
            Builder.requireBuilt(main, pairs, true, true);
            return main;
        }
        Path into = dir.resolve(side.name()).resolve("checkout");
        out.println("benchmark.sh: " + who + ": building the " + side.name() + " (" + side.describe() + ") in " + into);
        materialize(main.root(), side, into, builder.stop());
        Checkout checkout = Checkout.copyOf(into, side.rev() == null ? main.commit() : commitOf(main.root(), side.rev()));
        String build = side.build() == null ? buildOptions : buildOptions == null ? side.build() : buildOptions + " " + side.build();
        try {
            builder.build(checkout, pairs, build, dir.resolve(side.name()).resolve("build.log"), out, err);
        } catch (CannotRun e) {
            throw new CannotRun(who + ": the " + side.name() + " (" + side.describe() + ") failed to build; see "
                    + dir.resolve(side.name()).resolve("build.log"));
        }
        return checkout;
    }

    private static String commitOf(Path root, String rev) throws IOException, InterruptedException {
        Path out = Files.createTempFile("rpcbench-rev", ".txt");
        try {
            return run(root, List.of("git", "rev-parse", rev + "^{commit}"), out) == 0 ? Files.readString(out).trim() : rev;
        } finally {
            Files.deleteIfExists(out);
        }
    }

    /**
     * The side's sources in {@code into}: the revision's files, or the working tree's (tracked and not ignored).
     * git and tar start through the stop: a stop ends them, and what would follow does not start.
     */
    static void materialize(Path root, Side side, Path into, Stop stop) throws IOException, InterruptedException, Stopped {
        Files.createDirectories(into);
        if (side.rev() != null) {
            Path tar = into.resolveSibling(side.name() + "-sources.tar");
            if (run(root, List.of("git", "archive", "--format=tar", "-o", tar.toString(), side.rev()), null, stop) != 0
                    || run(into, List.of("tar", "-xf", tar.toString()), null, stop) != 0) {
                if (stop.requested()) {
                    throw new Stopped();
                }
                throw new IOException("cannot unpack revision " + side.rev() + " into " + into);
            }
            Files.delete(tar);
            return;
        }
        Path list = into.resolveSibling(side.name() + "-files.txt");
        if (run(root, List.of("git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"), list, stop) != 0) {
            if (stop.requested()) {
                throw new Stopped();
            }
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
    public static void remove(Path dir) throws IOException {
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
        try {
            return run(dir, command, output, null);
        } catch (Stopped e) {
            throw new IllegalStateException("no stop was given", e);
        }
    }

    /** @param stop what starts the process (a stop ends it), or null for one too short to need it (git rev-parse) */
    private static int run(Path dir, List<String> command, Path output, Stop stop) throws IOException, InterruptedException, Stopped {
        ProcessBuilder b = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(output == null);
        if (output != null) {
            b.redirectOutput(output.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD);
        } else {
            b.redirectOutput(ProcessBuilder.Redirect.DISCARD);
        }
        Process p = stop == null ? b.start() : stop.start(b);
        if (!p.waitFor(10, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            return -1;
        }
        return p.exitValue();
    }
}
