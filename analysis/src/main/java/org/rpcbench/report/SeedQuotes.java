package org.rpcbench.report;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.MatchResult;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.rpcbench.report.SeedFigures.Figure;

/**
 * Holds a seed's carried figures against the seed lines the suite quotes, place by place, and those lines against
 * the seed's text. Each figure is read back out of its quoted line at its place (the line's N-th number, the N-th
 * number of a table cell, or, for a row whose figures run together, its field in the only plausible reading of the
 * run) and must equal it; the seed's words around it (its heading, its row's label, its column's title) must name
 * its pair or row and its case. Needs no seed text: the quoted lines travel with the suites. {@link #textProblems}
 * then checks that each quoted line stands, verbatim, at its number in the seed's file.
 */
public final class SeedQuotes {

    private SeedQuotes() {}

    /** A figure as a line prints it: digits not glued to a word before them (the "99" of "P99" is none). */
    private static final Pattern NUMBER = Pattern.compile("(?<![\\p{L}\\d.])\\d+(?:\\.\\d+)?");
    private static final Pattern PLACE = Pattern.compile("(?:(\\d+):)?(\\d+)");
    private static final Pattern RUN = Pattern.compile("[0-9.]+$");
    private static final Pattern FIELD = Pattern.compile("0|0\\.\\d+|[1-9]\\d*(?:\\.\\d+)?");
    /**
     * How far the calls in flight over the throughput (Little's law: the mean latency of callers that never rest)
     * may lie above a row's printed mean, as a factor: the seeds count throughput over their whole wall time, start
     * and end included, and print whole or rounded ms (seed 002's teleport at 100 prints 1 ms where the law gives 2).
     * The printed mean may not lie above the law by more than {@link #LAW_ROUNDING}.
     */
    static final double LAW_SPREAD = 3;
    static final double LAW_ROUNDING = 1.1;
    /** How far a row's mean and median may lie apart, as a factor either way (at least 1 ms or 0.01 ms, as printed). */
    static final double MEAN_TO_MEDIAN = 3;
    /** How far a row's maximum may lie above its high percentile (99th or 99.9th), as a factor. */
    static final double MAX_TO_TAIL = 20;

    /** What is wrong with the seed's figures against the lines it quotes: one line each; empty when all is right. */
    public static List<String> problems(SeedFigures seed) {
        List<String> problems = new ArrayList<>();
        if (seed.text() == null) {
            problems.add("it names no seed file");
        }
        for (Integer h : seed.headings()) {
            if (!seed.lines().containsKey(h)) {
                problems.add("its heading at line " + h + " is not quoted");
            }
        }
        for (Integer h : seed.headers()) {
            if (!seed.lines().containsKey(h)) {
                problems.add("its column header at line " + h + " is not quoted");
            }
        }
        Map<String, Figure> seen = new HashMap<>();
        Map<String, Set<String>> pairsOfRow = new HashMap<>();
        Map<String, Set<String>> rowsOfPair = new HashMap<>();
        for (Figure f : seed.figures()) {
            String where = f.who() + " " + f.caseName() + " (line " + f.line() + ")";
            problems(seed, f).forEach(p -> problems.add(where + ": " + p));
            if (seen.put(f.who() + "|" + f.caseName(), f) != null) {
                problems.add(where + ": a second figure for the same row and case");
            }
            if (f.row() != null) {
                pairsOfRow.computeIfAbsent(f.row(), r -> new TreeSet<>()).add(String.valueOf(f.pair()));
                if (f.pair() != null) {
                    rowsOfPair.computeIfAbsent(f.pair(), r -> new TreeSet<>()).add(f.row());
                }
            }
        }
        for (SeedFigures.Indicator i : seed.indicators()) {
            problems(seed, i).forEach(p -> problems.add("indicator " + i.index() + " (line " + i.line() + "): " + p));
        }
        pairsOfRow.forEach((row, pairs) -> {
            if (pairs.size() > 1) {
                problems.add("the seed's row \"" + row + "\" stands beside more than one of ours: " + pairs);
            }
        });
        rowsOfPair.forEach((pair, rows) -> {
            if (rows.size() > 1) {
                problems.add(pair + " stands for more than one of the seed's rows: " + rows);
            }
        });
        return problems;
    }

