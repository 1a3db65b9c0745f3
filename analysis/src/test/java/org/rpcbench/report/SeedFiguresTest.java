package org.rpcbench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.rpcbench.report.SeedFigures.Figure;
import org.rpcbench.runs.Suite;

/**
 * Every seed figure a suite prints beside ours is held against the seed's own text: the line it was read
 * from must be in the seed, each figure in that line (in the cell of its row and column, under its heading,
 * or, for a table whose separators were lost, running together at the line's end in the table's column
 * order). The seeds are the project's shared documents, at ../shared/seeds beside the checkout; where they
 * are absent the text half is skipped, except under CI (CI=true), where it fails.
 */
class SeedFiguresTest {
    static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Pattern NUMBER = Pattern.compile("\\d+(?:\\.\\d+)?");

    @Test
    void everyFigureIsInItsQuotedLineAndEveryQuotedLineIsInItsSeed() throws IOException {
        Path seeds = seedsDir();
        if (seeds == null) {
            String why = "the seeds are not at ../shared/seeds beside the checkout (nor above it), nor in RPCBENCH_SEEDS";
            if ("true".equals(System.getenv("CI"))) {
                fail(why + ": under CI they must be");
            }
            Assumptions.abort(why + ": the seed figures' transcription is not checked here");
        }
        List<String> problems = new ArrayList<>();
        int checked = 0;
        for (String name : Suite.names()) {
            SeedFigures seed = Suite.named(name).seed();
            if (seed == null) {
                continue;
            }
            assertThat(seed.text()).as(name + " names its seed's file").isNotNull();
            Path file = seeds.resolve(seed.text());
            assertThat(file).as(name).exists();
            problems.addAll(problems(seed, Files.readString(file, StandardCharsets.UTF_8)).stream().map(p -> name + ": " + p).toList());
            checked += seed.figures().size();
        }
        assertThat(problems).isEmpty();
        assertThat(checked).isEqualTo(15 + 20 + 9 + 16);
    }

    @Test
    void aWrongDigitOrAFigureInTheWrongCellIsCaught() {
        String text = "## teleport\n\n10011300850002\n50011106702944942\n## gRPC\n100325501433089\n\n"
                + "|   | **A** | **B** |\n| --- | --- | --- |\n| **row one** | 30333 ops/s<br />2.5ms P99 | 30414 ops/s<br />2.4ms P99 |\n";
        List<String> order = List.of("clients", "mean", "p50", "max", "min", "p99.9", "opsPerSecond");
        SeedFigures right = new SeedFigures("s", "x", null, "t", order, List.of(
                flat("teleport", "## teleport", "10011300850002", 100, 1, 1, 30, 0, 8, 50002),
                flat("grpc-go", "## gRPC", "100325501433089", 100, 3, 2, 55, 0, 14, 33089)));
        assertThat(problems(right, text)).isEmpty();
        SeedFigures misread = new SeedFigures("s", "x", null, "t", order, List.of(
                flat("teleport", "## teleport", "10011300850002", 100, 1, 1, 30, 0, 8, 85000)));
        assertThat(problems(misread, text)).singleElement().asString().contains("85000");
        SeedFigures wrongSection = new SeedFigures("s", "x", null, "t", order, List.of(
                flat("teleport", "## gRPC", "10011300850002", 100, 1, 1, 30, 0, 8, 50002),
                flat("grpc-go", "## teleport", "100325501433089", 100, 3, 2, 55, 0, 14, 33089)));
        assertThat(problems(wrongSection, text)).hasSize(2);
        SeedFigures notInSeed = new SeedFigures("s", "x", null, "t", order, List.of(
                flat("teleport", "## teleport", "10011300850003", 100, 1, 1, 30, 0, 8, 50003)));
        assertThat(problems(notInSeed, text)).singleElement().asString().contains("not in the seed");

        Figure inB = cell("**B**", "30414 ops/s<br />2.4ms P99", 30414, "2.4");
        assertThat(problems(new SeedFigures("s", "x", null, "t", List.of(), List.of(inB)), text)).isEmpty();
        Figure claimedA = cell("**A**", "30414 ops/s<br />2.4ms P99", 30414, "2.4");
        assertThat(problems(new SeedFigures("s", "x", null, "t", List.of(), List.of(claimedA)), text)).singleElement()
                .asString().contains("column");
        Figure wrongP99 = cell("**B**", "30414 ops/s<br />2.4ms P99", 30414, "2.5");
        assertThat(problems(new SeedFigures("s", "x", null, "t", List.of(), List.of(wrongP99)), text)).singleElement()
                .asString().contains("2.5");
    }

