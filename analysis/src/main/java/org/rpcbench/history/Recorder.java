package org.rpcbench.history;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.rpcbench.record.Records;
import org.rpcbench.record.RunRecord;

/**
 * Keeps run records in a history store, in this process (a store's address, password included, never goes
 * on a command line): each record once (a run already kept is left as it is), never a calibration run.
 * Says how many it kept in one line starting {@code history:}.
 */
public final class Recorder {

    private Recorder() {}

    /**
     * @param store the store's address (a file, or a JDBC URL)
     * @param suite the suite the runs belong to, or null
     * @return 0 kept, 1 the store could not be reached, 2 a record that cannot be read or may not be kept
     */
    public static int record(String store, String suite, List<Path> files, PrintStream out, PrintStream err) {
        return record(store, suite, null, files, out, err);
    }

    /**
     * @param pair the name the runs are kept under (a suite's row on a Dubbo release of its own,
     *     "dubbo-hessian@3.0.15"); null: each run's pair
     */
    public static int record(String store, String suite, String pair, List<Path> files, PrintStream out, PrintStream err) {
        List<RunRecord> records = new ArrayList<>();
        for (Path file : files) {
            try {
                RunRecord r = Records.read(file);
                if (r.calibration() != null) {
                    err.println("rpc-bench history: " + file + " is a calibration run (" + r.calibration() + " ns added to"
                            + " every server call): it is never kept as a real result");
                    return 2;
                }
                RunWriter.started(r); // a record whose time is no time is bad input, said before the store is opened
                records.add(r);
            } catch (IOException e) {
                err.println("rpc-bench history: " + e.getMessage());
                return 2;
            } catch (IllegalArgumentException e) {
                err.println("rpc-bench history: " + file + ": " + e.getMessage());
                return 2;
            }
        }
        try (HistoryStore history = HistoryStore.open(store)) {
            int added = 0;
            for (RunRecord record : records) {
                if (history.record(record, suite, pair)) {
                    added++;
                }
            }
            out.println("history: " + added + " run" + (added == 1 ? "" : "s") + " recorded in " + history.where()
                    + (added < records.size() ? " (" + (records.size() - added) + " already there)" : ""));
            return 0;
        } catch (SQLException | RuntimeException e) {
            err.println("rpc-bench history: cannot record in " + HistoryStore.redact(store) + ": " + oneLine(e));
            return 1;
        }
    }

    /** The first line of an exception's message (a driver's may run to many). */
    public static String oneLine(Throwable e) {
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        int newline = message.indexOf('\n');
        return newline < 0 ? message : message.substring(0, newline);
    }
}
