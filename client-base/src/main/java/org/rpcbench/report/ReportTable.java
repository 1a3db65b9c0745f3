package org.rpcbench.report;

import com.alibaba.fastjson2.JSONArray;
import com.alibaba.fastjson2.JSONObject;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a report shows, read from run records only: rows (a pair), columns (a case, or a case at one
 * concurrency for a sweep) and in each cell that case's result as the run record holds it. The seeds print
 * their tables this way round, frameworks down and calls across, so a report can be set beside them.
 */
public record ReportTable(String title, List<String> columns, List<Row> rows) {

    /**
     * A pair's row. {@code record} is its run record (the first, for a sweep), null when the run left none;
     * {@code cells} maps a column to the case result (a JSON object of run.json's {@code cases}) and holds
     * no entry where the run has no result for that column.
     */
    public record Row(String pair, JSONObject record, Map<String, Cell> cells) {

        /** "dubbo + hessian2, 3.3.6": what the pair is, from its record. */
        public String detail() {
            if (record == null) {
                return "no run record";
            }
            JSONObject fw = record.getJSONObject("framework");
            return fw.getString("protocol") + " + " + fw.getString("serialization").split("[ ,(]")[0] + ", "
                    + fw.getString("frameworkVersion");
        }
    }

    /** One case of one run: the case's JSON from run.json, the record it came from, and its concurrency. */
    public record Cell(JSONObject result, JSONObject record) {

        public String caseName() {
            return result.getString("name");
        }

        public int threads() {
            return Figures.threads(record);
        }

        public boolean failed() {
            return Figures.failed(result);
        }
    }

    /**
     * A suite of pairs at one concurrency: the columns are the cases, those named in {@code order} first (the
     * seed's order), then the others in the order they first appear.
     */
    public static ReportTable ofSuite(String title, List<SuiteTable.Entry> entries, List<String> order) {
        List<String> columns = new ArrayList<>();
        List<Row> rows = new ArrayList<>();
        for (SuiteTable.Entry e : entries) {
            Map<String, Cell> cells = new LinkedHashMap<>();
            if (e.record() != null) {
                for (Object o : e.record().getJSONArray("cases")) {
                    JSONObject c = (JSONObject) o;
                    String name = c.getString("name");
                    if (!columns.contains(name)) {
                        columns.add(name);
                    }
                    cells.put(name, new Cell(c, e.record()));
                }
            }
            rows.add(new Row(e.pair(), e.record(), cells));
        }
        SuiteTable.ordered(columns, order);
        return new ReportTable(title, columns, rows);
    }

    /**
     * A sweep: records of several pairs, each at one concurrency. A column is "case @ concurrency", as the
     * seeds' sweep tables put concurrency across. {@code pairs} gives the rows in order, so that a pair
     * whose runs left no record still has its row.
     */
    public static ReportTable ofSweep(String title, List<String> pairs, List<JSONObject> records) {
        List<String> columns = new ArrayList<>();
        Map<String, Row> rows = new LinkedHashMap<>();
        pairs.forEach(p -> rows.put(p, null));
        for (JSONObject r : records) {
            String pair = r.getString("binding");
            Row row = rows.get(pair);
            if (row == null || row.record() == null) {
                row = new Row(pair, r, row == null ? new LinkedHashMap<>() : row.cells());
                rows.put(pair, row);
            }
            for (Object o : r.getJSONArray("cases")) {
                JSONObject c = (JSONObject) o;
                String column = c.getString("name") + " @" + Figures.threads(r);
                if (!columns.contains(column)) {
                    columns.add(column);
                }
                row.cells().put(column, new Cell(c, r));
            }
        }
        List<Row> ordered = new ArrayList<>();
        rows.forEach((pair, row) -> ordered.add(row == null ? new Row(pair, null, new LinkedHashMap<>()) : row));
        columns.sort((a, b) -> {
            String[] x = a.split(" @");
            String[] y = b.split(" @");
            int byName = Integer.compare(firstIndex(columns, x[0]), firstIndex(columns, y[0]));
            return byName != 0 ? byName : Integer.compare(Integer.parseInt(x[1]), Integer.parseInt(y[1]));
        });
        return new ReportTable(title, columns, ordered);
    }

    private static int firstIndex(List<String> columns, String caseName) {
        for (int i = 0; i < columns.size(); i++) {
            if (columns.get(i).startsWith(caseName + " @")) {
                return i;
            }
        }
        return columns.size();
    }

    /** Reading a case result: the figures every report shows, the same way everywhere. */
    public static final class Figures {
        private Figures() {}

        public static boolean openLoop(JSONObject record) {
            return "open-loop".equals(record.getString("loop"));
        }

        public static int threads(JSONObject record) {
            return openLoop(record) ? record.getJSONObject("openLoop").getIntValue("senders")
                    : record.getJSONObject("jmh").getIntValue("threads");
        }

        public static long errors(JSONObject c) {
            return c.getLongValue("errors") + c.getLongValue("warmupErrors");
        }

        public static boolean failed(JSONObject c) {
            return errors(c) > 0 || c.getLongValue("calls") == 0;
        }

        /**
         * Calls per second answered right: JMH counts a call that failed fast as an operation, so the score
         * is scaled by the share of measured calls that succeeded, as the seeds count throughput.
         */
        public static double answeredPerSecond(JSONObject c, JSONObject record) {
            double rate = c.getDoubleValue(openLoop(record) ? "achievedRate" : "opsPerSecond");
            long good = c.getLongValue("calls");
            long measured = good + c.getLongValue("errors");
            return measured == 0 ? rate : rate * good / measured;
        }

        /** A latency percentile or statistic in ms ("p50", "p99.9", "max"), NaN when the record has none. */
        public static double latencyMs(JSONObject c, String key) {
            return number(c.getJSONObject("latencyMs"), key);
        }

        /** Bytes on the wire per call, "request" or "response", NaN when not measured. */
        public static double wireBytes(JSONObject c, String direction) {
            return number(c.getJSONObject("wireBytes"), direction);
        }

        /** CPU in % of one core over the measured iterations, "server" or "client", NaN when not measured. */
        public static double cpuPercent(JSONObject c, String side) {
            JSONObject use = c.getJSONObject("cpuAndGc");
            return use == null ? Double.NaN : number(use.getJSONObject(side), "cpuPercentOfCore");
        }

        static double number(JSONObject o, String key) {
            Object v = o == null ? null : o.get(key);
            return v instanceof Number n ? n.doubleValue() : Double.NaN;
        }

        /** The case of this name in a run record's {@code cases}, or null. */
        public static JSONObject find(JSONArray cases, String name) {
            for (Object c : cases) {
                if (name.equals(((JSONObject) c).getString("name"))) {
                    return (JSONObject) c;
                }
            }
            return null;
        }
    }
}
