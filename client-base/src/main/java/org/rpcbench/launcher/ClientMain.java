package org.rpcbench.launcher;

import java.io.PrintStream;
import org.rpcbench.binding.Bindings;
import org.rpcbench.binding.ClientBinding;
import org.rpcbench.binding.Switch;
import org.rpcbench.cli.CommandLine;
import org.rpcbench.cli.UsageException;

/**
 * Runs the benchmarks of the jar's one {@link ClientBinding} against a server: parses and checks the
 * options, then hands the run to the closed loop (JMH) or the open loop. Exit codes: 0 when every selected
 * case ran with no error, 1 when any call failed or was answered wrongly or a case produced no result,
 * 2 for bad options, 3 when the server cannot be benchmarked at all.
 */
public final class ClientMain {
    private ClientMain() {}

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    public static int run(String[] args, PrintStream out, PrintStream err) {
        ClientBinding binding;
        try {
            binding = Bindings.load(ClientBinding.class);
        } catch (RuntimeException e) {
            err.println("rpc-bench client: " + e.getMessage());
            return 1;
        }
        return run(binding, args, out, err);
    }

    static int run(ClientBinding binding, String[] args, PrintStream out, PrintStream err) {
        CommandLine cli = ClientOptions.commandLine(binding);
        ClientOptions given;
        try {
            CommandLine.Values values = cli.parse(args);
            if (values.helpRequested()) {
                out.print(cli.usage());
                return 0;
            }
            given = ClientOptions.parse(binding, values);
        } catch (UsageException e) {
            err.println("rpc-bench client: " + e.getMessage() + " (see --help)");
            return 2;
        }
        try {
            Switch.given(binding);
        } catch (IllegalArgumentException e) {
            err.println("rpc-bench client: " + e.getMessage());
            return 2;
        }
        return given.openLoop() ? OpenLoopLauncher.run(binding, given, out, err) : ClosedLoopLauncher.run(binding, given, out, err);
    }
}
