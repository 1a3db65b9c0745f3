package org.rpcbench.history;

import com.alibaba.fastjson2.JSON;
import com.alibaba.fastjson2.JSONObject;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The history store from the command line (benchmark.sh calls it after every run):
 * <pre>
 *   record STORE [--suite NAME] RUN_JSON...   keep these runs (a run already kept is left as it is)
 *   show STORE PAIR CASE [--limit N]          the stored runs of a pair and case, oldest first
 * </pre>
 * Exit 2 for wrong arguments or a run record that cannot be read, 1 when the store cannot be reached.
 */
public final class HistoryMain {

    private HistoryMain() {}

    static final String USAGE = "usage: history record STORE [--suite NAME] RUN_JSON... | history show STORE PAIR CASE [--limit N]";

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    public static int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length < 3 || !(args[0].equals("record") || args[0].equals("show"))) {
            err.println("rpc-bench history: " + USAGE);
            return 2;
        }
        return args[0].equals("record") ? record(args, out, err) : show(args, out, err);
    }

    private static int record(String[] args, PrintStream out, PrintStream err) {
        String suite = null;
        List<Path> files = new ArrayList<>();
        for (int i = 2; i < args.length; i++) {
            if (args[i].equals("--suite")) {
                if (i + 1 >= args.length) {
                    err.println("rpc-bench history: --suite needs a name; " + USAGE);
                    return 2;
                }
                suite = args[++i];
            } else {
                files.add(Path.of(args[i]));
            }
        }
        if (files.isEmpty()) {
            err.println("rpc-bench history: record needs one or more run.json files; " + USAGE);
            return 2;
        }
        List<JSONObject> records = new ArrayList<>();
        for (Path file : files) {
            try {
                records.add(JSON.parseObject(Files.readString(file, StandardCharsets.UTF_8)));
            } catch (IOException | RuntimeException e) {
                err.println("rpc-bench history: cannot read the run record " + file + ": " + e.getMessage());
                return 2;
            }
        }
        try (HistoryStore store = HistoryStore.open(args[1])) {
            int added = 0;
            for (JSONObject record : records) {
                if (store.record(record, suite)) {
                    added++;
                }
            }
            out.println("history: " + added + " run" + (added == 1 ? "" : "s") + " recorded in " + store.where()
                    + (added < records.size() ? " (" + (records.size() - added) + " already there)" : ""));
            return 0;
        } catch (SQLException | RuntimeException e) {
            err.println("rpc-bench history: cannot record in " + HistoryStore.redact(args[1]) + ": " + oneLine(e));
            return 1;
        }
    }

    private static int show(String[] args, PrintStream out, PrintStream err) {
        if (args.length != 4 && !(args.length == 6 && args[4].equals("--limit") && args[5].matches("[1-9][0-9]*"))) {
            err.println("rpc-bench history: " + USAGE);
            return 2;
        }
        int limit = args.length == 6 ? Integer.parseInt(args[5]) : 50;
        try (HistoryStore store = HistoryStore.open(args[1])) {
            List<String[]> rows = store.list(args[2], args[3], limit);
            if (rows.isEmpty()) {
                out.println("history: no stored run of " + args[2] + " " + args[3] + " in " + store.where());
                return 0;
            }
            String format = "%-24s %5s  %-36s %-10s %-12s %-14s %12s %10s %9s %7s%n";
            out.printf(Locale.ROOT, "%s %s in %s (ops/s answered right, p99 ms)%n", args[2], args[3], store.where());
            out.printf(Locale.ROOT, format, "time (UTC)", "conc", "JMH settings", "host", "version", "commit", "ops/s",
                    "± 99.9 %", "p99", "errors");
            for (String[] r : rows) {
                r[5] = r[5] == null ? "" : r[5].substring(0, Math.min(12, r[5].length()));
                out.printf(Locale.ROOT, format, (Object[]) r);
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
