package org.rpcbench.suite;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.rpcbench.cli.CommandLine;
import org.rpcbench.cli.Option;
import org.rpcbench.cli.UsageException;
import org.rpcbench.record.CaseRecord;
import org.rpcbench.record.ProcessUse;
import org.rpcbench.record.Records;
import org.rpcbench.record.RunRecord;

/**
 * Checks what a run left behind, as a reader of its record would: that it passed, that every case it was
 * asked for is there with calls and no error, and, as asked, that its costs were measured, that its
 * settings reached both sides, that it was the load it was meant to be. CI's checks of real runs, in one
 * tested place. One line per problem found; exit 0 when there are none, 1 when there are, 2 for bad use.
 */
final class Verify {
    static final Option<Integer> CASES = Option.optionalInteger("cases", "N", 1, 100, "exactly N cases, none missing");
    static final Option<String> CASE_NAMES = Option.text("case-names", "A,B", null, "exactly these cases, in this order");
    static final Option<Boolean> COSTS = Option.flag("costs",
            "every case has the CPU and GC of both sides, CPU per call (the whole process's, and the server's service, JIT"
                    + " and GC threads' in every iteration) and the client's allocation per call");
    static final Option<Boolean> SERVER_ALLOC = Option.flag("server-alloc",
            "every case has the server's allocation per call, in every iteration");
    static final Option<Boolean> WIRE = Option.flag("wire", "every case has its bytes on the wire both ways");
    static final Option<String> FRAMEWORK = Option.text("framework", "K=V,...", null,
            "the record's framework settings hold these, and so does the server's settings line in server.log");
    static final Option<Integer> THREADS = Option.optionalInteger("threads", "N", 1, 1_000_000, "the run had N calls in flight");
    static final Option<String> TARGET = Option.text("target", "HOST:PORT", null, "the client called this address");
    static final Option<Integer> RATE = Option.optionalInteger("rate", "N", 1, 10_000_000, "an open loop run at N calls per second");
    static final Option<Boolean> OPEN_LOOP = Option.flag("open-loop",
            "an open-loop run: its rate achieved, both latencies recorded for every call");
    static final Option<Boolean> INTERRUPTED = Option.flag("interrupted",
            "a run stopped part-way: it did not pass and says so, and the cases that finished are kept without errors");
    static final Option<String> MISSING = Option.text("missing", "A,B", null, "these cases are listed as missing");

    private Verify() {}

    static int run(List<String> args, PrintStream out, PrintStream err) {
        CommandLine cli = CommandLine.passingThrough("./benchmark.sh verify", "Checks the run records in each RUN_DIR (or run.json).",
                List.of(CASES, CASE_NAMES, COSTS, SERVER_ALLOC, WIRE, FRAMEWORK, THREADS, TARGET, RATE, OPEN_LOOP, INTERRUPTED, MISSING),
                "Arguments: RUN_DIR... Exit 0: every record is as asked; 1: a problem was found; 2: bad input.");
        CommandLine.Values v;
        try {
            v = cli.parse(args.toArray(String[]::new));
            if (v.helpRequested()) {
                out.print(cli.usage());
                return 0;
            }
            if (v.rest().isEmpty() || v.rest().stream().anyMatch(a -> a.startsWith("-"))) {
                throw new UsageException("give one or more run directories, got " + v.rest());
            }
        } catch (UsageException e) {
            err.println("rpc-bench verify: " + e.getMessage() + " (see --help)");
            return 2;
        }
        int problems = 0;
        for (String where : v.rest()) {
            Path path = Path.of(where);
            Path file = Files.isDirectory(path) ? path.resolve(Records.FILE) : path;
            List<String> found;
            RunRecord r;
            try {
                r = Records.read(file);
                found = check(r, v, file);
            } catch (IOException e) {
                err.println("verify: " + where + ": " + e.getMessage());
                problems++;
                continue;
            }
            found.forEach(p -> out.println("verify: " + where + ": " + p));
            problems += found.size();
            if (found.isEmpty()) {
                out.println("verify: " + where + ": ok (" + r.binding() + ", " + r.cases().size() + " cases, "
                        + r.cases().stream().mapToLong(CaseRecord::calls).sum() + " calls answered right)");
            }
        }
        return problems == 0 ? 0 : 1;
    }

