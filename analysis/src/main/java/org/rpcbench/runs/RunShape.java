package org.rpcbench.runs;

import java.nio.file.Path;
import java.util.List;

/**
 * What every run of a suite, an ab, a calibration or a soak shares: the client's options, the calls in
 * flight, the pinning and both sides' JVM options. Each run adds its checkout, pair, switches and directory.
 */
public record RunShape(String clientArgs, List<Integer> concurrency, boolean pin, List<String> serverJvm, List<String> clientJvm) {
    public RunShape {
        concurrency = List.copyOf(concurrency);
        serverJvm = List.copyOf(serverJvm);
        clientJvm = List.copyOf(clientJvm);
    }

    /** The same, with the client's options given. */
    public RunShape withClientArgs(String args) {
        return new RunShape(args, concurrency, pin, serverJvm, clientJvm);
    }

    /** A run of {@code side} with this shape and these switches; the rest as the settings' defaults. */
    public PairRunSettings.Builder settings(Checkout checkout, Pair pair, PairRunSettings.Side side, List<String> switches) {
        PairRunSettings.Builder b = PairRunSettings.of(checkout, pair, side);
        b.clientArgs = PairRunSettings.Builder.words(clientArgs);
        b.concurrency = concurrency;
        b.pin = pin;
        b.serverJvm = serverJvm;
        b.clientJvm = clientJvm;
        b.switches = switches;
        return b;
    }

    /**
     * A run in {@code dir} (jmh.json, run.json, server.log), its output to {@code log} (null: the terminal),
     * kept in no history store unless the caller says.
     */
    public PairRunSettings.Builder settings(Checkout checkout, Pair pair, List<String> switches, Path dir, Path log) {
        PairRunSettings.Builder b = settings(checkout, pair, PairRunSettings.Side.PAIR, switches);
        b.resultFile = dir.resolve("jmh.json");
        b.log = log;
        return b;
    }
}
