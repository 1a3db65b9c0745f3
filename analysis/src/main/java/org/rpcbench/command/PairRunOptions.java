package org.rpcbench.command;

import java.util.List;
import org.rpcbench.cli.UsageException;
import picocli.CommandLine.Option;

/** The options of one pair run (PAIR, PAIR-server, PAIR-client) and of nothing else. */
@Heading("Options of a run (PAIR, PAIR-server, PAIR-client):")
final class PairRunOptions {
    @Option(names = {"-s", "--host"}, paramLabel = "HOST", converter = Converters.Text.class,
            description = "where the server listens / the client connects (default 127.0.0.1)")
    String host;

    @Option(names = {"-p", "--port"}, paramLabel = "PORT", converter = Converters.Port.class,
            description = "the server's port (default: a free one for a pair run, else the pair's own)")
    Integer port;

    @Option(names = "--meter-port", paramLabel = "PORT", converter = Converters.Port.class,
            description = "the server also answers its own CPU, allocation, GC and threads on this port (for a client on another"
                    + " host: its --server-meter HOST:PORT); the pair's client reads them there instead of from the server's"
                    + " process; 0: none")
    Integer meterPort;

    @Option(names = {"-f", "--result"}, paramLabel = "FILE", converter = Converters.Text.class,
            description = "JMH's result file; run.json goes beside it (default results/PAIR-TIME/jmh.json, a new directory)")
    String result;

    @Option(names = "-r", paramLabel = "RATE", converter = Converters.Rate.class,
            description = "open loop: RATE calls per second on a fixed schedule (coordinated omission corrected)")
    Integer rate;

    @Option(names = {"-m", "--mode"}, paramLabel = "profiling", converter = Converters.Mode.class,
            description = "flight recordings and CPU flame graphs of both sides")
    String mode;

    boolean profiling() {
        return mode != null;
    }

    /** Refuses them all, for a command that runs on loopback into a directory of its own. */
    void refuse(String command) throws UsageException {
        List<String> given = Merge.given(this);
        if (!given.isEmpty()) {
            throw new UsageException(given.get(0) + " does not apply to " + command + " (it runs on loopback, into a directory of its own)");
        }
    }
}
