package org.rpcbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * A seed's published figures, transcribed once into its suite's JSON, each tied to the seed's line it comes
 * from (its number in the seed's file, and the line itself, quoted whole) and to its place in that line, so that
 * {@link SeedQuotes} can read every figure back out of the quoted line and hold it against the seed's text; and
 * the pair its ratios are taken against, so that a report can show what was reproduced and what was not.
 *
 * @param source which seed, with a note on how it measured, e.g. "seed 001 (two 4-core hosts, ...)"
 * @param reference the pair whose figure each ratio divides by, e.g. dubbo-hessian
 * @param latency how the seed computed and printed its latency figures, e.g. "its P99, in ms"; null if it printed none
 * @param text the seed's file in the seeds' directory, e.g. 002_d11664863d12fcd7.txt; null for figures made in a test
 * @param flattened for a seed whose table rows lost their separators: the order in which a row's figures run
 *     together at the end of its line; empty otherwise
 * @param callers the calls in flight of a seed table whose rows do not say it (seed 003's 10); 0 when none or the rows say it
 * @param lines every line of the seed the figures stand in or under, by its number in the seed's file (1 the first),
 *     exactly as the seed writes it
 * @param headings the numbers of those lines that head what follows (a section's title, a table's header row): a
 *     figure stands under the nearest one above its line
 * @param headers the numbers of those lines that title a table's columns below a heading (JMH's "Benchmark Mode Cnt
 *     Score Error Units", a flattened table's run-together titles); empty where the heading is the header (seed 000)
 * @param columns the seed's title of the column (or, in a table cell, the unit word) each value stands under, by
 *     {@link #VALUES} key, e.g. opsPerSecond to "Score"; empty when not tied
 * @param labels what the seed's own words name, by those words: a heading, a table column's title, a row's label,
 *     each to our pair, our case or the seed's row name (e.g. "### Kryo" to dubbo-kryo)
 * @param figures every figure the seed published for the suite's cases, in its table's order
 * @param indicators the targets the seed set itself and what it measured against them (seed 003's), in its order
 */
public record SeedFigures(String source, String reference, String latency, String text, List<String> flattened, int callers,
                          SortedMap<Integer, String> lines, List<Integer> headings, List<Integer> headers,
                          Map<String, String> columns, Map<String, String> labels, List<Figure> figures,
                          List<Indicator> indicators) {

    public SeedFigures {
        indicators = List.copyOf(indicators);
        flattened = List.copyOf(flattened);
        lines = Collections.unmodifiableSortedMap(new TreeMap<>(lines));
        headings = List.copyOf(headings);
        headers = List.copyOf(headers);
        columns = Collections.unmodifiableMap(new LinkedHashMap<>(columns));
        labels = Collections.unmodifiableMap(new LinkedHashMap<>(labels));
        figures = List.copyOf(figures);
    }

    /** Figures made in a test or a report, tied to no seed line. */
    public SeedFigures(String source, String reference, String latency, String text, List<String> flattened, List<Figure> figures) {
        this(source, reference, latency, text, flattened, 0, new TreeMap<>(), List.of(), List.of(), Map.of(), Map.of(), figures);
    }

    /** A seed's figures without expected indicators. */
    public SeedFigures(String source, String reference, String latency, String text, List<String> flattened, int callers,
                       SortedMap<Integer, String> lines, List<Integer> headings, List<Integer> headers,
                       Map<String, String> columns, Map<String, String> labels, List<Figure> figures) {
        this(source, reference, latency, text, flattened, callers, lines, headings, headers, columns, labels, figures, List.of());
    }

    /**
     * One of a seed's "expected performance indicators": a target the seed set for one metric of one scene, and the
     * value it measured against it (seed 003's "1k data", response time 0.9 ms expected, 0.79 ms actual).
     *
     * @param line the number of the seed's line that holds it (a key of {@link SeedFigures#lines()})
     * @param header the number of the line above that titles its columns (scene, index, expected, actual, met)
     * @param scene the seed's name for the scene, as the line starts ("1k data")
     * @param index the seed's name for the metric, as the line prints it ("Response time", "TPS")
     * @param metric our key for that metric ({@link SeedFigures#OPS} or "mean")
     * @param pair the pair whose figure the actual value is (the seed's row it was measured on), and whose cell ours comes from
     * @param caseName our case the scene is
     * @param expected the seed's expected value, as printed
     * @param actual the seed's actual value, as printed
     */
    public record Indicator(int line, int header, String scene, String index, String metric, String pair, String caseName,
                            BigDecimal expected, BigDecimal actual) {}

    /** Throughput: calls (the seeds say requests or transactions) per second. */
    public static final String OPS = "opsPerSecond";
    /** The half-width of the interval the seed printed beside its throughput (JMH's "± Error", 99.9 %), in calls per second. */
    public static final String ERROR = "error";
    /** What a figure may hold besides throughput: the seed's clients, its latency figures in ms by our labels, its error. */
    static final Set<String> VALUES = Set.of(OPS, ERROR, "clients", "mean", "p50", "p99", "p99.9", "max", "min");

    /**
     * One cell of a seed's table.
     *
     * @param pair the pair that stands for the seed's row, or null when none can (a framework nothing published runs)
     * @param row the seed's own name for its row, when no pair stands for it or the pair needs saying which of the seed's rows it stands for
     * @param caseName our case, with " @N" for a concurrency, e.g. "say @100"
     * @param line the number of the seed's line that holds the figures (a key of {@link SeedFigures#lines()}); 0 when made in a test
     * @param places where each value stands in that line, by {@link #VALUES} key: "N", the line's N-th number, or
     *     "C:N", the N-th number in the table cell C (the line split at '|', the row's label in cell 1); none for a
     *     flattened seed, whose values run together in {@link SeedFigures#flattened()}'s order
     * @param values by {@link #VALUES} key, exactly as published
     */
    public record Figure(String pair, String row, String caseName, int line, Map<String, String> places,
                         Map<String, BigDecimal> values) {

        public Figure {
            places = Collections.unmodifiableMap(new LinkedHashMap<>(places));
            values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
        }

        /** A figure made in a test or a report, tied to no seed line. */
        public Figure(String pair, String row, String caseName, Map<String, BigDecimal> values) {
            this(pair, row, caseName, 0, Map.of(), values);
        }

        /** A value as published, or NaN. */
        public double get(String key) {
            BigDecimal v = values.get(key);
            return v == null ? Double.NaN : v.doubleValue();
        }

        /** Who the row is: our pair, or the seed's own name for it. */
        public String who() {
            return pair != null ? pair : row;
        }
    }

    /** The seed's line a figure stands in, or null when it was made in a test. */
    public String quote(Figure f) {
        return lines.get(f.line());
    }

    /** A seed of throughput figures only, by pair and case: for tests and reports that need no more. */
    public static SeedFigures ofThroughput(String source, String reference, Map<String, Map<String, Double>> opsPerSecond) {
        List<Figure> figures = new ArrayList<>();
        opsPerSecond.forEach((pair, cases) -> cases.forEach((c, v) -> figures.add(new Figure(pair, null, c,
                Map.of(OPS, BigDecimal.valueOf(v))))));
        return new SeedFigures(source, reference, null, null, List.of(), figures);
    }

    /** A suite's "seed" object; null gives null. Cases written "say@100" become "say @100", as the tables name columns. */
    public static SeedFigures read(JsonNode j) {
        if (j == null) {
            return null;
        }
        String source = j.get("source").asText();
        List<Figure> figures = new ArrayList<>();
        for (JsonNode f : j.get("figures")) {
            Map<String, BigDecimal> values = new LinkedHashMap<>();
            f.fields().forEachRemaining(e -> {
                if (VALUES.contains(e.getKey())) {
                    values.put(e.getKey(), e.getValue().decimalValue());
                } else if (e.getValue().isNumber() && !e.getKey().equals("line")) {
                    throw new IllegalStateException(source + ": a figure named '" + e.getKey() + "', which no table knows; figures are "
                            + VALUES);
                }
            });
            if (!values.containsKey(OPS)) {
                throw new IllegalStateException(source + ": a figure without opsPerSecond: " + f);
            }
            figures.add(new Figure(text(f, "pair"), text(f, "row"), f.get("case").asText().replace("@", " @"), f.path("line").asInt(0),
                    texts(f.get("places")), values));
        }
        List<String> flattened = new ArrayList<>();
        j.path("flattened").forEach(n -> flattened.add(n.asText()));
        SortedMap<Integer, String> lines = new TreeMap<>();
        j.path("lines").fields().forEachRemaining(e -> lines.put(Integer.parseInt(e.getKey()), e.getValue().asText()));
        List<Integer> headings = new ArrayList<>();
        j.path("headings").forEach(n -> headings.add(n.asInt()));
        List<Integer> headers = new ArrayList<>();
        j.path("headers").forEach(n -> headers.add(n.asInt()));
        List<Indicator> indicators = new ArrayList<>();
        for (JsonNode i : j.path("indicators")) {
            indicators.add(new Indicator(i.get("line").asInt(), i.get("header").asInt(), i.get("scene").asText(), i.get("index").asText(),
                    i.get("metric").asText(), i.get("pair").asText(), i.get("case").asText(), i.get("expected").decimalValue(),
                    i.get("actual").decimalValue()));
        }
        return new SeedFigures(source + (j.has("note") ? " (" + j.get("note").asText() + ")" : ""),
                j.get("reference").asText(), text(j, "latency"), text(j, "text"), flattened, j.path("callers").asInt(0), lines,
                headings, headers, texts(j.get("columns")), texts(j.get("labels")), figures, indicators);
    }

    private static Map<String, String> texts(JsonNode j) {
        Map<String, String> out = new LinkedHashMap<>();
        if (j != null) {
            j.fields().forEachRemaining(e -> out.put(e.getKey(), e.getValue().asText()));
        }
        return out;
    }

    private static String text(JsonNode j, String key) {
        return j.hasNonNull(key) ? j.get(key).asText() : null;
    }

    /** The reference as a table names its row: "dubbo-hessian 3.0.15" for a row on a Dubbo release of its own. */
    public String referenceLabel() {
        return org.rpcbench.analysis.VersionedPair.parse(reference).label();
    }

    /** The seed's figure for a pair and case, or NaN when it did not measure that cell. */
    public double figure(String pair, String caseName) {
        return value(pair, caseName, OPS);
    }

    /** One of the seed's values (a {@link #VALUES} key) for a pair and case, or NaN. */
    public double value(String pair, String caseName, String key) {
        Figure f = find(pair, caseName);
        return f == null ? Double.NaN : f.get(key);
    }

    /** The seed's figures for a pair and case, or null. */
    public Figure find(String pair, String caseName) {
        return figures.stream().filter(f -> pair.equals(f.pair()) && caseName.equals(f.caseName())).findFirst().orElse(null);
    }

    /** The seed's ratio of a pair to the reference in one case, or NaN. */
    public double ratio(String pair, String caseName) {
        return figure(pair, caseName) / figure(reference, caseName);
    }

    /**
     * Whether the seed's own difference between a pair and the reference in one case lies within the errors it
     * printed beside the two figures: their intervals (figure ± error, JMH's 99.9 % interval) overlap, so the seed
     * did not tell the two apart. False where either figure or either error is missing, and for the reference itself.
     */
    public boolean withinError(String pair, String caseName) {
        Figure mine = find(pair, caseName);
        Figure ref = find(reference, caseName);
        if (mine == null || ref == null || mine == ref || !mine.values().containsKey(ERROR) || !ref.values().containsKey(ERROR)) {
            return false;
        }
        return Math.abs(mine.get(OPS) - ref.get(OPS)) <= mine.get(ERROR) + ref.get(ERROR);
    }

    /** Whether any figure carries the error the seed printed beside it. */
    public boolean hasErrors() {
        return figures.stream().anyMatch(f -> f.values().containsKey(ERROR));
    }

    /** The latency keys the seed published, in {@link #VALUES}' reading order (mean, p50, min, max, p99, p99.9). */
    public List<String> latencyKeys() {
        List<String> keys = new ArrayList<>();
        for (String k : List.of("mean", "p50", "min", "max", "p99", "p99.9")) {
            if (figures.stream().anyMatch(f -> f.values().containsKey(k))) {
                keys.add(k);
            }
        }
        return keys;
    }

    /** The seed's rows that no pair stands for, by name, in the seed's order. */
    public List<String> unpairedRows() {
        return figures.stream().filter(f -> f.pair() == null).map(Figure::row).distinct().toList();
    }

    /** A row's figure in one case, by the seed's own row name, or null. */
    public Figure ofRow(String row, String caseName) {
        return figures.stream().filter(f -> row.equals(f.row()) && f.pair() == null && caseName.equals(f.caseName()))
                .findFirst().orElse(null);
    }
}
