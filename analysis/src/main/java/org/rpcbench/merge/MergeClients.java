package org.rpcbench.merge;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.HdrHistogram.Histogram;
import org.rpcbench.record.CaseAssembly;
import org.rpcbench.record.CaseRecord;
import org.rpcbench.record.ClientNode;
import org.rpcbench.record.Histograms;
import org.rpcbench.record.ProblemTally;
import org.rpcbench.record.ProcessDelta;
import org.rpcbench.record.Records;
import org.rpcbench.record.RunRecord;
import org.rpcbench.record.Saturation;
import org.rpcbench.record.TallyFile;

/**
 * One record for several client hosts that ran against one server at the same time: what the server
 * carried is the sum of what each client sent, so throughput is summed, iteration by iteration (the
 * clients' iterations overlapped), and latency comes from the clients' histograms merged, never from
 * averaging their percentiles (the average of two p99s is the p99 of nothing). Each client's own directory
 * (run.json and tallies/) is the input; the clients must have run the same pair against the same server
 * with the same settings, or the sum means nothing.
 *
 * <p>The command is {@code ./benchmark.sh merge OUT_DIR CLIENT_RESULT_DIR...}.
 */
public final class MergeClients {

    private MergeClients() {}

    /** The merged record of the client runs in {@code dirs}. */
    public static RunRecord merge(List<Path> dirs) throws IOException {
        return merge(null, dirs);
    }

    /**
     * The merged record of the client runs in {@code dirs}, to be written into {@code out} (which may not be
     * one of them); each client once.
     */
    public static RunRecord merge(Path out, List<Path> dirs) throws IOException {
        ClientRuns runs = ClientRuns.read(out, dirs);
        List<RunRecord> records = runs.records();
        List<List<TallyFile>> tallies = runs.tallies();
        RunRecord first = records.get(0);
        if (first.isOpenLoop()) {
            throw new IllegalArgumentException("only closed-loop (JMH) runs can be merged");
        }
        for (int i = 1; i < records.size(); i++) {
            RunRecord other = records.get(i);
            for (String what : List.of("binding", "target", "loop", "dataModel")) {
                Object a = property(first, what);
                Object b = property(other, what);
                if (!Objects.equals(a, b)) {
                    throw new IllegalArgumentException("the clients differ in " + what + ": " + a + " in " + dirs.get(0) + ", " + b
                            + " in " + dirs.get(i));
                }
            }
            if (!Objects.equals(first.jmh().comparable(), other.jmh().comparable())) {
                throw new IllegalArgumentException("the clients ran different JMH settings: " + dirs.get(0) + " and " + dirs.get(i));
            }
        }
        List<CaseRecord> cases = new ArrayList<>();
        List<String> missing = new ArrayList<>(first.missingCases());
        for (CaseRecord c : first.cases()) {
            List<List<TallyFile>> perClient = new ArrayList<>();
            double ops = 0;
            double variance = 0;
            boolean everywhere = true;
            for (int i = 0; i < records.size(); i++) {
                CaseRecord theirs = records.get(i).find(c.name());
                List<TallyFile> forks = tallies.get(i).stream().filter(t -> t.caseName().equals(c.name())).toList();
                if (theirs == null || forks.isEmpty()) {
                    everywhere = false;
                    break;
                }
                perClient.add(forks);
                ops += theirs.opsPerSecond();
                variance += Double.isNaN(theirs.opsError()) ? 0 : theirs.opsError() * theirs.opsError();
            }
            if (!everywhere) {
                missing.add(c.name());
                continue;
            }
            List<CaseAssembly.Fork> forks = new ArrayList<>();
            for (int f = 0; f < perClient.get(0).size(); f++) {
                forks.add(new CaseAssembly.Fork(sum(perClient, f, c.name()), null));
            }
            // the clients' errors are independent, so they add in quadrature
            CaseRecord merged = CaseAssembly.closedLoop(c.name(), forks, ops, Math.sqrt(variance), c.wireBytes());
            cases.add(merged.withSaturation(saturation(records, c.name(), merged)));
        }
        List<String> hosts = records.stream().map(r -> r.environment().hostname()).toList();
        // each client's node, CPU model and cores, as its record said: the clients' nodes may differ
        List<ClientNode> nodes = records.stream().map(r -> new ClientNode(r.environment().hostname(), r.environment().cpuModel(),
                r.environment().cores())).toList();
        var env = first.environment();
        var environment = new org.rpcbench.record.Environment(env.runtime(), env.jdk(), env.jvm(), env.os(), env.cpuModel(),
                env.cores(), String.join(", ", hosts), env.gitCommit(), env.cpuPinning(), env.serverCommand(), env.date(),
                env.serverMeter(), nodes);
        RunRecord merged = RunRecord.of(first.model(), first.module(), first.binding(), first.target(), RunRecord.CLOSED_LOOP,
                first.framework(), first.jmh().merged(dirs.size()), null, environment, cases, missing);
        return merged.mergedFrom(dirs.stream().map(d -> d.toAbsolutePath().toString()).toList());
    }