    @Test
    void theSuitesCarryEverySeedFigure() {
        SeedFigures s000 = Suite.named("seed-000").seed();
        assertThat(s000.figures()).hasSize(15).allMatch(f -> f.values().keySet().equals(Set.of("opsPerSecond", "p99")));
        assertThat(s000.value("dubbo-protobuf@3.0.15", "getUser", "p99")).isEqualTo(3.0);
        assertThat(Suite.named("seed-001").seed().figures()).hasSize(20);
        assertThat(Suite.named("seed-001").seed().figure("dubbo-kryo", "createUser")).isEqualTo(20913.339);

        SeedFigures s002 = Suite.named("seed-002").seed();
        assertThat(s002.figures()).hasSize(9).allMatch(f -> f.values().keySet().equals(Set.copyOf(s002.flattened())));
        assertThat(s002.figure("teleport", "say @100")).isEqualTo(50002);
        assertThat(s002.figure("teleport", "say @500")).isEqualTo(44942);
        assertThat(s002.figure("grpc-go", "say @100")).isEqualTo(33089);
        assertThat(s002.value("rpcx", "say @1000", "p99.9")).isEqualTo(144);
        assertThat(s002.latency()).contains("99.9th percentile");

        SeedFigures s003 = Suite.named("seed-003").seed();
        assertThat(s003.figures()).hasSize(16);
        Map<String, Long> perCase = s003.figures().stream().collect(Collectors.groupingBy(Figure::caseName, Collectors.counting()));
        assertThat(perCase).containsOnly(Map.entry("echoPojo", 4L), Map.entry("echo1K", 4L), Map.entry("echo50K", 4L),
                Map.entry("echo200K", 4L));
        assertThat(s003.figure("dubbo27-hessian", "echoPojo")).isEqualTo(11994);
        assertThat(s003.figure("dubbo27-hessian", "echo1K")).isEqualTo(14402);
        assertThat(s003.value("http-json", "echo1K", "mean")).isEqualTo(1.04);
        assertThat(s003.unpairedRows()).containsExactly("Dubbo 1 (hessian2 + mina)", "Dubbo 2 (dubbo serialization + netty)");

        for (String name : Suite.names()) {
            Suite suite = Suite.named(name);
            if (suite.seed() == null) {
                continue;
            }
            for (Figure f : suite.seed().figures()) {
                assertThat(f.pair() == null ? f.row() : f.pair()).as(name + ": who a figure is for").isNotNull();
                if (f.pair() != null) {
                    assertThat(suite.pairs()).as(name).contains(f.pair());
                }
                assertThat(suite.cases()).as(name).contains(f.caseName().replaceFirst(" @.*", ""));
                if (f.caseName().contains(" @")) {
                    assertThat(suite.concurrency()).as(name).contains(Integer.parseInt(f.caseName().replaceFirst(".* @", "")));
                }
            }
            assertThat(suite.seed().figures()).as(name + ": the reference has figures")
                    .anyMatch(f -> suite.seed().reference().equals(f.pair()));
        }
    }

