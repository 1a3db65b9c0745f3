package org.rpcbench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.rpcbench.report.SeedFigures.Figure;
import org.rpcbench.runs.Suite;

/**
 * Every seed figure a suite prints beside ours is read back out of the seed line the suite quotes, at its place
 * (the line's N-th number, a table cell's N-th number, or its field in the only plausible reading of a row whose
 * figures run together), and the seed's words around it must name its pair and case: this half needs no seed text
 * and runs in any clone. Where the seed texts are (../shared/seeds beside the checkout, or RPCBENCH_SEEDS), each
 * quoted line must also stand verbatim at its number in its seed; under CI (CI=true) their absence fails.
 * Every kind of slip a transcription can make is made here, in memory, on the real suites, and must be caught.
 */
class SeedFiguresTest {
    static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    @Test
    void everyFigureIsWhatItsQuotedLineSaysAtItsPlace() {
        List<String> problems = new ArrayList<>();
        int checked = 0;
        for (String name : Suite.names()) {
            SeedFigures seed = Suite.named(name).seed();
            if (seed != null) {
                SeedQuotes.problems(seed).forEach(p -> problems.add(name + ": " + p));
                checked += seed.figures().size();
            }
        }
        assertThat(problems).isEmpty();
        assertThat(checked).isEqualTo(15 + 20 + 20 + 9 + 16);
    }

    @Test
    void everyQuotedLineStandsVerbatimAtItsNumberInItsSeed() throws IOException {
        Path seeds = seedsDir();
        if (seeds == null) {
            String why = "the seeds are not at ../shared/seeds beside the checkout (nor above it), nor in RPCBENCH_SEEDS";
            if ("true".equals(System.getenv("CI"))) {
                fail(why + ": under CI they must be");
            }
            Assumptions.abort(why + ": the quoted lines were checked place by place, not against the seeds' text");
        }
        List<String> problems = new ArrayList<>();
        int lines = 0;
        for (String name : Suite.names()) {
            SeedFigures seed = Suite.named(name).seed();
            if (seed == null) {
                continue;
            }
            Path file = seeds.resolve(seed.text());
            assertThat(file).as(name).exists();
            problems.addAll(SeedQuotes.textProblems(seed, Files.readString(file, StandardCharsets.UTF_8).lines().toList()).stream()
                    .map(p -> name + ": " + p).toList());
            lines += seed.lines().size();
        }
        assertThat(problems).isEmpty();
        assertThat(lines).isEqualTo(4 + 30 + 30 + 15 + 27);
        // a quoted line that the seed has elsewhere, or not at all, is caught
        SeedFigures s001 = Suite.named("seed-001").seed();
        List<String> text = Files.readString(seeds.resolve(s001.text()), StandardCharsets.UTF_8).lines().toList();
        List<String> shifted = new ArrayList<>(text);
        shifted.add(0, "");
        assertThat(SeedQuotes.textProblems(s001, shifted)).hasSize(s001.lines().size());
        List<String> misprinted = new ArrayList<>(text);
        misprinted.set(78, misprinted.get(78).replace("20913.339", "20931.339"));
        assertThat(SeedQuotes.textProblems(s001, misprinted)).singleElement().asString().contains("line 79");
    }

    @Test
    void aDroppedLeadingDigitIsCaught() {
        SeedFigures s003 = Suite.named("seed-003").seed();
        assertThat(caught(s003, "Dubbo 1 (hessian2 + mina)", "echoPojo", f -> with(f, "opsPerSecond", "813.5")))
                .anySatisfy(p -> assertThat(p).contains("10813.5"));
        assertThat(caught(Suite.named("seed-001").seed(), "dubbo-kryo", "createUser", f -> with(f, "opsPerSecond", "913.339"))).isNotEmpty();
        assertThat(caught(Suite.named("seed-000").seed(), "dubbo27-hessian", "ping", f -> with(f, "opsPerSecond", "333"))).isNotEmpty();
        assertThat(caught(Suite.named("seed-002").seed(), "teleport", "say @100", f -> with(f, "opsPerSecond", "2"))).isNotEmpty();
    }

