package org.rpcbench.httpjson;

import java.io.IOException;
import java.io.PrintStream;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.rpcbench.record.CaseRecord;
import org.rpcbench.record.IterationRecord;
import org.rpcbench.record.ProblemKind;
import org.rpcbench.record.Records;
import org.rpcbench.record.RunRecord;

/**
 * Dubbo 3.3.6's HTTP/1 defect as this pair's client meets it, and whether a failed run met nothing else
 * (docs/behaviours.md: "Dubbo behaviours the harness works around").
 *
 * <p>On the wire ({@code Http1DefectReproductionTest}): when Dubbo's server writes two answers on one connection
 * at once, the later one loses its status line and headers: its body alone arrives, or nothing. The server keeps
 * the connection open and answers the next request on it. The JDK's HttpClient waits for a status line that
 * never comes: the call fails with {@value #PROBLEM} once its whole timeout has passed, and the client closes
 * that connection; the other connections are answered all the while ({@code Http1DefectSignatureTest}).
 *
 * <p>A failed run met only the defect when all of these hold, for every case:
 * <ul>
 *   <li>every failed call, warm-up included, was {@value #PROBLEM} (the record counts every failure by kind;
 *       the kinds must add up to its errors);</li>
 *   <li>every measured failure took the whole call timeout;</li>
 *   <li>each failure was alone: in every measured iteration fewer calls failed than were in flight, and calls
 *       were answered; in the warm-up, fewer failed than were in flight;</li>
 *   <li>nothing else went wrong: every case ran, the run was not stopped, and a bytes-on-the-wire measurement
 *       that is missing failed by the same timeout.</li>
 * </ul>
 * A server that hangs or deadlocks fails every call in flight; one that crashes or closes connections fails
 * calls at once, with other exceptions ("header parser received no bytes", a refused connection): neither is
 * taken for the defect. What cannot be told apart is another cause of a lone answer lost now and then: the
 * JDK's client sees the same timeout. Hence a run is retried at most twice, and the retry must pass whole.
 */
public final class Http1Defect {
    /** The one failure the defect gives this pair's client, as the harness reports a failed call. */
    public static final String PROBLEM = "HttpTimeoutException: request timed out";
    /** What the client prints when the bytes-on-the-wire measurement met the defect. */
    static final String PAIR = "http-json";
    static final String WIRE_NOTE = "rpc-bench client: note: bytes on the wire not measured: " + PROBLEM;

    private Http1Defect() {}

    /** Whether a failure (a test's, say) is the defect's: its root cause is the JDK's request timeout. */
    public static boolean isSignature(Throwable failure) {
        Throwable root = failure;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root.getClass() == HttpTimeoutException.class && "request timed out".equals(root.getMessage());
    }

    /**
     * Why a run did not fail by the defect alone, one reason a line; empty when it did.
     *
     * @param log what the client printed (for a missing bytes-on-the-wire measurement), or empty
     */
    public static List<String> mismatches(RunRecord r, String log) {
        List<String> why = new ArrayList<>();
        if (!PAIR.equals(r.binding())) {
            why.add("it is a run of " + r.binding() + ", not of http-json");
            return why;
        }
        if (r.isOpenLoop() || r.jmh() == null) {
            why.add("it is an open-loop run, whose failures are not kept per iteration");
            return why;
        }
        if (r.interrupted() != null) {
            why.add("it was stopped: " + r.interrupted());
        }
        if (!r.missingCases().isEmpty()) {
            why.add("cases did not run: " + String.join(", ", r.missingCases()));
        }
        Integer timeout = r.jmh().callTimeoutMillis();
        if (timeout == null) {
            why.add("its record does not say the call timeout");
            return why;
        }
        // a record merged from several clients had every client's calls in flight
        int inFlight = r.jmh().threadsInAll() != null ? r.jmh().threadsInAll() : r.threads();
        long failures = 0;
        for (CaseRecord c : r.cases()) {
            failures += c.allErrors();
            caseMismatches(c, timeout, inFlight, why);
            if (c.wireBytes() == null && !log.lines().anyMatch(l -> l.strip().endsWith(WIRE_NOTE))) {
                why.add(c.name() + ": its bytes on the wire were not measured, and not for the defect's timeout");
            }
        }
        if (failures == 0 && why.isEmpty() && r.cases().stream().allMatch(c -> c.wireBytes() != null)) {
            why.add("no call failed: there is nothing to put down to the defect");
        }
        return why;
    }

