package org.rpcbench.launcher;

import java.io.IOException;
import java.io.PrintStream;
import java.util.List;
import org.rpcbench.record.CaseRecord;
import org.rpcbench.record.Records;
import org.rpcbench.record.RunRecord;
import org.rpcbench.record.RunSummary;

/** After a run: its record written, its summary printed, FAILED said unless it passed; the run's exit code. */
final class Conclusion {

    private Conclusion() {}

    /**
     * @param title the summary's title
     * @param files where the run's files went, as the summary's last line says
     */
    static int write(RunRecord record, ClientOptions given, String title, String files, PrintStream out, PrintStream err) {
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
        List<String> meterLost = record.cases().stream().filter(c -> c.serverMeterLost() != null).map(CaseRecord::name).toList();
        err.println("rpc-bench client: run FAILED: " + errors + " failed or wrong calls"
                + (record.missingCases().isEmpty() ? "" : ", no result for " + String.join(", ", record.missingCases()))
                + (meterLost.isEmpty() ? "" : ", the server's meter lost in " + String.join(", ", meterLost)));
        return 1;
    }
}