    @Test
    void swappedColumnsAreCaught() {
        // two pairs' figures trade places in one row of seed 000's table
        SeedFigures s000 = Suite.named("seed-000").seed();
        SeedFigures swapped = swap(s000, s000.find("dubbo27-hessian", "ping"), s000.find("dubbo-hessian@3.0.15", "ping"));
        assertThat(SeedQuotes.problems(swapped)).hasSizeGreaterThanOrEqualTo(2);
        // two of a figure's values trade places: throughput and p99, a flattened row's mean and median, seed 001's score and error
        assertThat(caught(s000, "dubbo27-hessian", "ping", f -> with(with(f, "opsPerSecond", "2.5"), "p99", "30333"))).isNotEmpty();
        assertThat(caught(Suite.named("seed-002").seed(), "grpc-go", "say @100", f -> with(with(f, "mean", "2"), "p50", "3"))).isNotEmpty();
        assertThat(caught(Suite.named("seed-001").seed(), "dubbo-fst", "existUser",
                f -> with(with(f, "opsPerSecond", "12116.109"), "error", "25197.331"))).isNotEmpty();
    }

    @Test
    void aValueMovedWithItsPlaceToAnotherMetricsColumnIsCaught() {
        // seed 001's score and error trade places and values: each number is where its place says, under the wrong title
        SeedFigures s001 = Suite.named("seed-001").seed();
        assertThat(caught(s001, "dubbo-kryo", "createUser", f -> new Figure(f.pair(), f.row(), f.caseName(), f.line(),
                Map.of("opsPerSecond", "3", "error", "2"), Map.of("opsPerSecond", new BigDecimal("3948.207"), "error",
                new BigDecimal("20913.339"))))).anySatisfy(p -> assertThat(p).contains("does not stand under the column \"Score\""));
        // seed 000's throughput and P99 likewise, inside their cell
        SeedFigures s000 = Suite.named("seed-000").seed();
        assertThat(caught(s000, "dubbo27-hessian", "ping", f -> new Figure(f.pair(), f.row(), f.caseName(), f.line(),
                Map.of("opsPerSecond", "2:2", "p99", "2:1"), Map.of("opsPerSecond", new BigDecimal("2.5"), "p99", new BigDecimal("30333")))))
                .anySatisfy(p -> assertThat(p).contains("not by its unit \"ops/s\""));
        // seed 002 read in another column order (mean and median swapped), every figure swapped to match: the header disagrees
        SeedFigures s002 = Suite.named("seed-002").seed();
        List<String> order = List.of("clients", "p50", "mean", "max", "min", "p99.9", "opsPerSecond");
        List<Figure> swapped = s002.figures().stream().map(f -> {
            Map<String, BigDecimal> v = new LinkedHashMap<>(f.values());
            v.put("mean", f.values().get("p50"));
            v.put("p50", f.values().get("mean"));
            return withValues(f, v);
        }).toList();
        SeedFigures reordered = new SeedFigures(s002.source(), s002.reference(), s002.latency(), s002.text(), order, s002.callers(),
                s002.lines(), s002.headings(), s002.headers(), s002.columns(), s002.labels(), swapped);
        assertThat(SeedQuotes.problems(reordered)).filteredOn(p -> p.contains("the order its figures are read in")).hasSize(9);
    }

