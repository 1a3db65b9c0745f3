package org.rpcbench.launcher;

import java.io.IOException;
import java.io.PrintStream;
import java.util.List;
import org.rpcbench.binding.Bindings;
import org.rpcbench.binding.ClientBinding;
import org.rpcbench.binding.Switch;
import org.rpcbench.cases.Case;
import org.rpcbench.cli.CommandLine;
import org.rpcbench.cli.UsageException;
import org.rpcbench.record.CaseRecord;
import org.rpcbench.record.Records;
import org.rpcbench.record.RunRecord;
import org.rpcbench.record.RunSummary;
import org.rpcbench.rig.Preflight;

/**
 * Runs the benchmarks of the jar's one {@link ClientBinding} against a server: parses and checks the
 * options, then hands the run to the closed loop (JMH) or the open loop. Exit codes: 0 when every selected
 * case ran with no error, 1 when any call failed or was answered wrongly or a case produced no result,
 * 2 for bad options, 3 when the server cannot be benchmarked at all.
 */
public final class ClientMain {
    static final long PREFLIGHT_DEADLINE_MILLIS = 10_000;

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

    /**
     * One checked call of each case to be measured: 0 when each answered right; with the reason said, 3 when
     * the server cannot be benchmarked at all (not up, deaf, another protocol), 1 when it is up and speaks
     * the protocol but fails a case (it throws, or answers wrongly): a failed run, not a missing server.
     */
    static int preflight(ClientBinding binding, ClientOptions given, List<Case> cases, PrintStream err) {
        Preflight.Result result = Preflight.check(binding, given.target(), cases, PREFLIGHT_DEADLINE_MILLIS);
        if (result.passed()) {
            return 0;
        }
        if (result.serves()) {
            err.println("rpc-bench client: run FAILED: the " + binding.name() + " server at " + given.target() + " answers, but "
                    + result.problem());
            return 1;
        }
        err.println("rpc-bench client: cannot benchmark " + binding.name() + " at " + given.target() + ": " + result.problem());
        return 3;
    }

    /** Writes the run record, prints its summary under {@code title}, and says FAILED unless it passed: the exit code. */
    static int conclude(RunRecord record, ClientOptions given, String title, String files, PrintStream out, PrintStream err) {
        try {
            Records.write(record, given.runRecordFile());
        } catch (IOException | RuntimeException e) {
            err.println("rpc-bench client: cannot record the run in " + given.runRecordFile() + ": " + e.getMessage());
            return 1;
        }
        out.println();
        out.print(RunSummary.render(title, record));
        out.println("results: " + files);
        if (record.passed()) {
            return 0;
        }
        long errors = record.cases().stream().mapToLong(CaseRecord::allErrors).sum();
        err.println("rpc-bench client: run FAILED: " + errors + " failed or wrong calls"
                + (record.missingCases().isEmpty() ? "" : ", no result for " + String.join(", ", record.missingCases())));
        return 1;
    }
}
