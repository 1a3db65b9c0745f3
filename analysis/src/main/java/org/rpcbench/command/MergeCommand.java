package org.rpcbench.command;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.rpcbench.merge.MergeClients;
import org.rpcbench.record.Records;
import org.rpcbench.record.RunRecord;
import org.rpcbench.record.RunSummary;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/**
 * {@code merge OUT_DIR CLIENT_RESULT_DIR...}: one record for several client hosts that ran against one server
 * at the same time ({@link MergeClients}); writes OUT_DIR/run.json (one that is there only with --overwrite) and prints the summary. Exit 0 when the
 * merged run passed, 1 when any client counted an error, 2 for unusable input.
 */
@Command(name = "merge", customSynopsis = "Usage: ./benchmark.sh merge [--overwrite] OUT_DIR CLIENT_RESULT_DIR CLIENT_RESULT_DIR...",
        description = {"One record for several client hosts that ran against one server at the same time: throughput summed,",
            "latency from the clients' histograms merged. Writes OUT_DIR/run.json."})
final class MergeCommand extends AbstractCommand {

    @Parameters(paramLabel = "DIR", arity = "0..*", description = "OUT_DIR, then each client's result directory")
    List<String> dirs = new ArrayList<>();

    @Mixin
    OverwriteOption overwrite;

    @Override
    public Integer call() throws Exception {
        // --overwrite before the command is the top's; take it from there, and refuse the rest
        Cli top = Cli.of(spec);
        Boolean before = top.overwrite.overwrite;
        top.overwrite.overwrite = null;
        boolean replace = Boolean.TRUE.equals(Merge.once("--overwrite", before, overwrite.overwrite));
        Subcommand c = Subcommand.of(spec);
        return merge(dirs, replace, c.ctx().out, c.ctx().err);
    }

    static int merge(List<String> args, PrintStream out, PrintStream err) {
        return merge(args, false, out, err);
    }

    /** @param replace whether an OUT_DIR/run.json that is there may be replaced (--overwrite) */
    static int merge(List<String> args, boolean replace, PrintStream out, PrintStream err) {
        if (args.size() < 3) {
            err.println("rpc-bench merge: usage: merge OUT_DIR CLIENT_RESULT_DIR CLIENT_RESULT_DIR...");
            return 2;
        }
        List<Path> inputs = new ArrayList<>();
        for (int i = 1; i < args.size(); i++) {
            inputs.add(Path.of(args.get(i)));
        }
        return merge(Path.of(args.get(0)), inputs, "", replace, out, err);
    }

    static int merge(Path outDir, List<Path> inputs, String where, PrintStream out, PrintStream err) {
        return merge(outDir, inputs, where, false, out, err);
    }

    /**
     * Merges the client runs in {@code inputs} into {@code outDir}/run.json and prints the summary, its title
     * ending with {@code where} (" on kubernetes"): 0 when the merged run passed, 1 when a client counted an
     * error, 2 when the inputs cannot be merged, or when an OUT_DIR/run.json is there and not to be
     * {@code replace}d (said in one line).
     */
    static int merge(Path outDir, List<Path> inputs, String where, boolean replace, PrintStream out, PrintStream err) {
        RunRecord merged;
        try {
            merged = MergeClients.merge(outDir, inputs);
        } catch (IllegalArgumentException | IOException e) {
            err.println("rpc-bench merge: " + e.getMessage());
            return 2;
        } catch (RuntimeException e) {
            err.println("rpc-bench merge: a client's record cannot be merged: " + e.getMessage());
            return 2;
        }
        Path file = outDir.resolve(Records.FILE);
        if (!replace && Files.exists(file)) {
            err.println("rpc-bench merge: " + file + " holds a record already (name another OUT_DIR, or --overwrite to replace it)");
            return 2;
        }
        try {
            Records.write(merged, file);
        } catch (IOException e) {
            err.println("rpc-bench merge: cannot write " + file + ": " + e.getMessage());
            return 2;
        }
        out.print(RunSummary.render(RunSummary.title(merged) + ", " + inputs.size() + (inputs.size() == 1 ? " client" : " clients") + " merged"
                + where, merged));
        out.println("merged run record: " + file);
        return merged.passed() ? 0 : 1;
    }
}