    @Test
    void aFigureMovedToAnotherCaseOrPairIsCaught() {
        SeedFigures s001 = Suite.named("seed-001").seed();
        Figure kryo = s001.find("dubbo-kryo", "createUser");
        assertThat(caught(s001, kryo, f -> new Figure(f.pair(), f.row(), "existUser", f.line(), f.places(), f.values())))
                .anySatisfy(p -> assertThat(p).contains("not the case existUser"));
        assertThat(caught(s001, kryo, f -> new Figure("dubbo-fst", f.row(), f.caseName(), f.line(), f.places(), f.values())))
                .anySatisfy(p -> assertThat(p).contains("not dubbo-fst"));
        // the figures of another line moved in, with the line: the line's own words say whose they are
        Figure fst = s001.find("dubbo-fst", "createUser");
        assertThat(caught(s001, kryo, f -> new Figure(f.pair(), f.row(), f.caseName(), fst.line(), fst.places(), fst.values())))
                .isNotEmpty();
        SeedFigures s000 = Suite.named("seed-000").seed();
        assertThat(caught(s000, "dubbo-protobuf@3.0.15", "getUser", f -> new Figure(f.pair(), f.row(), "listUser", f.line(), f.places(),
                f.values()))).isNotEmpty();
        assertThat(caught(s000, "dubbo-protobuf@3.0.15", "getUser", f -> new Figure("triple-protobuf@3.1.11", f.row(), f.caseName(),
                f.line(), f.places(), f.values()))).isNotEmpty();
        // a place moved to the next column, with its figure
        assertThat(caught(s000, "dubbo-protobuf@3.0.15", "getUser", f -> new Figure(f.pair(), f.row(), f.caseName(), f.line(),
                Map.of("opsPerSecond", "5:1", "p99", "5:2"), Map.of("opsPerSecond", new BigDecimal("6255"), "p99", new BigDecimal("8.9")))))
                .anySatisfy(p -> assertThat(p).contains("names [getUser, triple-protobuf@3.1.11], not dubbo-protobuf@3.0.15"));
        SeedFigures s002 = Suite.named("seed-002").seed();
        assertThat(caught(s002, "rpcx", "say @500", f -> new Figure("grpc-go", f.row(), f.caseName(), f.line(), f.places(), f.values())))
                .isNotEmpty();
        assertThat(caught(s002, "rpcx", "say @500", f -> new Figure(f.pair(), f.row(), "say @1000", f.line(), f.places(), f.values())))
                .isNotEmpty();
        SeedFigures s003 = Suite.named("seed-003").seed();
        assertThat(caught(s003, "Dubbo 2 (hessian2 + netty)", "echo1K", f -> new Figure(f.pair(), f.row(), "echo50K", f.line(), f.places(),
                f.values()))).isNotEmpty();
        assertThat(caught(s003, "HTTP (JSON)", "echo1K", f -> new Figure("dubbo27-hessian", f.row(), f.caseName(), f.line(), f.places(),
                f.values()))).anySatisfy(p -> assertThat(p).contains("more than one"));
    }

    @Test
    void aFlattenedRowSplitWronglyIsCaughtThoughItKeepsEveryDigit() {
        // 10011300850002 read as 100 1 13 0 0 8 50002 keeps the digits and their order
        SeedFigures s002 = Suite.named("seed-002").seed();
        assertThat(caught(s002, "teleport", "say @100", f -> with(with(with(f, "p50", "13"), "max", "0"), "min", "0"))).isNotEmpty();
        // 50011106702944942 as 500 11 10 67 0 29 44942 is right; as 500 1 110 670 29 44 942 is not
        assertThat(caught(s002, "teleport", "say @500", f -> values(f, "500", "1", "110", "670", "29", "44", "942"))).isNotEmpty();
        // seed 003's 119940.79 as 1199 and 40.79
        SeedFigures s003 = Suite.named("seed-003").seed();
        assertThat(caught(s003, "Dubbo 2 (hessian2 + netty)", "echoPojo", f -> with(with(f, "opsPerSecond", "1199"), "mean", "40.79")))
                .anySatisfy(p -> assertThat(p).contains("11994"));
        // each of those lines has exactly one plausible reading, and it is the carried one
        for (Figure f : s002.figures()) {
            assertThat(SeedQuotes.readings(s002.quote(f), 7).stream().filter(r -> SeedQuotes.plausible(s002, f, s002.flattened(), r)))
                    .as(s002.quote(f)).hasSize(1);
        }
    }

