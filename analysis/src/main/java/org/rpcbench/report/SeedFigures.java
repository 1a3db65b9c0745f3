package org.rpcbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A seed's published figures, transcribed once into its suite's JSON, each with the seed's line it comes
 * from, so that a test can hold every digit against the seed's text; and the pair its ratios are taken
 * against, so that a report can show what was reproduced and what was not.
 *
 * @param source which seed, with a note on how it measured, e.g. "seed 001 (two 4-core hosts, ...)"
 * @param reference the pair whose figure each ratio divides by, e.g. dubbo-hessian
 * @param latency how the seed computed and printed its latency figures, e.g. "its P99, in ms"; null if it printed none
 * @param text the seed's file in the seeds' directory, e.g. 002_d11664863d12fcd7.txt; null for figures made in a test
 * @param flattened for a seed whose table rows lost their separators: the order in which a row's figures run
 *     together at the end of its line; empty otherwise
 * @param figures every figure the seed published for the suite's cases, in its table's order
 */
public record SeedFigures(String source, String reference, String latency, String text, List<String> flattened,
                          List<Figure> figures) {

    /** Throughput: calls (the seeds say requests or transactions) per second. */
    public static final String OPS = "opsPerSecond";
    /** What a figure may hold besides throughput: the seed's clients, and its latency figures in ms by our labels. */
    static final Set<String> VALUES = Set.of(OPS, "clients", "mean", "p50", "p99", "p99.9", "max", "min");

    /**
     * One cell of a seed's table.
     *
     * @param pair the pair that stands for the seed's row, or null when none can (a framework nothing published runs)
     * @param row the seed's own name for its row, when no pair stands for it
     * @param caseName our case, with " @N" for a concurrency, e.g. "say @100"
     * @param quote the seed's line, or the fragment of it, that holds the figures, exactly as the seed writes it
     * @param section a whole line of the seed (a heading) under which the quote stands, or null
     * @param rowLabel the fragment naming the table row whose line holds the quote, or null
     * @param column the title of the table column whose cell holds the quote, as the header row writes it, or null
     * @param values by {@link #VALUES} key, exactly as published
     */
    public record Figure(String pair, String row, String caseName, String quote, String section, String rowLabel,
                         String column, Map<String, BigDecimal> values) {

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

    /** A seed of throughput figures only, by pair and case: for tests and reports that need no more. */
    public static SeedFigures ofThroughput(String source, String reference, Map<String, Map<String, Double>> opsPerSecond) {
        List<Figure> figures = new ArrayList<>();
        opsPerSecond.forEach((pair, cases) -> cases.forEach((c, v) -> figures.add(new Figure(pair, null, c, null, null, null,
                null, Map.of(OPS, BigDecimal.valueOf(v))))));
        return new SeedFigures(source, reference, null, null, List.of(), figures);
    }

    /** A suite's "seed" object; null gives null. Cases written "say@100" become "say @100", as the tables name columns. */
    public static SeedFigures read(JsonNode j) {
        if (j == null) {
            return null;
        }
        List<Figure> figures = new ArrayList<>();
        for (JsonNode f : j.get("figures")) {
            Map<String, BigDecimal> values = new LinkedHashMap<>();
            f.fields().forEachRemaining(e -> {
                if (VALUES.contains(e.getKey())) {
                    values.put(e.getKey(), e.getValue().decimalValue());
                } else if (e.getValue().isNumber()) {
                    throw new IllegalStateException(j.get("source").asText() + ": a figure named '" + e.getKey()
                            + "', which no table knows; figures are " + VALUES);
                }
            });
            if (!values.containsKey(OPS)) {
                throw new IllegalStateException(j.get("source").asText() + ": a figure without opsPerSecond: " + f);
            }
            figures.add(new Figure(text(f, "pair"), text(f, "row"), f.get("case").asText().replace("@", " @"), text(f, "quote"),
                    text(f, "section"), text(f, "rowLabel"), text(f, "column"), values));
        }
        List<String> flattened = new ArrayList<>();
        j.path("flattened").forEach(n -> flattened.add(n.asText()));
        return new SeedFigures(j.get("source").asText() + (j.has("note") ? " (" + j.get("note").asText() + ")" : ""),
                j.get("reference").asText(), text(j, "latency"), text(j, "text"), List.copyOf(flattened), List.copyOf(figures));
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
