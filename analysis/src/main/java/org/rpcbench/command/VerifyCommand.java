package org.rpcbench.command;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.rpcbench.record.CaseRecord;
import org.rpcbench.record.ProcessUse;
import org.rpcbench.record.Records;
import org.rpcbench.record.RunRecord;
import org.rpcbench.record.Saturation;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * Checks what a run left behind, as a reader of its record would: that it passed, that every case it was
 * asked for is there with calls and no error, and, as asked, that its costs were measured, that its
 * settings reached both sides, that it was the load it was meant to be. CI's checks of real runs, in one
 * tested place. One line per problem found; exit 0 when there are none, 1 when there are, 2 for bad use
 * (a directory without a run record among it).
 */
@Command(name = "verify", customSynopsis = "Usage: ./benchmark.sh verify [verify's options] RUN_DIR...",
        description = {"Checks the run records in each RUN_DIR (or run.json). Exit 0: every record is as asked; 1: a problem was",
            "found; 2: bad input (no run record where one is named)."})
final class VerifyCommand extends AbstractCommand {
    @Option(names = "--cases", paramLabel = "N", converter = Converters.Cases.class, description = "exactly N cases, none missing")
    Integer cases;
    @Option(names = "--case-names", paramLabel = "A,B", converter = Converters.Text.class, description = "exactly these cases, in this order")
    String caseNames;
    @Option(names = "--costs", description = "every case has the CPU and GC of both sides, CPU per call (the whole process's, and the"
            + " server's service, JIT and GC threads' in every iteration) and the client's allocation per call")
    boolean costs;
    @Option(names = "--server-alloc", description = "every case has the server's allocation per call, in every iteration")
    boolean serverAlloc;
    @Option(names = "--wire", description = "every case has its bytes on the wire both ways")
    boolean wire;
    @Option(names = "--framework", paramLabel = "K=V,...", converter = Converters.Text.class,
            description = "the record's framework settings hold these, and so does the server's settings line in server.log")
    String framework;
    @Option(names = "--threads", paramLabel = "N", converter = Converters.Threads.class, description = "the run had N calls in flight")
    Integer threads;
    @Option(names = "--connection-count", paramLabel = "N", converter = Converters.Threads.class,
            description = "the callers had N connections (jmh.connections): one each with --connections per-caller")
    Integer connections;
    @Option(names = "--target", paramLabel = "HOST:PORT", converter = Converters.Text.class, description = "the client called this address")
    String target;
    @Option(names = "--rate", paramLabel = "N", converter = Converters.Rate.class, description = "an open loop run at N calls per second")
    Integer rate;
    @Option(names = "--open-loop", description = "an open-loop run: its rate achieved, both latencies recorded for every call")
    boolean openLoop;
    @Option(names = "--interrupted",
            description = "a run stopped part-way: it did not pass and says so, and the cases that finished are kept without errors")
    boolean interrupted;
    @Option(names = "--at-once", paramLabel = "CASE=N,...", converter = Converters.CallersAtOnce.class,
            description = "the run called these cases at the same time (one JMH group), with N callers each (jmh.callersAtOnce)")
    Converters.AtOnce atOnce;
    @Option(names = "--server-saturated", description = "every case's limit was the server's CPU (at " + Saturation.THRESHOLD_PERCENT
            + " %% of its cores or more) and no client's: its throughput is the server's capacity, not its load generator's")
    boolean serverSaturated;
    @Option(names = "--missing", paramLabel = "A,B", converter = Converters.Text.class, description = "these cases are listed as missing")
    String missing;

    @Parameters(paramLabel = "RUN_DIR", arity = "0..*", description = "run directories, or run.json files")
    List<String> where = new ArrayList<>();

    /** What the records are checked against: each null or false unless asked for. */
    record Expectations(Integer cases, String caseNames, boolean costs, boolean serverAlloc, boolean wire, String framework,
                        Integer threads, Integer connections, String target, Integer rate, boolean openLoop, boolean interrupted,
                        String missing, Map<String, Integer> atOnce, boolean serverSaturated) {

        /** Expectations that ask nothing of which side was saturated. */
        Expectations(Integer cases, String caseNames, boolean costs, boolean serverAlloc, boolean wire, String framework,
                     Integer threads, Integer connections, String target, Integer rate, boolean openLoop, boolean interrupted,
                     String missing, Map<String, Integer> atOnce) {
            this(cases, caseNames, costs, serverAlloc, wire, framework, threads, connections, target, rate, openLoop, interrupted,
                    missing, atOnce, false);
        }
    }