    @Test
    void aFigureSetToTheErrorTheCountOrTheNinetyNineOfP99IsCaught() {
        SeedFigures s001 = Suite.named("seed-001").seed();
        assertThat(caught(s001, "dubbo-kryo", "createUser", f -> with(f, "opsPerSecond", "3948.207"))).isNotEmpty();
        assertThat(caught(s001, "dubbo-kryo", "createUser", f -> with(f, "opsPerSecond", "3"))).isNotEmpty();
        // even with its place moved to the error's or the count's, the value no longer is the score
        assertThat(caught(s001, "dubbo-kryo", "createUser", f -> new Figure(f.pair(), f.row(), f.caseName(), f.line(),
                Map.of("opsPerSecond", "1", "error", "3"), f.values()))).isNotEmpty();
        SeedFigures s000 = Suite.named("seed-000").seed();
        assertThat(caught(s000, "triple-hessian@3.0.15", "getUser", f -> with(f, "p99", "99"))).isNotEmpty();
        // the 99 of "P99" is no figure: a place pointing at it finds nothing there
        assertThat(caught(s000, "triple-hessian@3.0.15", "getUser", f -> new Figure(f.pair(), f.row(), f.caseName(), f.line(),
                Map.of("opsPerSecond", "6:1", "p99", "6:3"), Map.of("opsPerSecond", new BigDecimal("6491"), "p99", new BigDecimal("99")))))
                .anySatisfy(p -> assertThat(p).contains("2 numbers there"));
        // a figure or a value left without its place
        assertThat(caught(s001, "dubbo-kryo", "createUser", f -> new Figure(f.pair(), f.row(), f.caseName(), f.line(),
                Map.of("opsPerSecond", "2"), f.values()))).anySatisfy(p -> assertThat(p).contains("no place"));
    }