    /** The seed's names of the metrics its indicators set targets for, each with our key and its unit as printed. */
    static final Map<String, String[]> INDEXES = Map.of("Response time", new String[] {"mean", "ms"},
            "TPS", new String[] {SeedFigures.OPS, ""});
    /** How the seed titles the columns of its indicators, in order: the expected value's before the actual one's. */
    static final List<String> INDICATOR_COLUMNS = List.of("Scene name", "Corresponding index name", "Range of expected values",
            "Actual value", "Whether or not to meet expectations");

    /**
     * What is wrong with an expected indicator against its quoted line: the line must be, character for character, its
     * scene, its index, the expected value and the actual one as printed (each with its unit), and whether the actual
     * met the expected ("Yes" when a time is no longer or a rate no lower); its columns' titles must stand above it in
     * that order; and its actual value must be the figure the seed printed for its pair and case in the tables.
     */
    static List<String> problems(SeedFigures seed, SeedFigures.Indicator i) {
        List<String> out = new ArrayList<>();
        String quote = seed.lines().get(i.line());
        String header = seed.lines().get(i.header());
        String[] index = INDEXES.get(i.index());
        if (quote == null || header == null || i.header() >= i.line()) {
            out.add(quote == null ? "its line is not quoted" : "its column header (line " + i.header() + ") is not quoted above it");
            return out;
        }
        if (index == null || !index[0].equals(i.metric())) {
            out.add("the seed's index \"" + i.index() + "\" is not " + i.metric() + " (indexes: " + INDEXES.keySet() + ")");
            return out;
        }
        int at = 0;
        for (String title : INDICATOR_COLUMNS) {
            int next = header.indexOf(title, at);
            if (next < 0) {
                out.add("its column header \"" + header + "\" does not title " + INDICATOR_COLUMNS + " in that order");
                break;
            }
            at = next + title.length();
        }
        boolean met = i.metric().equals(SeedFigures.OPS) ? i.actual().compareTo(i.expected()) >= 0 : i.actual().compareTo(i.expected()) <= 0;
        String line = i.scene() + i.index() + i.expected().toPlainString() + index[1] + i.actual().toPlainString() + index[1]
                + (met ? "Yes" : "No");
        if (!line.equals(quote)) {
            out.add("it reads \"" + line + "\", and the line is \"" + quote + "\"");
        }
        if (!i.caseName().equals(seed.labels().get(i.scene()))) {
            out.add("the seed's scene \"" + i.scene() + "\" is not labelled as the case " + i.caseName());
        }
        double figure = seed.value(i.pair(), i.caseName(), i.metric());
        if (Double.isNaN(figure) || new BigDecimal(Double.toString(figure)).compareTo(i.actual()) != 0) {
            out.add("its actual " + i.actual().toPlainString() + " is not the seed's " + i.metric() + " for " + i.pair() + " " + i.caseName()
                    + " (" + (Double.isNaN(figure) ? "none" : BigDecimal.valueOf(figure).stripTrailingZeros().toPlainString()) + ")");
        }
        return out;
    }

