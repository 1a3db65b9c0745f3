package org.rpcbench.report;

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
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.rpcbench.cli.CommandLine;
import org.rpcbench.cli.Option;
import org.rpcbench.cli.UsageException;
import org.rpcbench.report.ReportTable.Figures;

/**
 * Compares two sets of closed-loop runs, pair by pair and case by case: the change in throughput with
 * a 95 % interval and a permutation test on the iteration scores, the change in p99, and a verdict.
 * "slower" needs both a significant test and a drop beyond the threshold, so noise alone, or a real
 * but negligible change, is "no change". Runs whose settings differ are not compared unless told to.
 *
 * <p>Exit codes: 0 nothing got slower; 1 something did; 2 bad input; 3 the runs are not comparable.
 */
public final class Compare {
    static final Option<Integer> THRESHOLD = Option.integer("threshold", "PERCENT", 5, 0, 100,
            "a change smaller than this is \"no change\" however significant");
    static final Option<Boolean> ALLOW = Option.flag("allow-different-settings",
            "compare runs whose settings differ (the differences are still listed)");
    static final double ALPHA = 0.05;
    /** Environment fields that change the numbers; the rest (date, commit, host name) do not. */
    static final List<String> COMPARED_ENVIRONMENT = List.of("jdk", "jvm", "os", "cpuModel", "cores", "cpuPinning");

    private Compare() {}

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    public static int run(String[] args, PrintStream out, PrintStream err) {
        CommandLine cli = CommandLine.passingThrough("./benchmark.sh compare", "Compares CURRENT with BASELINE: run.json"
                + " files, or directories holding them (a pair run, a suite).", List.of(THRESHOLD, ALLOW),
                "Arguments: BASELINE CURRENT. Exit 0: nothing slower; 1: something slower; 2: bad input; 3: settings differ.");
        CommandLine.Values values;
        try {
            values = cli.parse(args);
            if (values.helpRequested()) {
                out.print(cli.usage());
                return 0;
            }
            if (values.rest().size() != 2 || values.rest().stream().anyMatch(a -> a.startsWith("-"))) {
                throw new UsageException("give BASELINE and CURRENT, got " + values.rest());
            }
        } catch (UsageException e) {
            err.println("rpc-bench compare: " + e.getMessage() + " (see --help)");
            return 2;
        }
        Map<String, JSONObject> baseline;
        Map<String, JSONObject> current;
        try {
            baseline = records(Path.of(values.rest().get(0)));
            current = records(Path.of(values.rest().get(1)));
        } catch (IOException | RuntimeException e) {
            err.println("rpc-bench compare: " + e.getMessage());
            return 2;
        }
        List<String> differences = new ArrayList<>();
        for (String binding : current.keySet()) {
            if (baseline.containsKey(binding)) {
                differences.addAll(differences(binding, baseline.get(binding), current.get(binding)));
            }
        }
        if (!differences.isEmpty()) {
            differences.forEach(d -> err.println("rpc-bench compare: settings differ: " + d));
            if (!values.get(ALLOW)) {
                err.println("rpc-bench compare: not compared: the runs' settings differ (--allow-different-settings compares"
                        + " them anyway)");
                return 3;
            }
        }
        List<Row> rows = rows(baseline, current, values.get(THRESHOLD) / 100.0);
        if (rows.isEmpty()) {
            err.println("rpc-bench compare: the two sides have no pair and case in common");
            return 2;
        }
        out.print(render(rows, values.get(THRESHOLD)));
        long slower = rows.stream().filter(r -> r.verdict().equals("SLOWER")).count();
        if (slower > 0) {
            err.println("rpc-bench compare: " + slower + " of " + rows.size() + " pair/case results got slower beyond "
                    + values.get(THRESHOLD) + " %");
            return 1;
        }
        return 0;
    }

    /** One pair and case on both sides. */
    record Row(String binding, String caseName, double baseOps, double currentOps, Significance.Result test,
               double baseP99, double currentP99, String verdict) {}

    static List<Row> rows(Map<String, JSONObject> baseline, Map<String, JSONObject> current, double threshold) {
        List<Row> rows = new ArrayList<>();
        for (Map.Entry<String, JSONObject> e : current.entrySet()) {
            JSONObject base = baseline.get(e.getKey());
            if (base == null) {
                continue;
            }
            for (Object o : e.getValue().getJSONArray("cases")) {
                JSONObject now = (JSONObject) o;
                JSONObject then = Figures.find(base.getJSONArray("cases"), now.getString("name"));
                if (then == null) {
                    continue;
                }
                double[] a = scores(then);
                double[] b = scores(now);
                // with few samples even the most lopsided split is not significant: say so, not "no change"
                boolean enough = a.length >= 2 && b.length >= 2 && Significance.smallestP(a.length, b.length) < ALPHA;
                Significance.Result test = a.length >= 2 && b.length >= 2 ? Significance.compare(a, b) : null;
                String verdict = !enough ? "too few samples"
                        : test.p() < ALPHA && test.change() < -threshold ? "SLOWER"
                        : test.p() < ALPHA && test.change() > threshold ? "faster"
                        : "no change";
                rows.add(new Row(e.getKey(), now.getString("name"), then.getDoubleValue("opsPerSecond"),
                        now.getDoubleValue("opsPerSecond"), test, then.getJSONObject("latencyMs").getDoubleValue("p99"),
                        now.getJSONObject("latencyMs").getDoubleValue("p99"), verdict));
            }
        }
        return rows;
    }