    @Test
    void theSuitesCarryEverySeedFigure() {
        SeedFigures s000 = Suite.named("seed-000").seed();
        assertThat(s000.figures()).hasSize(15).allMatch(f -> f.values().keySet().equals(Set.of("opsPerSecond", "p99")));
        assertThat(s000.value("dubbo-protobuf@3.0.15", "getUser", "p99")).isEqualTo(3.0);
        SeedFigures s001 = Suite.named("seed-001").seed();
        assertThat(s001.figures()).hasSize(20).allMatch(f -> f.values().keySet().equals(Set.of("opsPerSecond", "error")));
        assertThat(s001.figure("dubbo-kryo", "createUser")).isEqualTo(20913.339);
        assertThat(s001.value("triple-protobuf", "existUser", SeedFigures.ERROR)).isEqualTo(20801.169);

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

    /** The problems of a seed with one figure (by who and case) changed: what the guard says of the slip. */
    static List<String> caught(SeedFigures seed, String who, String caseName, UnaryOperator<Figure> change) {
        Figure f = seed.figures().stream().filter(x -> (who.equals(x.who()) || who.equals(x.row())) && caseName.equals(x.caseName())).findFirst().orElseThrow();
        return caught(seed, f, change);
    }

    static List<String> caught(SeedFigures seed, Figure target, UnaryOperator<Figure> change) {
        assertThat(SeedQuotes.problems(seed)).as("the seed as carried").isEmpty();
        List<Figure> figures = seed.figures().stream().map(f -> f == target ? change.apply(f) : f).toList();
        return SeedQuotes.problems(changed(seed, figures));
    }

    private static SeedFigures swap(SeedFigures seed, Figure a, Figure b) {
        List<Figure> figures = seed.figures().stream().map(f -> f == a ? withValues(a, b.values()) : f == b ? withValues(b, a.values()) : f)
                .toList();
        return changed(seed, figures);
    }

    private static SeedFigures changed(SeedFigures seed, List<Figure> figures) {
        return new SeedFigures(seed.source(), seed.reference(), seed.latency(), seed.text(), seed.flattened(), seed.callers(), seed.lines(),
                seed.headings(), seed.headers(), seed.columns(), seed.labels(), figures);
    }

    private static Figure with(Figure f, String key, String value) {
        Map<String, BigDecimal> v = new LinkedHashMap<>(f.values());
        v.put(key, new BigDecimal(value));
        return withValues(f, v);
    }

    private static Figure withValues(Figure f, Map<String, BigDecimal> v) {
        return new Figure(f.pair(), f.row(), f.caseName(), f.line(), f.places(), v);
    }

    /** A flattened figure given all its values anew, in the seed 002 order. */
    private static Figure values(Figure f, String... values) {
        List<String> keys = List.of("clients", "mean", "p50", "max", "min", "p99.9", "opsPerSecond");
        Map<String, BigDecimal> v = new LinkedHashMap<>();
        for (int i = 0; i < values.length; i++) {
            v.put(keys.get(i), new BigDecimal(values[i]));
        }
        return withValues(f, v);
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

    /** Seed 003's expected indicators with one of them changed, as a slip in memory would change it. */
    static SeedFigures withIndicator(SeedFigures seed, int which, java.util.function.UnaryOperator<SeedFigures.Indicator> change) {
        List<SeedFigures.Indicator> all = new java.util.ArrayList<>(seed.indicators());
        all.set(which, change.apply(all.get(which)));
        return new SeedFigures(seed.source(), seed.reference(), seed.latency(), seed.text(), seed.flattened(), seed.callers(), seed.lines(),
                seed.headings(), seed.headers(), seed.columns(), seed.labels(), seed.figures(), all);
    }

    /**
     * Seed 003's expected performance indicators (its lines 27 and 28) are carried and read back like every figure: the
     * line must be their scene, index, expected and actual values as printed, in the columns' order, and the actual
     * value must be the seed's own figure for the pair and case they stand beside (Dubbo 2's hessian2 on the POJO,
     * line 61: 0.79 ms, 11994 a second; the 1k string scene printed 0.64 ms and 14402). Each slip fails.
     */
    @Test
    void seed003sExpectedIndicatorsAreTiedToTheirLinesAndToTheSeedsFigureAndEverySlipFails() {
        SeedFigures s003 = Suite.named("seed-003").seed();
        assertThat(s003.indicators()).extracting(SeedFigures.Indicator::index, i -> i.expected().toPlainString(),
                i -> i.actual().toPlainString()).containsExactly(org.assertj.core.groups.Tuple.tuple("Response time", "0.9", "0.79"),
                org.assertj.core.groups.Tuple.tuple("TPS", "10000", "11994"));
        assertThat(SeedQuotes.problems(s003)).isEmpty();
        java.util.function.Function<SeedFigures, List<String>> of = s -> SeedQuotes.problems(s).stream()
                .filter(p -> p.startsWith("indicator")).toList();
        BigDecimal dropped = new BigDecimal("1000");
        assertThat(of.apply(withIndicator(s003, 1, i -> new SeedFigures.Indicator(i.line(), i.header(), i.scene(), i.index(), i.metric(),
                i.pair(), i.caseName(), dropped, i.actual())))).as("a dropped digit").isNotEmpty();
        assertThat(of.apply(withIndicator(s003, 1, i -> new SeedFigures.Indicator(i.line(), i.header(), i.scene(), i.index(), i.metric(),
                i.pair(), i.caseName(), i.actual(), i.expected())))).as("expected and actual swapped").isNotEmpty();
        assertThat(of.apply(withIndicator(s003, 0, i -> new SeedFigures.Indicator(i.line(), i.header(), i.scene(), i.index(), i.metric(),
                i.pair(), "echo1K", i.expected(), i.actual())))).as("moved to the 1k string").isNotEmpty();
        assertThat(of.apply(withIndicator(s003, 0, i -> new SeedFigures.Indicator(i.line(), i.header(), i.scene(), i.index(), i.metric(),
                "http-json", i.caseName(), i.expected(), i.actual())))).as("moved to another pair").isNotEmpty();
        assertThat(of.apply(withIndicator(s003, 0, i -> new SeedFigures.Indicator(i.line(), i.header(), i.scene(), "TPS", SeedFigures.OPS,
                i.pair(), i.caseName(), i.expected(), i.actual())))).as("another metric").isNotEmpty();
        assertThat(of.apply(withIndicator(s003, 1, i -> new SeedFigures.Indicator(27, i.header(), i.scene(), i.index(), i.metric(),
                i.pair(), i.caseName(), i.expected(), i.actual())))).as("another line").isNotEmpty();
        assertThat(of.apply(withIndicator(s003, 0, i -> new SeedFigures.Indicator(i.line(), 57, i.scene(), i.index(), i.metric(),
                i.pair(), i.caseName(), i.expected(), i.actual())))).as("no header above").isNotEmpty();
    }
}