    /** What is wrong with one figure against its quoted line, place by place; empty when nothing is. */
    static List<String> problems(SeedFigures seed, Figure f) {
        List<String> out = new ArrayList<>();
        String quote = seed.quote(f);
        if (quote == null) {
            out.add("its line is not quoted");
            return out;
        }
        Integer heading = seed.headings().stream().filter(h -> h < f.line()).max(Integer::compare).orElse(null);
        if (heading == null || seed.headings().contains(f.line())) {
            out.add(heading == null ? "no heading stands above its line" : "its line is a heading");
            return out;
        }
        String headingText = seed.lines().get(heading);
        Integer header = seed.headers().stream().filter(h -> h > heading && h < f.line()).max(Integer::compare).orElse(null);
        if (!seed.headers().isEmpty() && header == null) {
            out.add("no column header stands between its heading (line " + heading + ") and its line");
        }
        String headerText = header == null ? null : seed.lines().get(header);
        Set<String> words = new LinkedHashSet<>();
        if (seed.flattened().isEmpty()) {
            Integer cell = placed(seed, f, quote, headerText, out);
            if (cell != null) {
                String[] cells = quote.split("\\|", -1);
                String[] titles = headingText.split("\\|", -1);
                words.add(cells.length > 1 ? cells[1].strip() : "");
                words.add(cell < titles.length ? titles[cell].strip() : "(the header has no cell " + cell + ")");
            } else {
                words.add(headingText);
                words.add(quote.strip().split("\\s+")[0]);
            }
        } else {
            Matcher m = RUN.matcher(quote);
            String run = m.find() ? m.group() : "";
            String label = quote.substring(0, quote.length() - run.length());
            words.add(headingText);
            if (!label.isEmpty()) {
                words.add(label);
            }
            unflattened(seed, f, run, out);
            if (headerText != null) {
                String titles = seed.flattened().stream().map(k -> seed.columns().getOrDefault(k, "(" + k + ": no title)"))
                        .reduce("", String::concat);
                if (!headerText.equals(titles)) {
                    out.add("its columns are titled \"" + headerText + "\", and the order its figures are read in titles them \""
                            + titles + "\"");
                }
            }
        }
        named(seed, f, words, out);
        return out;
    }

    /**
     * Each value against the number at its place, and under its column: a JMH line's number ends where its column's
     * title ends in the header above (JMH aligns both right); a cell's number is followed by its unit word ("ops/s",
     * "P99"). Gives the table cell all of them stand in, or null for a line without cells.
     */
    private static Integer placed(SeedFigures seed, Figure f, String quote, String header, List<String> out) {
        Integer cellOf = null;
        boolean cells = false;
        Set<String> used = new LinkedHashSet<>();
        for (Map.Entry<String, BigDecimal> e : f.values().entrySet()) {
            String key = e.getKey();
            String place = f.places().get(key);
            Matcher m = place == null ? null : PLACE.matcher(place);
            if (m == null || !m.matches()) {
                out.add("its " + key + " has " + (place == null ? "no place" : "the place '" + place + "', which is neither N nor C:N")
                        + " in the line");
                continue;
            }
            if (!used.add(place)) {
                out.add("its " + key + " is at " + place + ", where another of its values is");
            }
            String where = quote;
            String placeName = "number " + m.group(2);
            if (m.group(1) != null) {
                int c = Integer.parseInt(m.group(1));
                String[] split = quote.split("\\|", -1);
                if (c < 2 || c >= split.length) {
                    out.add("its " + key + " is in cell " + c + ", and the line's figures are in cells 2 to " + (split.length - 2));
                    continue;
                }
                if (cellOf != null && cellOf != c) {
                    out.add("its values stand in two cells, " + cellOf + " and " + c);
                }
                cellOf = c;
                cells = true;
                where = split[c];
                placeName = "cell " + c + "'s number " + m.group(2);
            }
            List<MatchResult> numbers = NUMBER.matcher(where).results().toList();
            int n = Integer.parseInt(m.group(2));
            if (n < 1 || n > numbers.size()) {
                out.add("its " + key + " is at " + placeName + ", and there are " + numbers.size() + " numbers there");
                continue;
            }
            MatchResult number = numbers.get(n - 1);
            if (new BigDecimal(number.group()).compareTo(e.getValue()) != 0) {
                out.add("its " + key + " is " + e.getValue().toPlainString() + ", and the line has " + number.group() + " at " + placeName);
            }
            String title = seed.columns().get(key);
            if (title == null) {
                continue;
            }
            if (m.group(1) != null) {
                String after = where.substring(number.end(), n < numbers.size() ? numbers.get(n).start() : where.length());
                if (!after.contains(title)) {
                    out.add("its " + key + " at " + placeName + " is followed by \"" + after.strip() + "\", not by its unit \"" + title + "\"");
                }
            } else if (header != null) {
                int at = header.indexOf(title);
                if (at < 0 || at + title.length() != number.end()) {
                    out.add("its " + key + " at " + placeName + " does not stand under the column \"" + title + "\" of \"" + header + "\"");
                }
            }
        }
        for (String key : f.places().keySet()) {
            if (!f.values().containsKey(key)) {
                out.add("a place for " + key + ", which it has no value for");
            }
        }
        return cells ? cellOf : null;
    }

