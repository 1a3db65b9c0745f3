package org.rpcbench.suite;

import java.io.IOException;
import java.io.PrintStream;
import java.util.List;
import org.rpcbench.analysis.Compare;
import org.rpcbench.cli.UsageException;
import org.rpcbench.history.HistoryMain;
import org.rpcbench.merge.MergeClients;
import org.rpcbench.record.Records;
import org.rpcbench.record.RunRecord;
import org.rpcbench.report.ReportTable;
import org.rpcbench.report.SweepTable;

/**
 * Everything after a run, and every command that runs many (benchmark.sh hands these to this jar with its
 * own arguments): {@code [options] suite|ab|calibrate|soak ...}, {@code compare}, {@code merge},
 * {@code history}, {@code verify}, and {@code sweep-table} for a pair run's concurrency sweep.
 * Exit 2 and one line for bad input.
 */
public final class Main {

    private Main() {}

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        RunOptions.Parsed parsed;
        try {
            parsed = RunOptions.parse(args);
        } catch (UsageException e) {
            err.println("benchmark.sh: " + e.getMessage());
            return 2;
        }
        String command = parsed.command();
        List<String> rest = parsed.rest();
        boolean plain = !command.equals("suite") && !command.equals("ab") && !command.equals("calibrate") && !command.equals("soak");
        RunOptions o = parsed.options();
        boolean optionsGiven = o.jmh() != null || o.profile() != null || !o.concurrency().isEmpty() || !o.switches().isEmpty()
                || o.pin() || o.buildOptions() != null || o.rounds() != null || o.seconds() != null;
        if (plain && optionsGiven) {
            err.println("benchmark.sh: " + command + " takes its own options, after the word " + command);
            return 2;
        }
        Checkout checkout = Checkout.fromEnvironment();
        try {
            return switch (command) {
                case "suite" -> SuiteCommand.run(checkout, parsed.options(), rest, out, err);
                case "ab" -> AbCommand.run(checkout, parsed.options(), rest, out, err);
                case "calibrate" -> CalibrateCommand.run(checkout, parsed.options(), rest, out, err);
                case "soak" -> SoakCommand.run(checkout, parsed.options(), rest, out, err);
                case "compare" -> Compare.run(rest.toArray(String[]::new), out, err);
                case "merge" -> MergeClients.run(rest.toArray(String[]::new), out, err);
                case "history" -> HistoryMain.run(historyArgs(checkout, rest), out, err);
                case "verify" -> Verify.run(rest, out, err);
                case "sweep-table" -> sweepTable(rest, out, err);
                case "suites" -> {
                    Suite.names().forEach(out::println);
                    yield 0;
                }
                default -> throw new UsageException("unknown command '" + command + "'");
            };
        } catch (UsageException e) {
            err.println("benchmark.sh: " + e.getMessage());
            return 2;
        } catch (IOException | RuntimeException e) {
            err.println("benchmark.sh: " + command + " failed: " + e.getMessage());
            return 1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("benchmark.sh: " + command + " interrupted");
            return 130;
        }
    }

    /** The table of one pair's runs at several concurrencies (a pair run's -t sweep). */
    private static int sweepTable(List<String> files, PrintStream out, PrintStream err) {
        List<RunRecord> records = new java.util.ArrayList<>();
        for (String f : files) {
            try {
                records.add(Records.read(java.nio.file.Path.of(f)));
            } catch (IOException e) {
                err.println("rpc-bench sweep: " + e.getMessage());
                return 1;
            }
        }
        if (records.isEmpty()) {
            err.println("rpc-bench sweep: no run record to tabulate");
            return 1;
        }
        List<String> pairs = records.stream().map(RunRecord::binding).distinct().toList();
        out.print(SweepTable.text(ReportTable.ofSweep("sweep", pairs, records), null));
        return 0;
    }

    /** {@code history PAIR CASE [--limit N]} shows the runs in this checkout's store; record and show pass as they are. */
    static String[] historyArgs(Checkout checkout, List<String> rest) throws UsageException {
        if (!rest.isEmpty() && (rest.get(0).equals("record") || rest.get(0).equals("show"))) {
            return rest.toArray(String[]::new);
        }
        if (checkout.historyStore() == null) {
            throw new UsageException("history: the history store is off (RPCBENCH_HISTORY=off)");
        }
        List<String> args = new java.util.ArrayList<>(List.of("show", checkout.historyStore()));
        args.addAll(rest);
        return args.toArray(String[]::new);
    }
}