    static List<String> check(RunRecord r, CommandLine.Values v, Path file) throws IOException {
        List<String> problems = new ArrayList<>();
        boolean interrupted = v.get(INTERRUPTED);
        if (interrupted) {
            if (r.passed() || r.interrupted() == null) {
                problems.add("it should say it was stopped part-way and did not pass: passed=" + r.passed() + ", interrupted="
                        + r.interrupted());
            }
        } else if (!r.passed()) {
            problems.add("run.json says it did not pass");
        }
        if (v.has(CASES) && (r.cases().size() != v.get(CASES) || !r.missingCases().isEmpty())) {
            problems.add("expected " + v.get(CASES) + " cases, got " + r.cases().size() + " (missing " + r.missingCases() + ")");
        }
        if (v.has(CASE_NAMES)) {
            List<String> names = r.cases().stream().map(CaseRecord::name).toList();
            if (!names.equals(Arrays.asList(v.get(CASE_NAMES).split(",")))) {
                problems.add("expected the cases " + v.get(CASE_NAMES) + ", got " + names);
            }
        }
        if (v.has(MISSING) && !r.missingCases().containsAll(Arrays.asList(v.get(MISSING).split(",")))) {
            problems.add("expected " + v.get(MISSING) + " among the missing cases, got " + r.missingCases());
        }
        if (v.has(THREADS) && r.threads() != v.get(THREADS)) {
            problems.add("expected " + v.get(THREADS) + " calls in flight, got " + r.threads());
        }
        if (v.has(RATE) && (r.openLoop() == null || r.openLoop().targetRate() != v.get(RATE))) {
            problems.add("expected an open loop at " + v.get(RATE) + " calls/s, got " + r.openLoop());
        }
        if (v.has(TARGET) && !v.get(TARGET).equals(r.target())) {
            problems.add("the record's target is " + r.target() + ", not " + v.get(TARGET));
        }
        if (v.get(OPEN_LOOP) != r.isOpenLoop()) {
            problems.add("expected " + (v.get(OPEN_LOOP) ? "an open" : "a closed") + "-loop record, got " + r.loop());
        }
        for (CaseRecord c : r.cases()) {
            String n = c.name();
            double rate = c.openLoop() ? c.achievedRate() : c.opsPerSecond();
            if (!(rate > 0) || c.calls() <= 0) {
                problems.add(n + " scored " + rate + " with " + c.calls() + " calls answered right");
            }
            if (c.allErrors() > 0) {
                problems.add(n + " counted " + c.allErrors() + " errors: " + c.problems());
            }
            if (v.get(OPEN_LOOP) && c.openLoop() && (c.uncorrectedLatencyMs() == null || c.uncorrectedLatencyMs().samples() != c.calls()
                    || c.latencyMs().samples() < c.calls())) {
                problems.add(n + ": its latency samples do not match its calls");
            }
            if (v.get(COSTS)) {
                for (String side : List.of("client", "server")) {
                    ProcessUse use = side.equals("client") ? c.cpuAndGc().client() : c.cpuAndGc().server();
                    if (use == null || !(use.cpuPercentOfCore() > 0) || use.gcCount() == null) {
                        problems.add(n + " has no " + side + " CPU/GC figures: " + use);
                    }
                    if (!(c.perCall(side + "CpuMicros") > 0)) {
                        problems.add(n + " has no " + side + " CPU per call");
                    }
                }
                if (!(c.perCall("clientAllocBytes") > 0)) {
                    problems.add(n + " has no client allocation per call");
                }
                if (!c.openLoop() && (c.iterations().isEmpty() || c.steady() == null)) {
                    problems.add(n + " kept no iterations or steady figures");
                }
                if (!(c.perCall("serverServiceCpuMicros") > 0) || !(c.perCall("serverJitCpuMicros") >= 0)
                        || !(c.perCall("serverGcCpuMicros") >= 0)) {
                    problems.add(n + " has no server service/JIT/GC thread CPU per call");
                }
                long unread = c.iterations().stream().filter(i -> i.serverThreadCpu() == null || i.serverCpuNanos() == null).count();
                if (unread > 0) {
                    problems.add(n + " has " + unread + " iterations without the server's CPU");
                }
            }
            if (v.get(SERVER_ALLOC) && !(c.perCall("serverAllocBytes") > 0)) {
                problems.add(n + " has no server allocation per call");
            }
            if (v.get(SERVER_ALLOC) && c.iterations().stream().anyMatch(i -> i.serverAllocBytes() == null)) {
                problems.add(n + " has iterations without the server's allocation");
            }
            if (v.get(WIRE) && (c.wireBytes() == null || !(c.wireBytes().requestBytes() > 0) || !(c.wireBytes().responseBytes() > 0))) {
                problems.add(n + " has no wire sizes: " + c.wireBytes());
            }
        }
        if (v.has(FRAMEWORK)) {
            Path serverLog = file.resolveSibling("server.log");
            String settingsLine = Files.isRegularFile(serverLog) ? Files.readAllLines(serverLog, StandardCharsets.UTF_8).stream()
                    .filter(l -> l.startsWith("rpc-bench server settings:")).findFirst().orElse("") : "";
            for (String kv : v.get(FRAMEWORK).split(",")) {
                String[] p = kv.split("=", 2);
                if (p.length != 2 || !p[1].equals(r.framework().get(p[0]))) {
                    problems.add("framework setting " + p[0] + " is " + r.framework().get(p[0]) + ", expected " + (p.length > 1 ? p[1] : "?"));
                }
                if (!settingsLine.contains(kv)) {
                    problems.add("the server's settings line lacks " + kv);
                }
            }
        }
        return problems;
    }
}
