package org.rpcbench.client;

import com.alibaba.fastjson2.JSON;
import com.alibaba.fastjson2.JSONArray;
import com.alibaba.fastjson2.JSONObject;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.rpcbench.report.CaseResult;
import org.rpcbench.report.Costs;
import org.rpcbench.report.Latency;
import org.rpcbench.report.ReportTable.Figures;
import org.rpcbench.report.RunRecord;
import org.rpcbench.report.SummaryTable;

/**
 * One record for several client hosts that ran against one server at the same time: what the server
 * carried is the sum of what each client sent, so throughput is summed, and latency comes from the
 * clients' histograms merged, never from averaging their percentiles (the average of two p99s is the
 * p99 of nothing). Each client's own directory (run.json and tallies/) is the input; the clients must
 * have run the same pair against the same server with the same JMH settings, or the sum means nothing.
 *
 * <p>Usage: {@code MergeClients OUT_DIR CLIENT_RESULT_DIR...}; writes OUT_DIR/run.json and prints the
 * summary. Exit 0 when the merged run passed, 1 when any client counted an error, 2 for unusable input.
 */
public final class MergeClients {

    private MergeClients() {}

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length < 3) {
            err.println("rpc-bench merge: usage: merge OUT_DIR CLIENT_RESULT_DIR CLIENT_RESULT_DIR...");
            return 2;
        }
        List<Path> dirs = new ArrayList<>();
        for (int i = 1; i < args.length; i++) {
            dirs.add(Path.of(args[i]));
        }
        JSONObject merged;
        try {
            merged = merge(dirs);
        } catch (IllegalArgumentException | IOException e) {
            err.println("rpc-bench merge: " + e.getMessage());
            return 2;
        }
        Path file = Path.of(args[0]).resolve("run.json");
        try {
            RunRecord.write(merged, file);
        } catch (IOException e) {
            err.println("rpc-bench merge: cannot write " + file + ": " + e.getMessage());
            return 2;
        }
        out.print(SummaryTable.render("rpc-bench " + merged.getString("binding") + " against " + merged.getString("target")
                + ", " + dirs.size() + " clients merged", cases(merged), merged.getList("missingCases", String.class)));
        out.println("merged run record: " + file);
        return merged.getBooleanValue("passed") ? 0 : 1;
    }

    /** The merged record of the client runs in {@code dirs}. */
    static JSONObject merge(List<Path> dirs) throws IOException {
        List<JSONObject> records = new ArrayList<>();
        for (Path dir : dirs) {
            Path file = dir.resolve("run.json");
            if (!Files.isRegularFile(file)) {
                throw new IllegalArgumentException("no run.json in " + dir + " (give each client's result directory)");
            }
            records.add(JSON.parseObject(Files.readString(file, StandardCharsets.UTF_8)));
        }
        JSONObject first = records.get(0);
        for (int i = 1; i < records.size(); i++) {
            JSONObject other = records.get(i);
            for (String key : List.of("binding", "target", "loop")) {
                if (!Objects.equals(first.get(key), other.get(key))) {
                    throw new IllegalArgumentException("the clients differ in " + key + ": " + first.get(key) + " in " + dirs.get(0)
                            + ", " + other.get(key) + " in " + dirs.get(i));
                }
            }
            if (!first.getJSONObject("jmh").equals(other.getJSONObject("jmh"))) {
                throw new IllegalArgumentException("the clients ran different JMH settings: " + dirs.get(0) + " and " + dirs.get(i));
            }
        }
        if (!"closed-loop".equals(first.getString("loop"))) {
            throw new IllegalArgumentException("only closed-loop (JMH) runs can be merged");
        }

        List<Map<String, Tally>> tallies = new ArrayList<>();
        for (Path dir : dirs) {
            tallies.add(ClientMain.readTallies(dir.resolve("tallies")));
        }
        List<CaseResult> cases = new ArrayList<>();
        List<String> missing = new ArrayList<>(first.getList("missingCases", String.class));
        for (Object o : first.getJSONArray("cases")) {
            String name = ((JSONObject) o).getString("name");
            Tally all = new Tally(name);
            double ops = 0;
            double variance = 0;
            List<double[]> scores = null;
            boolean everywhere = true;
            for (int i = 0; i < records.size(); i++) {
                JSONObject c = Figures.find(records.get(i).getJSONArray("cases"), name);
                Tally t = tallies.get(i).get(name);
                if (c == null || t == null) {
                    everywhere = false;
                    break;
                }
                all.merge(t);
                ops += c.getDoubleValue("opsPerSecond");
                Double error = c.getDouble("opsError");
                variance += error == null || error.isNaN() ? 0 : error * error;
                scores = sum(scores, iterationScores(c), name);
            }
            if (!everywhere) {
                missing.add(name);
                continue;
            }
            // the clients' errors are independent, so they add in quadrature
            cases.add(new CaseResult(name, ops, Math.sqrt(variance), scores, Latency.of(all.latency()), all.calls(), all.errors(),
                    all.warmupCalls(), all.warmupErrors(), all.problems(), Costs.NONE));
        }

        Map<String, Object> identity = new LinkedHashMap<>();
        identity.put("module", first.getString("module"));
        identity.put("binding", first.getString("binding"));
        identity.put("target", first.getString("target"));
        identity.put("loop", "closed-loop");
        identity.put("clients", dirs.size());
        identity.put("mergedFrom", dirs.stream().map(d -> d.toAbsolutePath().toString()).toList());
        Map<String, Object> jmh = new LinkedHashMap<>(first.getJSONObject("jmh"));
        jmh.put("clients", dirs.size());
        jmh.put("threadsInAll", first.getJSONObject("jmh").getIntValue("threads") * dirs.size());
        Map<String, Object> environment = new LinkedHashMap<>(first.getJSONObject("environment"));
        environment.put("hostname", String.join(", ", records.stream()
                .map(r -> r.getJSONObject("environment").getString("hostname")).toList()));
        Map<String, String> framework = new LinkedHashMap<>();
        first.getJSONObject("framework").forEach((k, v) -> framework.put(k, String.valueOf(v)));
        return RunRecord.build(identity, framework, jmh, environment, cases, missing);
    }

    private static List<double[]> iterationScores(JSONObject c) {
        List<double[]> forks = new ArrayList<>();
        for (Object fork : (List<?>) c.get("iterationScores")) {
            if (fork instanceof double[] built) {
                forks.add(built);
                continue;
            }
            JSONArray scores = (JSONArray) fork;
            double[] values = new double[scores.size()];
            for (int i = 0; i < values.length; i++) {
                values[i] = scores.getDoubleValue(i);
            }
            forks.add(values);
        }
        return forks;
    }

    /** Iteration by iteration: the clients ran at the same time, so iteration i of each overlapped. */
    private static List<double[]> sum(List<double[]> total, List<double[]> more, String name) {
        if (total == null) {
            return more;
        }
        if (total.size() != more.size()) {
            throw new IllegalArgumentException(name + ": the clients ran different numbers of forks");
        }
        List<double[]> sums = new ArrayList<>();
        for (int f = 0; f < total.size(); f++) {
            if (total.get(f).length != more.get(f).length) {
                throw new IllegalArgumentException(name + ": the clients ran different numbers of iterations");
            }
            double[] s = total.get(f).clone();
            for (int i = 0; i < s.length; i++) {
                s[i] += more.get(f)[i];
            }
            sums.add(s);
        }
        return sums;
    }

    /** The merged record's cases, for the summary table. */
    private static List<CaseResult> cases(JSONObject record) {
        List<CaseResult> cases = new ArrayList<>();
        for (Object o : record.getJSONArray("cases")) {
            JSONObject c = (JSONObject) o;
            JSONObject ms = c.getJSONObject("latencyMs");
            cases.add(new CaseResult(c.getString("name"), c.getDoubleValue("opsPerSecond"), c.getDoubleValue("opsError"),
                    iterationScores(c), new Latency(ms.getDoubleValue("min"), ms.getDoubleValue("p50"), ms.getDoubleValue("p90"),
                    ms.getDoubleValue("p99"), ms.getDoubleValue("p99.9"), ms.getDoubleValue("p99.99"), ms.getDoubleValue("max"),
                    ms.getDoubleValue("mean"), c.getLongValue("calls")), c.getLongValue("calls"), c.getLongValue("errors"),
                    c.getLongValue("warmupCalls"), c.getLongValue("warmupErrors"), c.getList("problems", String.class), Costs.NONE));
        }
        return cases;
    }
}
