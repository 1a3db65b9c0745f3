package org.rpcbench.report;

import com.alibaba.fastjson2.JSON;
import com.alibaba.fastjson2.JSONArray;
import com.alibaba.fastjson2.JSONObject;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One table over the runs of a concurrency sweep, in the shape seeds 002 and 004 report: per case and
 * concurrency, throughput, mean, median, min, max and p99 latency, the share of calls that succeeded
 * (warm-up's failures included) and the failed calls.
 * Read from the runs' run.json files, never from their printed output.
 */
public final class SweepTable {

    private SweepTable() {}

    /** Prints the table of the run records given as arguments; exit 1 when one cannot be read. */
    public static void main(String[] args) {
        try {
            System.out.print(render(args));
        } catch (IOException | RuntimeException e) {
            System.err.println("rpc-bench sweep: cannot read a run record: " + e.getMessage());
            System.exit(1);
        }
    }

    static String render(String... runRecords) throws IOException {
        List<JSONObject> records = new ArrayList<>();
        for (String file : runRecords) {
            records.add(JSON.parseObject(Files.readString(Path.of(file), StandardCharsets.UTF_8)));
        }
        return render(records);
    }

    public static String render(List<JSONObject> records) {
        StringBuilder out = new StringBuilder();
        String binding = records.isEmpty() ? "?" : records.get(0).getString("binding");
        out.append("concurrency sweep of ").append(binding).append(" (throughput in calls/s, latency in ms")
                .append(records.stream().anyMatch(SweepTable::openLoop) ? ", open loop: timed from when each call was due" : "")
                .append(")\n");
        String header = String.format(Locale.ROOT, "%-11s %11s %12s %9s %9s %9s %9s %9s %9s %7s",
                "case", "concurrency", "throughput", "mean", "median", "min", "max", "p99", "success", "errors");
        out.append(header).append('\n').append("-".repeat(header.length())).append('\n');
        List<String> names = new ArrayList<>();
        for (JSONObject r : records) {
            for (Object c : r.getJSONArray("cases")) {
                String name = ((JSONObject) c).getString("name");
                if (!names.contains(name)) {
                    names.add(name);
                }
            }
        }
        for (String name : names) {
            for (JSONObject r : records) {
                JSONObject c = find(r.getJSONArray("cases"), name);
                if (c == null) {
                    continue;
                }
                JSONObject ms = c.getJSONObject("latencyMs");
                long good = c.getLongValue("calls");
                long bad = c.getLongValue("errors") + c.getLongValue("warmupErrors");
                out.append(String.format(Locale.ROOT, "%-11s %11d %12.1f %9.3f %9.3f %9.3f %9.3f %9.3f %9s %7d",
                        name, concurrency(r), c.getDoubleValue(openLoop(r) ? "achievedRate" : "opsPerSecond"),
                        number(ms, "mean"), number(ms, "p50"), number(ms, "min"), number(ms, "max"), number(ms, "p99"),
                        percent(good, bad), bad)).append('\n');
            }
        }
        return out.toString();
    }

    /** The share of calls that succeeded, never rounded up to 100 % while one failed. */
    static String percent(long good, long bad) {
        if (good + bad == 0) {
            return "n/a";
        }
        if (bad == 0) {
            return "100%";
        }
        double share = 100.0 * good / (good + bad);
        for (int decimals = 2; decimals < 9; decimals++) {
            String text = String.format(Locale.ROOT, "%." + decimals + "f", share);
            if (Double.parseDouble(text) < 100.0) {
                return text + "%";
            }
        }
        return "<100%";
    }

    private static boolean openLoop(JSONObject record) {
        return "open-loop".equals(record.getString("loop"));
    }

    private static int concurrency(JSONObject record) {
        return openLoop(record) ? record.getJSONObject("openLoop").getIntValue("senders")
                : record.getJSONObject("jmh").getIntValue("threads");
    }

    private static double number(JSONObject ms, String key) {
        Object v = ms.get(key);
        return v instanceof Number n ? n.doubleValue() : Double.NaN;
    }

    private static JSONObject find(JSONArray cases, String name) {
        for (Object c : cases) {
            if (name.equals(((JSONObject) c).getString("name"))) {
                return (JSONObject) c;
            }
        }
        return null;
    }
}