    static String render(List<Row> rows, int threshold) {
        StringBuilder out = new StringBuilder();
        out.append("throughput: change of the mean iteration score, its 95 % bootstrap interval, and the p-value of a"
                + " permutation test;\nverdict SLOWER/faster when p < " + ALPHA + " and the change exceeds " + threshold
                + " %; p99 for information (one merged histogram a run, no test)\n");
        String header = String.format(Locale.ROOT, "%-16s %-11s %11s %11s %8s %18s %7s %-16s %s", "pair", "case",
                "base ops/s", "now ops/s", "change", "95% interval", "p", "verdict", "p99 ms base -> now");
        out.append(header).append('\n').append("-".repeat(header.length())).append('\n');
        for (Row r : rows) {
            Significance.Result t = r.test();
            out.append(String.format(Locale.ROOT, "%-16s %-11s %11.1f %11.1f %8s %18s %7s %-16s %.3f -> %.3f (%+.1f %%)",
                    r.binding(), r.caseName(), r.baseOps(), r.currentOps(),
                    t == null ? "n/a" : String.format(Locale.ROOT, "%+.1f %%", 100 * t.change()),
                    t == null ? "n/a" : String.format(Locale.ROOT, "[%+.1f, %+.1f] %%", 100 * t.low(), 100 * t.high()),
                    t == null ? "n/a" : String.format(Locale.ROOT, "%.3f", t.p()), r.verdict(), r.baseP99(), r.currentP99(),
                    100 * (r.currentP99() - r.baseP99()) / r.baseP99())).append('\n');
        }
        return out.toString();
    }

    /** Every fork's measured iteration scores, together. */
    static double[] scores(JSONObject c) {
        JSONArray forks = c.getJSONArray("iterationScores");
        List<Double> all = new ArrayList<>();
        if (forks != null) {
            for (Object fork : forks) {
                for (Object s : (JSONArray) fork) {
                    all.add(((Number) s).doubleValue());
                }
            }
        }
        return all.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** What differs between two runs of one binding, among the settings that change the numbers. */
    static List<String> differences(String binding, JSONObject a, JSONObject b) {
        List<String> out = new ArrayList<>();
        if (!loop(a).equals(loop(b))) {
            out.add(binding + ": loop " + loop(a) + " vs " + loop(b));
            return out;
        }
        compareMaps(binding + ": framework.", a.getJSONObject("framework"), b.getJSONObject("framework"), null, out);
        compareMaps(binding + ": jmh.", a.getJSONObject("jmh"), b.getJSONObject("jmh"), null, out);
        compareMaps(binding + ": environment.", a.getJSONObject("environment"), b.getJSONObject("environment"),
                COMPARED_ENVIRONMENT, out);
        return out;
    }

    /** Records written before open loops existed have no "loop": they are closed-loop. */
    private static String loop(JSONObject record) {
        return Objects.requireNonNullElse(record.getString("loop"), "closed-loop");
    }

    private static void compareMaps(String prefix, JSONObject a, JSONObject b, List<String> only, List<String> out) {
        TreeSet<String> keys = new TreeSet<>();
        if (a != null) {
            keys.addAll(a.keySet());
        }
        if (b != null) {
            keys.addAll(b.keySet());
        }
        for (String k : keys) {
            if (only != null && !only.contains(k)) {
                continue;
            }
            Object x = a == null ? null : a.get(k);
            Object y = b == null ? null : b.get(k);
            if (!Objects.equals(String.valueOf(x), String.valueOf(y))) {
                out.add(prefix + k + " " + x + " vs " + y);
            }
        }
    }

    /** The closed-loop run records at a path (a run.json, or every run.json below a directory), by binding. */
    static Map<String, JSONObject> records(Path path) throws IOException {
        List<Path> files = new ArrayList<>();
        if (Files.isDirectory(path)) {
            try (Stream<Path> walk = Files.walk(path)) {
                walk.filter(p -> p.getFileName().toString().endsWith("run.json")).sorted().forEach(files::add);
            }
        } else if (Files.isRegularFile(path)) {
            files.add(path);
        } else {
            throw new IOException("no run record at " + path);
        }
        Map<String, JSONObject> byBinding = new LinkedHashMap<>();
        for (Path f : files) {
            JSONObject r = JSON.parseObject(Files.readString(f, StandardCharsets.UTF_8));
            if (r == null || r.getJSONArray("cases") == null || !loop(r).equals("closed-loop")) {
                continue;
            }
            if (byBinding.put(r.getString("binding"), r) != null) {
                throw new IOException(path + " holds more than one run of " + r.getString("binding")
                        + "; name the run.json files to compare");
            }
        }
        if (byBinding.isEmpty()) {
            throw new IOException("no closed-loop run record at " + path);
        }
        return byBinding;
    }
}
