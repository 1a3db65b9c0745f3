package org.rpcbench.history;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/**
 * A real PostgreSQL server for the tests, from the machine's Debian package: a new cluster in a temporary
 * folder, on a free loopback port, stopped and deleted after. PostgreSQL refuses to run as root, so as root
 * it runs as the package's postgres user.
 */
record LocalPostgres(Path dir, Path bin, int port, boolean asPostgresUser, String password) implements AutoCloseable {

    /**
     * {@link #binaries()}, or the test aborted (skipped, saying why) when the package is missing; under CI,
     * which installs it, failed.
     */
    static Path binariesOrSkip() throws IOException {
        Path bin = binaries();
        if (bin == null) {
            String why = "PostgreSQL is not installed (Debian: apt-get install postgresql; ./test.sh does it)";
            if (System.getenv("CI") != null) {
                throw new IllegalStateException(why);
            }
            Assumptions.abort(why);
        }
        return bin;
    }

    /** Where initdb and pg_ctl are: Debian's /usr/lib/postgresql/VERSION/bin (the newest), else null. */
    static Path binaries() throws IOException {
        Path debian = Path.of("/usr/lib/postgresql");
        if (!Files.isDirectory(debian)) {
            return null;
        }
        try (Stream<Path> versions = Files.list(debian)) {
            return versions.map(v -> v.resolve("bin")).filter(b -> Files.isExecutable(b.resolve("initdb")))
                    .max(Comparator.comparing(b -> Integer.parseInt(b.getParent().getFileName().toString().replaceAll("\\D", "0"))))
                    .orElse(null);
        }
    }

    static LocalPostgres start(Path bin) throws IOException, InterruptedException {
        return start(bin, null);
    }

    /**
     * A server whose user rpcbench needs {@code password} (SCRAM), or trusts every local connection when it is
     * null.
     */
    static LocalPostgres start(Path bin, String password) throws IOException, InterruptedException {
        boolean root = "root".equals(System.getProperty("user.name"));
        Path dir = Files.createTempDirectory("rpcbench-postgres-");
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        LocalPostgres pg = new LocalPostgres(dir, bin, port, root, password);
        List<String> initdb = new ArrayList<>(List.of(bin.resolve("initdb").toString(), "-D", dir.resolve("data").toString(),
                "-U", "rpcbench", "-E", "UTF8", "--no-sync"));
        if (password == null) {
            initdb.addAll(List.of("-A", "trust"));
        } else {
            Path pwfile = dir.resolve("pwfile");
            Files.writeString(pwfile, password + "\n");
            initdb.addAll(List.of("-A", "scram-sha-256", "--pwfile=" + pwfile));
        }
        if (root) {
            pg.run(List.of("chown", "-R", "postgres:postgres", dir.toString()), false);
        }
        pg.run(initdb, true);
        pg.run(List.of(bin.resolve("pg_ctl").toString(), "-D", dir.resolve("data").toString(), "-l", dir.resolve("log").toString(),
                "-w", "-t", "60", "-o", "-c listen_addresses=127.0.0.1 -p " + port + " -k " + dir + " -c fsync=off", "start"), true);
        return pg;
    }

    String url(String database) {
        return "jdbc:postgresql://127.0.0.1:" + port + "/" + database + "?user=rpcbench";
    }

    /** A new, empty database, so that each test starts from nothing. */
    String createDatabase(String name) throws IOException, InterruptedException {
        run(List.of(bin.resolve("createdb").toString(), "-h", "127.0.0.1", "-p", String.valueOf(port), "-U", "rpcbench", name), true);
        return url(name);
    }

    private void run(List<String> command, boolean asPostgres) throws IOException, InterruptedException {
        List<String> full = new ArrayList<>();
        if (asPostgres && asPostgresUser) {
            full.addAll(List.of("runuser", "-u", "postgres", "--"));
        }
        full.addAll(command);
        ProcessBuilder builder = new ProcessBuilder(full).redirectErrorStream(true);
        if (password != null) {
            builder.environment().put("PGPASSWORD", password);
        }
        Process p = builder.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
            p.destroyForcibly();
            String log = Files.isRegularFile(dir.resolve("log")) ? Files.readString(dir.resolve("log")) : "";
            throw new IOException(String.join(" ", command) + " failed: " + out + log);
        }
    }

    @Override
    public void close() throws Exception {
        try {
            run(List.of(bin.resolve("pg_ctl").toString(), "-D", dir.resolve("data").toString(), "-m", "immediate", "-w", "stop"), true);
        } finally {
            try (Stream<Path> files = Files.walk(dir)) {
                files.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
            }
        }
    }
}