    /**
     * Which side's CPU limited the merged case: each client judged on its own cores by its own CPU (their sum
     * says nothing of any one), the server as the first client's record tells of it.
     */
    private static Saturation saturation(List<RunRecord> records, String name, CaseRecord merged) {
        List<Saturation.Load> clients = new ArrayList<>();
        for (RunRecord r : records) {
            clients.add(new Saturation.Load(r.environment().hostname(), r.environment().cores(), r.find(name).cpuAndGc().client()));
        }
        org.rpcbench.record.Environment first = records.get(0).environment();
        return Saturation.judge(Saturation.server(first, merged.cpuAndGc().server()), clients, Saturation.pinnedApart(first));
    }

    private static Object property(RunRecord r, String what) {
        return switch (what) {
            case "binding" -> r.binding();
            case "target" -> r.target();
            case "loop" -> r.loop();
            default -> r.model();
        };
    }

    /** Fork {@code f} of every client as one: iteration by iteration, since the clients ran together. */
    private static TallyFile sum(List<List<TallyFile>> perClient, int f, String name) {
        List<TallyFile> parts = new ArrayList<>();
        for (List<TallyFile> forks : perClient) {
            if (forks.size() <= f) {
                throw new IllegalArgumentException(name + ": the clients ran different numbers of forks");
            }
            parts.add(forks.get(f));
        }
        int iterations = parts.get(0).iterations().size();
        List<TallyFile.Window> windows = new ArrayList<>();
        for (int i = 0; i < iterations; i++) {
            long calls = 0;
            long errors = 0;
            double seconds = 0;
            Histogram latency = Histograms.empty();
            Histogram failed = Histograms.empty();
            List<ProcessDelta> clients = new ArrayList<>();
            ProcessDelta server = null;
            for (TallyFile t : parts) {
                if (t.iterations().size() != iterations) {
                    throw new IllegalArgumentException(name + ": the clients ran different numbers of iterations");
                }
                TallyFile.Window w = t.iterations().get(i);
                calls += w.calls();
                errors += w.errors();
                seconds += w.seconds() / parts.size();
                latency.add(Histograms.decode(w.latency()));
                failed.add(Histograms.decode(w.failedLatency()));
                clients.add(w.client());
                server = server == null ? w.server() : server;
            }
            windows.add(new TallyFile.Window(i, seconds, calls, errors, clients.contains(null) ? null : ProcessDelta.sum(clients),
                    server, Histograms.encode(latency), failed.getTotalCount() == 0 ? null : Histograms.encode(failed)));
        }
        List<String> problems = parts.stream().flatMap(t -> t.problems().stream()).distinct().limit(TallyFile.PROBLEMS_KEPT).toList();
        return new TallyFile(name, parts.get(0).startedAtMillis(), parts.get(0).pid(),
                parts.stream().mapToLong(TallyFile::warmupCalls).sum(), parts.stream().mapToLong(TallyFile::warmupErrors).sum(),
                problems, windows, null, ProblemTally.merge(parts.stream().map(TallyFile::problemKinds).toList()));
    }
}