    @Override
    public Integer call() throws Exception {
        Subcommand c = Subcommand.of(spec);
        PrintStream out = c.ctx().out;
        PrintStream err = c.ctx().err;
        if (where.isEmpty()) {
            err.println("rpc-bench verify: give one or more run directories");
            return 2;
        }
        Expectations v = new Expectations(cases, caseNames, costs, serverAlloc, wire, framework, threads, connections, target, rate, openLoop,
                interrupted, missing, atOnce == null ? null : atOnce.callers(), serverSaturated);
        // every record read before any is checked: one that cannot be read (none there, a newer schema, a part
        // missing) is bad input, named in one line
        List<RunRecord> records = new ArrayList<>();
        for (String w : where) {
            Path path = Path.of(w);
            Path file = Files.isDirectory(path) ? path.resolve(Records.FILE) : path;
            if (!Files.isRegularFile(file)) {
                err.println("rpc-bench verify: no run record at " + file);
                return 2;
            }
            try {
                records.add(Records.read(file));
            } catch (IOException | RuntimeException e) {
                err.println("rpc-bench verify: " + e.getMessage().lines().findFirst().orElse(w));
                return 2;
            }
        }
        int problems = 0;
        for (int i = 0; i < where.size(); i++) {
            String w = where.get(i);
            RunRecord r = records.get(i);
            Path path = Path.of(w);
            List<String> found = check(r, v, Files.isDirectory(path) ? path.resolve(Records.FILE) : path);
            found.forEach(p -> out.println("verify: " + w + ": " + p));
            problems += found.size();
            if (found.isEmpty()) {
                out.println("verify: " + w + ": ok (" + r.binding() + ", " + r.cases().size() + " cases, "
                        + r.cases().stream().mapToLong(CaseRecord::calls).sum() + " calls answered right)");
            }
        }
        return problems == 0 ? 0 : 1;
    }

    static List<String> check(RunRecord r, Expectations v, Path file) throws IOException {
        List<String> problems = new ArrayList<>();
        boolean interrupted = v.interrupted();
        if (interrupted) {
            if (r.passed() || r.interrupted() == null) {
                problems.add("it should say it was stopped part-way and did not pass: passed=" + r.passed() + ", interrupted="
                        + r.interrupted());
            }
        } else if (!r.passed()) {
            problems.add("run.json says it did not pass");
        }
        if ((v.cases() != null) && (r.cases().size() != v.cases() || !r.missingCases().isEmpty())) {
            problems.add("expected " + v.cases() + " cases, got " + r.cases().size() + " (missing " + r.missingCases() + ")");
        }
        if ((v.caseNames() != null)) {
            List<String> names = r.cases().stream().map(CaseRecord::name).toList();
            if (!names.equals(Arrays.asList(v.caseNames().split(",")))) {
                problems.add("expected the cases " + v.caseNames() + ", got " + names);
            }
        }
        if ((v.missing() != null) && !r.missingCases().containsAll(Arrays.asList(v.missing().split(",")))) {
            problems.add("expected " + v.missing() + " among the missing cases, got " + r.missingCases());
        }
        if ((v.threads() != null) && r.threads() != v.threads().intValue()) {
            problems.add("expected " + v.threads() + " calls in flight, got " + r.threads());
        }
        Map<String, Integer> ranAtOnce = r.jmh() == null ? null : r.jmh().callersAtOnce();
        if (v.atOnce() != null && !v.atOnce().equals(ranAtOnce)) {
            problems.add("expected " + v.atOnce() + " called at once, the record says " + (ranAtOnce == null ? "its cases ran one after another"
                    : ranAtOnce));
        }
        if (v.costs() && ranAtOnce != null) {
            // the processes' use in a window was all the cases' together: none has costs of its own to check
            problems.add("its cases ran at once " + ranAtOnce + ": no case has costs of its own (--costs is for cases run one at a time)");
        }
        if (v.connections() != null && (r.jmh() == null || !v.connections().equals(r.jmh().connections()))) {
            problems.add("expected " + v.connections() + " connections, the record says " + (r.jmh() == null ? null
                    : r.jmh().connections()));
        }
        if ((v.rate() != null) && (r.openLoop() == null || r.openLoop().targetRate() != v.rate().intValue())) {
            problems.add("expected an open loop at " + v.rate() + " calls/s, got " + r.openLoop());
        }
        if ((v.target() != null) && !v.target().equals(r.target())) {
            problems.add("the record's target is " + r.target() + ", not " + v.target());
        }
        if (v.openLoop() != r.isOpenLoop()) {
            problems.add("expected " + (v.openLoop() ? "an open" : "a closed") + "-loop record, got " + r.loop());
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
            if (v.openLoop() && c.openLoop() && (c.uncorrectedLatencyMs() == null || c.uncorrectedLatencyMs().samples() != c.calls()
                    || c.latencyMs().samples() < c.calls())) {
                problems.add(n + ": its latency samples do not match its calls");
            }
            if (v.costs() && ranAtOnce == null) {
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
            if (v.serverSaturated()) {
                Saturation s = r.saturation(c);
                if (!s.serverCapacity()) {
                    problems.add(n + ": not the server saturated alone; the limit was " + s.describe());
                }
            }
            if (v.serverAlloc() && !(c.perCall("serverAllocBytes") > 0)) {
                problems.add(n + " has no server allocation per call");
            }
            if (v.serverAlloc() && c.iterations().stream().anyMatch(i -> i.serverAllocBytes() == null)) {
                problems.add(n + " has iterations without the server's allocation");
            }
            if (v.wire() && (c.wireBytes() == null || !(c.wireBytes().requestBytes() > 0) || !(c.wireBytes().responseBytes() > 0))) {
                problems.add(n + " has no wire sizes: " + (c.wireBytes() == null && r.wireBytesNotMeasured() != null
                        ? r.wireBytesNotMeasured() : c.wireBytes()));
            }
        }
        if ((v.framework() != null)) {
            Path serverLog = file.resolveSibling("server.log");
            String settingsLine = Files.isRegularFile(serverLog) ? Files.readAllLines(serverLog, StandardCharsets.UTF_8).stream()
                    .filter(l -> l.startsWith("rpc-bench server settings:")).findFirst().orElse("") : "";
            for (String kv : v.framework().split(",")) {
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