    /** What is wrong with a seed's figures against its text: one line each, empty when every digit is there. */
    static List<String> problems(SeedFigures seed, String text) {
        List<String> lines = text.lines().toList();
        Set<String> sections = seed.figures().stream().map(Figure::section).filter(s -> s != null).collect(Collectors.toSet());
        List<String> problems = new ArrayList<>();
        for (Figure f : seed.figures()) {
            String where = f.who() + " " + f.caseName() + " (\"" + f.quote() + "\")";
            int at = lineOf(lines, f, sections);
            if (at < 0) {
                problems.add(where + ": the quoted line is not in the seed" + (f.section() == null ? "" : " under \"" + f.section() + "\"")
                        + (f.rowLabel() == null ? "" : " in the row \"" + f.rowLabel() + "\""));
                continue;
            }
            if (f.column() != null) {
                String columnProblem = column(lines, at, f);
                if (columnProblem != null) {
                    problems.add(where + ": " + columnProblem);
                }
            }
            if (!seed.flattened().isEmpty()) {
                String run = seed.flattened().stream().filter(f.values()::containsKey).map(k -> f.values().get(k).toPlainString())
                        .collect(Collectors.joining());
                if (!f.quote().endsWith(run)) {
                    problems.add(where + ": its figures " + f.values() + " do not end the line as " + run);
                }
            } else {
                List<BigDecimal> numbers = new ArrayList<>();
                Matcher m = NUMBER.matcher(f.quote());
                while (m.find()) {
                    numbers.add(new BigDecimal(m.group()));
                }
                f.values().forEach((key, v) -> {
                    if (numbers.stream().noneMatch(n -> n.compareTo(v) == 0)) {
                        problems.add(where + ": its " + key + " " + v.toPlainString() + " is not in the quoted line");
                    }
                });
            }
        }
        return problems;
    }

    /** The line holding the quote, under its section (before the next of the seed's sections) and in its row; -1 if none. */
    private static int lineOf(List<String> lines, Figure f, Set<String> sections) {
        int from = 0;
        int to = lines.size();
        if (f.section() != null) {
            from = lines.indexOf(f.section());
            if (from < 0) {
                return -1;
            }
            for (int i = from + 1; i < lines.size(); i++) {
                if (sections.contains(lines.get(i)) && !lines.get(i).equals(f.section())) {
                    to = i;
                    break;
                }
            }
        }
        for (int i = from; i < to; i++) {
            String line = lines.get(i);
            if (line.contains(f.quote()) && (f.rowLabel() == null || line.contains(f.rowLabel()))) {
                return i;
            }
        }
        return -1;
    }

    /** Null when the quote stands in the cell of its row that the column's title heads; else what is wrong. */
    private static String column(List<String> lines, int row, Figure f) {
        int header = row;
        while (header > 0 && !(lines.get(header).startsWith("|") && header + 1 < lines.size() && lines.get(header + 1).matches("\\|[\\s|:-]+"))) {
            header--;
        }
        if (header == 0 && !lines.get(0).startsWith("|")) {
            return "no table header above it";
        }
        int quoteCell = cellOf(lines.get(row), f.quote());
        int titleCell = cellOf(lines.get(header), f.column());
        return quoteCell >= 0 && quoteCell == titleCell ? null
                : "it stands in cell " + quoteCell + " of its row, and the column \"" + f.column() + "\" is cell " + titleCell;
    }

    private static int cellOf(String line, String fragment) {
        String[] cells = line.split("\\|", -1);
        for (int i = 0; i < cells.length; i++) {
            if (cells[i].contains(fragment)) {
                return i;
            }
        }
        return -1;
    }

    /** The seeds: RPCBENCH_SEEDS, or shared/seeds beside the checkout or above it (a worktree's); null when absent. */
    static Path seedsDir() {
        String given = System.getenv("RPCBENCH_SEEDS");
        if (given != null && !given.isBlank()) {
            return Files.isDirectory(Path.of(given)) ? Path.of(given) : null;
        }
        for (Path dir = ROOT.getParent(); dir != null; dir = dir.getParent()) {
            if (Files.isDirectory(dir.resolve("shared").resolve("seeds"))) {
                return dir.resolve("shared").resolve("seeds");
            }
        }
        return null;
    }

    private static Figure flat(String pair, String section, String quote, int... values) {
        List<String> keys = List.of("clients", "mean", "p50", "max", "min", "p99.9", "opsPerSecond");
        Map<String, BigDecimal> v = new java.util.LinkedHashMap<>();
        for (int i = 0; i < values.length; i++) {
            v.put(keys.get(i), BigDecimal.valueOf(values[i]));
        }
        return new Figure(pair, null, "say @" + values[0], quote, section, null, null, v);
    }

    private static Figure cell(String column, String quote, int ops, String p99) {
        return new Figure("p", null, "ping", quote, null, "| **row one**", column,
                Map.of("opsPerSecond", BigDecimal.valueOf(ops), "p99", new BigDecimal(p99)));
    }
}
