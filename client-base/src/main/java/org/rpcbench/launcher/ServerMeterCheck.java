package org.rpcbench.launcher;

import java.io.IOException;
import java.io.PrintStream;
import org.rpcbench.meter.MeterClient;
import org.rpcbench.meter.NodeIdentity;
import org.rpcbench.record.ServerMeter;

/**
 * Before a run: where the server's meters will be read, and what the record says of it. A meter endpoint
 * given with {@code --server-meter} must answer who it is and one reading now, or the run does not start
 * (exit 3, as for a server that cannot be reached): a run whose server figures could never be read is not
 * the run that was asked for. A {@code --server-pid}'s server is on this host.
 */
final class ServerMeterCheck {
    /** How long the endpoint has to connect and answer. */
    static final int TIMEOUT_MILLIS = 5_000;

    /** The record's account of the server's meter, or null when the run cannot start (with {@link #exitCode}). */
    record Outcome(ServerMeter meter, int exitCode) {}

    private ServerMeterCheck() {}

    static Outcome check(ClientOptions given, PrintStream err) {
        if (given.serverMeter() != null) {
            try (MeterClient meter = MeterClient.connect(given.serverMeter(), TIMEOUT_MILLIS, err)) {
                meter.readOrFail();
                NodeIdentity server = meter.server();
                return new Outcome(new ServerMeter(ServerMeter.ENDPOINT, given.serverMeter().toString(), server.node(),
                        server.cpuModel(), server.cores(), server.runtime()), 0);
            } catch (IOException e) {
                err.println("rpc-bench client: cannot read the server's meter at " + given.serverMeter() + ": " + e.getMessage());
                return new Outcome(null, 3);
            }
        }
        if (given.serverPid() > 0) {
            return new Outcome(new ServerMeter(ServerMeter.PROC, "pid " + given.serverPid(), NodeIdentity.localNodeName(),
                    NodeIdentity.localCpuModel(), Runtime.getRuntime().availableProcessors(), null), 0);
        }
        return new Outcome(ServerMeter.none(), 0);
    }
}
