package org.rpcbench.runs;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * Everything one pair run is asked for, checked before it and fixed: a {@link PairRun} reads this and
 * nothing else.
 *
 * @param checkout whose built jars run
 * @param side a pair run (server and client), a server alone, or a client alone
 * @param host where the server listens and the client connects
 * @param port the server's port; null for a free one (a pair run) or the pair's own
 * @param resultFile JMH's result file (run.json goes beside it); for a server alone, null, or where its
 *     recordings go when profiled
 * @param overwrite replace a result found at {@code resultFile}
 * @param clientArgs the client's own options, as they are: JMH's, or the open loop's
 * @param concurrency calls in flight; several values make a sweep against one server; empty for the client's default
 * @param rate calls per second of an open loop, or null for JMH's closed loop
 * @param switches framework switches NAME=VALUE, for every JVM of the run
 * @param serverJvm the server's JVM options
 * @param clientJvm the client's JVM options (its forks get the same)
 * @param log where the run's output goes; null for the terminal
 * @param historyStore where the run is kept; null: not kept
 * @param suite the suite the run belongs to, kept with it; or null
 * @param historyPair the name the run is kept under in the history store: a suite's row on a Dubbo release of its
 *     own ("dubbo-hessian@3.0.15"), so that its series stays apart from the pair's on the build's release; null: the pair
 * @param readyTimeout how long the server has to say it is ready
 * @param meterPort the port of the server's meter endpoint (its {@code --meter-port}); the pair's client (Java or Go) then reads
 *     the server's meters there ({@code --server-meter HOST:PORT}) instead of from its process on this host; null: none
 */
public record PairRunSettings(Checkout checkout, Pair pair, Side side, String host, Integer port, Path resultFile, boolean overwrite,
                              List<String> clientArgs, List<Integer> concurrency, Integer rate, List<String> switches,
                              boolean profiling, boolean pin, List<String> serverJvm, List<String> clientJvm, Path log,
                              String historyStore, String suite, String historyPair, Duration readyTimeout,
                              Integer meterPort) {

    /** The seeds' JVM options, for both sides unless SERVER_JVM_OPTS or CLIENT_JVM_OPTS say otherwise. */
    public static final String JVM_DEFAULT = "-Xms2g -Xmx2g -XX:MaxDirectMemorySize=1g -XX:+UseG1GC";
    public static final Duration READY_TIMEOUT = Duration.ofSeconds(60);

    public enum Side { PAIR, SERVER, CLIENT }

    public PairRunSettings {
        Objects.requireNonNull(checkout);
        Objects.requireNonNull(pair);
        Objects.requireNonNull(side);
        Objects.requireNonNull(host);
        clientArgs = List.copyOf(clientArgs);
        concurrency = List.copyOf(concurrency);
        switches = List.copyOf(switches);
        serverJvm = List.copyOf(serverJvm);
        clientJvm = List.copyOf(clientJvm);
        if (side != Side.SERVER && resultFile == null) {
            throw new IllegalArgumentException("a run with a client needs its result file");
        }
        resultFile = resultFile == null ? null : resultFile.toAbsolutePath().normalize();
        log = log == null ? null : log.toAbsolutePath().normalize();
    }

    public static Builder of(Checkout checkout, Pair pair, Side side) {
        return new Builder(checkout, pair, side);
    }

    /** Whether the server answers its meters on a port of its own ({@code --meter-port}). */
    public boolean meterEndpoint() {
        return meterPort != null && meterPort > 0;
    }

    /** A sweep: several concurrencies against one server, each in its own {@code cN/}. */
    public boolean sweep() {
        return concurrency.size() > 1;
    }

    /** The result file of one concurrency value: {@code cN/} beside the result when there are several. */
    public Path resultFor(Integer threads) {
        return !sweep() || threads == null ? resultFile : resultFile.getParent().resolve("c" + threads).resolve(resultFile.getFileName());
    }

    /** Every result file the run writes. */
    public List<Path> resultFiles() {
        return concurrency.isEmpty() ? List.of(resultFile) : concurrency.stream().map(this::resultFor).toList();
    }

    /** The same run, its jars those of another checkout and its server at another host: the run as a container sees it. */
    public PairRunSettings seenFrom(Checkout in, String at) {
        return new PairRunSettings(in, pair, side, at, port, resultFile, overwrite, clientArgs, concurrency, rate, switches, profiling, pin,
                serverJvm, clientJvm, log, historyStore, suite, historyPair, readyTimeout, meterPort);
    }

    /** Whether a framework switch adds the calibration cost (such a run is never kept as a real result). */
    public boolean calibrating() {
        return switches.stream().anyMatch(s -> s.startsWith("calibration."));
    }

    /**
     * How a run's settings are put together: the defaults, changed field by field where asked, then
     * {@link #build() built} into the checked, fixed settings (the fields mean what the record's say).
     */
    public static final class Builder {
        private final Checkout checkout;
        private final Pair pair;
        private final Side side;
        public String host = "127.0.0.1";
        public Integer port;
        public Path resultFile;
        public boolean overwrite;
        public List<String> clientArgs = List.of();
        public List<Integer> concurrency = List.of();
        public Integer rate;
        public List<String> switches = List.of();
        public boolean profiling;
        public boolean pin;
        public List<String> serverJvm = List.of(JVM_DEFAULT.split(" "));
        public List<String> clientJvm = List.of(JVM_DEFAULT.split(" "));
        public Path log;
        public String historyStore;
        public String suite;
        public String historyPair;
        public Duration readyTimeout = READY_TIMEOUT;
        public Integer meterPort;

        Builder(Checkout checkout, Pair pair, Side side) {
            this.checkout = checkout;
            this.pair = pair;
            this.side = side;
        }

        /** The client's options as one string, split at white space as a shell would split it unquoted. */
        public static List<String> words(String v) {
            return v == null || v.isBlank() ? List.of() : List.of(v.trim().split("\\s+"));
        }

        public PairRunSettings build() {
            return new PairRunSettings(checkout, pair, side, host, port, resultFile, overwrite, clientArgs, concurrency, rate, switches,
                    profiling, pin, serverJvm, clientJvm, log, historyStore, suite, historyPair, readyTimeout, meterPort);
        }
    }
}