    /** A flattened row: the only plausible reading of its run of digits must give the figure's values. */
    private static void unflattened(SeedFigures seed, Figure f, String run, List<String> out) {
        if (!f.places().isEmpty()) {
            out.add("it gives places, and its seed's figures run together in the order " + seed.flattened());
        }
        for (String key : f.values().keySet()) {
            if (!seed.flattened().contains(key)) {
                out.add("its " + key + " is none of the seed's run of figures " + seed.flattened());
            }
        }
        List<String> keys = seed.flattened().stream().filter(f.values()::containsKey).toList();
        List<List<BigDecimal>> readings = new ArrayList<>();
        for (List<BigDecimal> r : readings(run, keys.size())) {
            if (plausible(seed, f, keys, r)) {
                readings.add(r);
            }
        }
        if (readings.size() != 1) {
            out.add("its line's run \"" + run + "\" reads " + (readings.isEmpty() ? "no" : readings.size()) + " plausible way"
                    + (readings.size() == 1 ? "" : "s") + " as " + keys + (readings.isEmpty() ? "" : ": " + readings));
            return;
        }
        List<BigDecimal> reading = readings.get(0);
        for (int i = 0; i < keys.size(); i++) {
            BigDecimal mine = f.values().get(keys.get(i));
            if (mine.compareTo(reading.get(i)) != 0) {
                out.add("its " + keys.get(i) + " is " + mine.toPlainString() + ", and the line reads " + reading.get(i).toPlainString()
                        + " there (" + keys + " = " + reading + ")");
            }
        }
    }

    /** Every way a run of digits splits into n numbers as a table prints them (no leading zero, one point at most). */
    static List<List<BigDecimal>> readings(String run, int n) {
        List<List<BigDecimal>> out = new ArrayList<>();
        split(run, n, new ArrayList<>(), out);
        return out;
    }

    private static void split(String rest, int n, List<BigDecimal> sofar, List<List<BigDecimal>> out) {
        if (n == 0) {
            if (rest.isEmpty()) {
                out.add(List.copyOf(sofar));
            }
            return;
        }
        for (int end = 1; end <= rest.length(); end++) {
            String head = rest.substring(0, end);
            if (FIELD.matcher(head).matches()) {
                sofar.add(new BigDecimal(head));
                split(rest.substring(end), n - 1, sofar, out);
                sofar.remove(sofar.size() - 1);
            }
        }
    }