    private static void caseMismatches(CaseRecord c, int timeoutMillis, int inFlight, List<String> why) {
        if (c.allErrors() == 0) {
            if (c.calls() == 0) {
                why.add(c.name() + ": no call was answered");
            }
            return;
        }
        List<ProblemKind> kinds = c.problemKinds();
        if (kinds == null) {
            why.add(c.name() + ": its record does not count its failures by kind (" + c.allErrors() + " failed: " + c.problems() + ")");
            return;
        }
        long counted = kinds.stream().mapToLong(ProblemKind::count).sum();
        if (counted != c.allErrors()) {
            why.add(c.name() + ": " + c.allErrors() + " calls failed but " + counted + " were counted by kind");
        }
        for (ProblemKind k : kinds) {
            if (!k.kind().equals(PROBLEM)) {
                why.add(c.name() + ": " + k.count() + " failed otherwise: " + k.examples().get(0));
            }
        }
        if (c.errors() > 0 && c.failedLatencyMs() != null && c.failedLatencyMs().min() < timeoutMillis * 0.99) {
            why.add(String.format(java.util.Locale.ROOT, "%s: a failed call took %.1f ms, less than the %d ms timeout", c.name(),
                    c.failedLatencyMs().min(), timeoutMillis));
        }
        if (c.errors() > 0 && c.failedLatencyMs() == null) {
            why.add(c.name() + ": its record does not say how long its failed calls took");
        }
        if (c.warmupErrors() >= inFlight) {
            why.add(c.name() + ": " + c.warmupErrors() + " calls failed outside the measured windows, as many as were in flight ("
                    + inFlight + "): the server stopped answering");
        }
        long measuredInIterations = 0;
        for (IterationRecord it : c.iterations()) {
            measuredInIterations += it.errors();
            if (it.errors() >= inFlight) {
                why.add(c.name() + ": " + it.errors() + " calls failed in iteration " + (it.index() + 1) + " of fork "
                        + (it.fork() + 1) + ", as many as were in flight (" + inFlight + "): the server stopped answering");
            } else if (it.errors() > 0 && it.calls() == 0) {
                why.add(c.name() + ": iteration " + (it.index() + 1) + " of fork " + (it.fork() + 1)
                        + " answered no call: the server stopped answering");
            }
        }
        if (c.errors() > 0 && measuredInIterations != c.errors()) {
            why.add(c.name() + ": its iterations do not account for its " + c.errors() + " measured failures");
        }
    }

    /**
     * {@code Http1Defect RUN_DIR [LOG]}: exit 0 when the run in RUN_DIR failed by the defect alone (said in one
     * line), 1 when anything else went wrong (each reason a line), 2 when the record cannot be read.
     */
    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length < 1 || args.length > 2) {
            err.println("http1-defect: usage: Http1Defect RUN_DIR [CLIENT_LOG]");
            return 2;
        }
        Path dir = Path.of(args[0]);
        RunRecord record;
        String log;
        try {
            record = Records.read(Files.isDirectory(dir) ? dir.resolve(Records.FILE) : dir);
            log = args.length > 1 ? Files.readString(Path.of(args[1]), StandardCharsets.UTF_8) : "";
        } catch (IOException e) {
            err.println("http1-defect: " + e.getMessage());
            return 2;
        }
        List<String> why = mismatches(record, log);
        if (why.isEmpty()) {
            long n = record.cases().stream().mapToLong(CaseRecord::allErrors).sum();
            out.println("http1-defect: " + args[0] + " failed only by Dubbo's HTTP/1 defect (" + n + " call" + (n == 1 ? "" : "s")
                    + " timed out alone, answer lost)");
            return 0;
        }
        why.forEach(w -> out.println("http1-defect: " + args[0] + ": not the defect alone: " + w));
        return 1;
    }
}
