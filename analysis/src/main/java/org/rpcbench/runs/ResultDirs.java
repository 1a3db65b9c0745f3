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
            Files.createDirectories(parent);
            for (int n = 1; ; n++) {
                try {
                    return Files.createDirectory(parent.resolve(n == 1 ? base : base + "-" + n));
                } catch (FileAlreadyExistsException taken) {
                    // another run has this name: the next suffix
                }
            }
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
                Files.writeString(claim, me, StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.CREATE_NEW,
                        java.nio.file.StandardOpenOption.WRITE);
                Claim held = new Claim(claim);
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
                    Files.deleteIfExists(claim); // left by a run that ended without letting go (killed)
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

        Claim(Path file) {
            this.file = file;
        }

        @Override
        public void close() {
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                // a claim left behind is taken over by the next run, once this process is gone
            }
        }
    }
}