    /**
     * Whether a reading can be the seed's row, by the rules a reader of a run-together row goes by: its clients
     * are the case's concurrency; min ≤ median ≤ the high percentiles ≤ max, and min ≤ mean ≤ the high percentiles;
     * mean and median within {@link #MEAN_TO_MEDIAN} of each other; the maximum within {@link #MAX_TO_TAIL} of the
     * high percentile; and the mean no higher than Little's law allows for its callers and throughput, nor lower
     * than {@link #LAW_SPREAD} below it. These rules read each of seeds 002's and 003's rows one way only (the test
     * shows it), and reject the readings that keep a row's digits and split them elsewhere.
     */
    static boolean plausible(SeedFigures seed, Figure f, List<String> keys, List<BigDecimal> reading) {
        Map<String, Double> v = new HashMap<>();
        for (int i = 0; i < keys.size(); i++) {
            v.put(keys.get(i), reading.get(i).doubleValue());
        }
        int at = f.caseName().indexOf(" @");
        if (v.containsKey("clients") && (at < 0 || v.get("clients") != Double.parseDouble(f.caseName().substring(at + 2)))) {
            return false;
        }
        if (!ordered(v, "min", "p50", "p99", "p99.9", "max") || !ordered(v, "min", "mean", "p99", "p99.9", "max")) {
            return false;
        }
        Double mean = v.get("mean");
        double unit = mean != null && reading.get(keys.indexOf("mean")).stripTrailingZeros().scale() <= 0 ? 1 : 0.01;
        Double p50 = v.get("p50");
        if (mean != null && p50 != null
                && (mean > MEAN_TO_MEDIAN * Math.max(p50, unit) || p50 > MEAN_TO_MEDIAN * Math.max(mean, unit))) {
            return false;
        }
        Double tail = v.containsKey("p99.9") ? v.get("p99.9") : v.get("p99");
        if (tail != null && v.containsKey("max") && v.get("max") > MAX_TO_TAIL * Math.max(tail, unit)) {
            return false;
        }
        double callers = v.getOrDefault("clients", (double) seed.callers());
        Double ops = v.get(SeedFigures.OPS);
        if (callers > 0 && mean != null && ops != null) {
            if (ops <= 0) {
                return false;
            }
            double law = callers * 1000 / ops;
            return mean <= law * LAW_ROUNDING && law <= LAW_SPREAD * Math.max(mean, unit);
        }
        return true;
    }

    private static boolean ordered(Map<String, Double> v, String... keys) {
        double last = Double.NEGATIVE_INFINITY;
        for (String k : keys) {
            Double x = v.get(k);
            if (x != null) {
                if (x < last) {
                    return false;
                }
                last = x;
            }
        }
        return true;
    }

    /** The seed's words around a figure must name its row (its pair, or the seed's row name) and its case, and nothing else. */
    private static void named(SeedFigures seed, Figure f, Set<String> words, List<String> out) {
        Set<String> named = new LinkedHashSet<>();
        for (String w : words) {
            String name = seed.labels().get(w);
            if (name == null) {
                out.add("the seed's words \"" + w + "\" around it name nothing in the suite's labels");
            } else {
                named.add(name);
            }
        }
        String who = f.row() != null ? f.row() : f.pair();
        String base = baseCase(f.caseName());
        boolean oneCase = seed.figures().stream().map(x -> baseCase(x.caseName())).distinct().count() == 1;
        if (!named.contains(who)) {
            out.add("it stands where the seed names " + named + ", not " + who);
        }
        if (!oneCase && !named.contains(base)) {
            out.add("it stands where the seed names " + named + ", not the case " + base);
        }
        named.remove(who);
        named.remove(base);
        if (!named.isEmpty()) {
            out.add("the seed's words around it also name " + named);
        }
    }

    /** What is wrong with the quoted lines against the seed's text: each must stand, verbatim, at its number. */
    public static List<String> textProblems(SeedFigures seed, List<String> seedLines) {
        List<String> out = new ArrayList<>();
        seed.lines().forEach((n, quoted) -> {
            if (n < 1 || n > seedLines.size()) {
                out.add(seed.text() + " has " + seedLines.size() + " lines, and line " + n + " is quoted: \"" + quoted + "\"");
            } else if (!seedLines.get(n - 1).equals(quoted)) {
                out.add(seed.text() + " line " + n + " is \"" + seedLines.get(n - 1) + "\", and the suite quotes it as \"" + quoted + "\"");
            }
        });
        return out;
    }

    static List<BigDecimal> numbers(String text) {
        List<BigDecimal> numbers = new ArrayList<>();
        Matcher m = NUMBER.matcher(text);
        while (m.find()) {
            numbers.add(new BigDecimal(m.group()));
        }
        return numbers;
    }

    private static String baseCase(String caseName) {
        int at = caseName.indexOf(" @");
        return at < 0 ? caseName : caseName.substring(0, at);
    }
}
