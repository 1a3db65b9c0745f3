package org.rpcbench.history;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.rpcbench.record.Records;
import org.rpcbench.record.RunRecord;
import org.rpcbench.report.SuiteHtml;

/**
 * The history store from the command line (benchmark.sh calls it after every run):
 * <pre>
 *   record [--store-file FILE] [--suite NAME] RUN_JSON...   keep these runs (a run already kept is left as it is)
 *   show STORE PAIR CASE [--limit N]          the stored runs of a pair and case, oldest first, change points marked
 * </pre>
 * {@code record} takes its store from the environment (RPCBENCH_HISTORY, see {@link StoreAddress}) or from the
 * file {@code --store-file} names, never from its arguments, which every user of the machine can read.
 * Exit 2 for wrong arguments, a run record that cannot be read or one that may not be kept (a calibration
 * run), 1 when the store cannot be reached.
 */
public final class HistoryMain {

    private HistoryMain() {}

    static final String USAGE = "usage: history record [--store-file FILE] [--suite NAME] RUN_JSON... (the store:"
            + " RPCBENCH_HISTORY, or the address in FILE) | history show STORE PAIR CASE [--limit N]";

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    public static int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length < 2 || !(args[0].equals("record") || args[0].equals("show"))) {
            err.println("rpc-bench history: " + USAGE);
            return 2;
        }
        return args[0].equals("record") ? record(args, out, err) : show(args, out, err);
    }

    private static int record(String[] args, PrintStream out, PrintStream err) {
        String suite = null;
        Path storeFile = null;
        List<Path> files = new ArrayList<>();
        for (int i = 1; i < args.length; i++) {
            if (args[i].equals("--suite") || args[i].equals("--store-file")) {
                if (i + 1 >= args.length) {
                    err.println("rpc-bench history: " + args[i] + " needs a value; " + USAGE);
                    return 2;
                }
                if (args[i].equals("--suite")) {
                    suite = args[++i];
                } else {
                    storeFile = Path.of(args[++i]);
                }
            } else if (i == 1 && namesTheEnvironmentsStore(args[i])) {
                // benchmark.sh's call names the store its environment names: it adds nothing (the CLI that
                // replaces that call records in-process)
                continue;
            } else if (args[i].startsWith("jdbc:")) {
                err.println("rpc-bench history: record takes the store from RPCBENCH_HISTORY or --store-file FILE, never"
                        + " from its arguments, which ps shows to every user (got " + HistoryStore.redact(args[i]) + ")");
                return 2;
            } else {
                files.add(Path.of(args[i]));
            }
        }
        if (files.isEmpty()) {
            err.println("rpc-bench history: record needs one or more run.json files; " + USAGE);
            return 2;
        }
        Optional<String> where;
        try {
            where = storeFile != null ? StoreAddress.fromFile(storeFile) : StoreAddress.fromEnvironment();
        } catch (IOException e) {
            err.println("rpc-bench history: " + e.getMessage());
            return 2;
        }
        List<RunRecord> records = new ArrayList<>();
        for (Path file : files) {
            try {
                RunRecord r = Records.read(file);
                if (r.calibration() != null) {
                    err.println("rpc-bench history: " + file + " is a calibration run (" + r.calibration() + " ns added to"
                            + " every server call): it is never kept as a real result");
                    return 2;
                }
                records.add(r);
            } catch (IOException e) {
                err.println("rpc-bench history: " + e.getMessage());
                return 2;
            }
        }
        if (where.isEmpty()) {
            out.println("history: off (" + StoreAddress.VARIABLE + "=" + StoreAddress.OFF + "): " + records.size() + " run"
                    + (records.size() == 1 ? "" : "s") + " not recorded");
            return 0;
        }
        try (HistoryStore store = HistoryStore.open(where.get())) {
            int added = 0;
            for (RunRecord record : records) {
                if (store.record(record, suite)) {
                    added++;
                }
            }
            out.println("history: " + added + " run" + (added == 1 ? "" : "s") + " recorded in " + store.where()
                    + (added < records.size() ? " (" + (records.size() - added) + " already there)" : ""));
            return 0;
        } catch (SQLException | RuntimeException e) {
            err.println("rpc-bench history: cannot record in " + HistoryStore.redact(where.get()) + ": " + oneLine(e));
            return 1;
        }
    }

    /** Whether an argument is the store the environment names (a file store compared by its absolute path). */
    private static boolean namesTheEnvironmentsStore(String argument) {
        Optional<String> store = StoreAddress.fromEnvironment();
        if (store.isEmpty()) {
            return false;
        }
        if (store.get().equals(argument)) {
            return true;
        }
        return !argument.startsWith("jdbc:") && !store.get().startsWith("jdbc:")
                && Path.of(argument).toAbsolutePath().normalize().equals(Path.of(store.get()).toAbsolutePath().normalize());
    }

    private static int show(String[] args, PrintStream out, PrintStream err) {
        if (args.length != 4 && !(args.length == 6 && args[4].equals("--limit") && args[5].matches("[1-9][0-9]*"))) {
            err.println("rpc-bench history: " + USAGE);
            return 2;
        }
        int limit = args.length == 6 ? Integer.parseInt(args[5]) : 50;
        try (HistoryStore store = HistoryStore.open(args[1])) {
            List<HistoryStore.Stored> rows = store.list(args[2], args[3], limit);
            if (rows.isEmpty()) {
                out.println("history: no stored run of " + args[2] + " " + args[3] + " in " + store.where());
                return 0;
            }
            // change points within each series: the same concurrency, settings and host
            Map<String, List<HistoryStore.Stored>> series = new LinkedHashMap<>();
            rows.forEach(r -> series.computeIfAbsent(r.threads() + "|" + r.jmhSettings() + "|" + r.host(), k -> new ArrayList<>()).add(r));
            List<TrendPoint> changes = new ArrayList<>();
            for (List<HistoryStore.Stored> s : series.values()) {
                SuiteHtml.marked(s.stream().map(HistoryStore.Stored::point).toList()).stream()
                        .filter(TrendPoint::changePoint).forEach(changes::add);
            }
            String format = "%-24s %5s  %-36s %-10s %-12s %-14s %12s %10s %9s %10s %7s  %s%n";
            out.printf(Locale.ROOT, "%s %s in %s (ops/s answered right, p99 ms, server CPU µs per call; * a change point)%n",
                    args[2], args[3], store.where());
            out.printf(Locale.ROOT, format, "time (UTC)", "conc", "JMH settings", "host", "version", "commit", "ops/s",
                    "± 99.9 %", "p99", "server µs", "errors", "");
            for (HistoryStore.Stored r : rows) {
                TrendPoint p = r.point();
                boolean change = changes.stream().anyMatch(c -> c.time().equals(p.time()));
                String commit = p.gitCommit() == null ? "" : p.gitCommit().length() > 12 && p.gitCommit().matches("[0-9a-f]{40}.*")
                        ? p.gitCommit().substring(0, 12) + p.gitCommit().substring(40) : p.gitCommit();
                out.printf(Locale.ROOT, format, HistoryStore.format(p.time()), r.threads(), r.jmhSettings(), r.host(),
                        p.frameworkVersion(), commit, String.format(Locale.ROOT, "%.1f", p.opsPerSecond()),
                        String.format(Locale.ROOT, "%.1f", p.opsError()), String.format(Locale.ROOT, "%.3f", p.p99Ms()),
                        Double.isNaN(p.serverMicrosPerCall()) ? "n/a" : String.format(Locale.ROOT, "%.1f", p.serverMicrosPerCall()),
                        p.errors(), change ? "*" : "");
            }
            return 0;
        } catch (SQLException | RuntimeException e) {
            err.println("rpc-bench history: cannot read " + HistoryStore.redact(args[1]) + ": " + oneLine(e));
            return 1;
        }
    }

    static String oneLine(Throwable e) {
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        int newline = message.indexOf('\n');
        return newline < 0 ? message : message.substring(0, newline);
    }
}
