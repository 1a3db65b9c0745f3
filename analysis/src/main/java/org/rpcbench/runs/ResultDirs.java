package org.rpcbench.runs;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import org.rpcbench.cli.UsageException;
import org.rpcbench.record.Records;
import org.rpcbench.record.WholeFile;

/**
 * Where results go, never where another run's are: a directory of a command's own is new every time
 * ({@code results/STEM-yyyyMMdd-HHmmss}, then {@code -2}, {@code -3} ... when that second is taken), made
 * with one atomic create that fails when it exists; a run writing where it is told (-f) claims the
 * directory for as long as it runs, and refuses to replace a result found there unless told to overwrite
 * (then the old result is set aside as {@code NAME.replaced} before the run starts).
 */
public final class ResultDirs {
    static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");
    /** The claim of a run on its directory, holding the claimant's process id. */
    static final String CLAIM = ".rpcbench-run";

    private ResultDirs() {}

    /** A new directory {@code parent/STEM-TIME}, or with the first free suffix; bad input when it cannot be made. */
    public static Path create(Path parent, String stem, Clock clock) throws UsageException {
        String base = stem + "-" + LocalDateTime.now(clock).format(STAMP);
        try {
            return org.rpcbench.record.NewDirectory.create(parent, base);
        } catch (IOException e) {
            throw unwritable(parent, e);
        }
    }

    /** The one line that says a results directory cannot be written. */
    static UsageException unwritable(Path where, IOException e) {
        String why = e instanceof AccessDeniedException ? "permission denied"
                : e instanceof NoSuchFileException ? "no such directory"
                : e instanceof FileAlreadyExistsException ? "a file is in the way"
                : e instanceof FileSystemException f && f.getReason() != null ? f.getReason() : String.valueOf(e.getMessage());
        return new UsageException("cannot write results in " + where + ": " + why);
    }

    /**
     * Claims the directory of {@code resultFile} for one run: it is made if missing; a result already there
     * (the file, or the run record beside it, or those of a sweep's {@code cN/}) is refused unless
     * {@code overwrite}; a directory another live run has claimed is refused.
     *
     * @param files the result files the run will write (one, or one per concurrency of a sweep)
     */
    public static Claim claim(List<Path> files, boolean overwrite) throws UsageException {
        Path dir = files.get(0).getParent();
        if (!overwrite) {
            for (Path f : files) {
                for (Path existing : List.of(f, Records.besideResult(f))) {
                    if (Files.exists(existing)) {
                        throw new UsageException(existing + " holds a result already (give another -f, or --overwrite to replace it)");
                    }
                }
            }
        }
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw unwritable(dir, e);
        }
        Path claim = dir.resolve(CLAIM);
        String me = String.valueOf(ProcessHandle.current().pid());
        for (int attempt = 0; ; attempt++) {
            try {
                take(claim, me);
                Claim held = new Claim(claim, me);
                if (overwrite) {
                    setAside(files, held);
                }
                return held;
            } catch (FileAlreadyExistsException held) {
                long owner = owner(claim);
                if (owner > 0 && owner != ProcessHandle.current().pid() && ProcessHandle.of(owner).map(ProcessHandle::isAlive).orElse(false)) {
                    throw new UsageException("another run (pid " + owner + ") is writing into " + dir + ": give another -f");
                }
                if (attempt > 2) {
                    throw new UsageException("cannot claim " + dir + " (" + claim + " keeps coming back)");
                }
                try {
                    // left by a run that ended without letting go (killed): gone only if it still names that run
                    letGo(claim, owner);
                } catch (IOException e) {
                    throw unwritable(dir, e);
                }
            } catch (IOException e) {
                throw unwritable(dir, e);
            }
        }
    }

    /** What a replaced result is renamed to, beside it: kept, but never read as a result. */
    static final String REPLACED = ".replaced";

    /**
     * Moves the results a run under --overwrite replaces out of its way before it starts, so that a run that
     * fails before writing leaves no old record that could pass for its own.
     */
    private static void setAside(List<Path> files, Claim held) throws UsageException {
        for (Path f : files) {
            for (Path existing : List.of(f, Records.besideResult(f))) {
                try {
                    if (Files.exists(existing, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                        Files.move(existing, existing.resolveSibling(existing.getFileName() + REPLACED),
                                java.nio.file.StandardCopyOption.REPLACE_EXISTING, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
                    }
                } catch (IOException e) {
                    held.close();
                    throw unwritable(existing.getParent(), e);
                }
            }
        }
    }

    /**
     * The claim made whole with its process id, then linked into place: the link fails when a claim is
     * there, so no reader ever finds it empty.
     */
    private static void take(Path claim, String me) throws IOException {
        Path part = WholeFile.part(claim, me);
        try {
            Files.createLink(claim, part);
        } finally {
            Files.deleteIfExists(part);
        }
    }

    /**
     * Deletes a claim only while it names {@code owner}: it is first renamed to a name of this process's own
     * (one atomic step, so only one process takes it), then checked; a claim another run had made meanwhile
     * is put back.
     */
    private static void letGo(Path claim, long owner) throws IOException {
        Path mine = claim.resolveSibling(claim.getFileName() + "." + ProcessHandle.current().pid() + "." + System.nanoTime());
        try {
            Files.move(claim, mine, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        } catch (NoSuchFileException gone) {
            return;
        }
        if (owner(mine) == owner) {
            Files.delete(mine);
            return;
        }
        try {
            Files.createLink(claim, mine); // not the one seen: back in place, unless yet another claim is there
        } catch (FileAlreadyExistsException another) {
            // that one holds the directory now; the one taken by mistake is lost, and its run finds its claim gone
        } finally {
            Files.deleteIfExists(mine);
        }
    }

    private static long owner(Path claim) {
        try {
            return Long.parseLong(Files.readString(claim, StandardCharsets.UTF_8).trim());
        } catch (IOException | NumberFormatException e) {
            return -1;
        }
    }

    /** A run's hold on its directory, let go when the run ends. */
    public static final class Claim implements AutoCloseable {
        private final Path file;
        private final String owner;

        Claim(Path file, String owner) {
            this.file = file;
            this.owner = owner;
        }

        /** Lets go of the claim if it is still this run's; another run's claim is left alone. */
        @Override
        public void close() {
            try {
                letGo(file, Long.parseLong(owner));
            } catch (IOException e) {
                // a claim left behind is taken over by the next run, once this process is gone
            }
        }
    }
}
