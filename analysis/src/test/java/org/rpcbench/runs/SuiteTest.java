package org.rpcbench.runs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The suites as data: every one reads, names only pairs this checkout has, and carries the seed's figures. */
class SuiteTest {
    static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    @Test
    void everySuiteReadsAndNamesOnlyKnownPairs() throws Exception {
        Pairs known = Pairs.of(ROOT);
        assertThat(Suite.names()).contains("seed-000", "seed-001", "seed-002-004", "seed-003", "all");
        for (String name : Suite.names()) {
            Suite s = Suite.named(name);
            assertThat(s.rows(known)).as(name).isNotEmpty().allMatch(r -> known.has(r.pair()));
            assertThat(s.concurrency()).as(name).isNotEmpty();
            assertThat(s.cases()).as(name).allMatch(c -> org.rpcbench.cases.Case.named(c) != null);
        }
        assertThat(Suite.named("all").pairs(known)).containsExactlyElementsOf(known.names());
    }

    @Test
    void aSeedsOwnFiguresComeWithItsSuite() {
        Suite s = Suite.named("seed-001");
        assertThat(s.cases()).containsExactly("createUser", "existUser", "getUser", "listUser");
        assertThat(s.seed().figure("dubbo-hessian", "listUser")).isEqualTo(3590.129);
        assertThat(s.seed().ratio("dubbo-kryo", "listUser")).isCloseTo(17234.979 / 3590.129, org.assertj.core.api.Assertions.within(1e-9));
        assertThat(s.seed().figure("dubbo-hessian", "ping")).isNaN();
        assertThat(Suite.named("seed-002-004").fullConcurrency()).containsExactly(100, 500, 1000, 2000, 5000);
    }

    @Test
    void seed002CountsAMillionCallsAndItsSweepCarriesTheSeedsFigures() {
        Suite s = Suite.named("seed-002");
        assertThat(s.pairs()).containsExactly("teleport", "grpc-go", "rpcx");
        assertThat(s.callsOption(Profile.QUICK)).isEqualTo(" --calls 1000000");
        assertThat(s.callsOption(Profile.SMOKE)).isEqualTo(" --calls 10000");
        assertThat(s.seed().figure("rpcx", "say @500")).isEqualTo(42025);
        assertThat(Suite.named("seed-001").callsOption(Profile.QUICK)).as("a timed suite").isEmpty();
        assertThat(Suite.named("seed-002-004").pairs()).contains("grpc-go", "rpcx");
    }

    @Test
    void seeds002And004GiveEachCallerItsOwnConnectionAsTheirClientsDidAndTheOthersShareOne() {
        assertThat(Suite.named("seed-002").clientOptions(Profile.SMOKE)).isEqualTo(" --calls 10000 --connections per-caller");
        assertThat(Suite.named("seed-002-004").clientOptions(Profile.QUICK)).isEqualTo(" --connections per-caller");
        assertThat(Suite.named("seed-000").clientOptions(Profile.QUICK)).as("the design card's one connection").isEmpty();
        for (String name : Suite.names()) {
            assertThat(Suite.named(name).connections()).as(name).isIn(null, "shared", "per-caller");
        }
    }

    @Test
    void aSweepSuiteKeepsItsSweepTableAtOneChosenConcurrency() {
        assertThat(Suite.named("seed-002-004").sweep(java.util.List.of(8))).isTrue();
        assertThat(Suite.named("seed-000").sweep(java.util.List.of(8))).isFalse();
        assertThat(Suite.named("seed-000").sweep(java.util.List.of(8, 16))).isTrue();
    }

    /**
     * The seed's concurrency scene: the server's work per call (not an echo), 20 callers, on the seed's pairs that
     * call the contract's Java interface (the IDL pairs do not carry assemble1K).
     */
    @Test
    void seed003sConcurrencySceneIsTheServersWorkAtTwentyCallersOnTheJavaInterfacesPairs() {
        Suite s = Suite.named("seed-003-concurrency");
        assertThat(s.cases()).containsExactly("assemble1K");
        assertThat(s.concurrency()).containsExactly(20);
        assertThat(s.serverThreads()).isTrue();
        assertThat(s.pairs()).containsExactly("dubbo27-hessian", "dubbo-hessian", "rmi", "hessian-http", "http-json");
    }

    /** Seed 000 as the seed ran it: its 3.0 rows on Dubbo 3.0 (Triple + protobuf on the closest that runs it), today's beside. */
    @Test
    void seed000RunsTheSeedsReleasesWithTodaysBesideAndTheSeedsFiguresOnTheSeedsRows() throws Exception {
        Suite s = Suite.named("seed-000");
        assertThat(s.rows(Pairs.of(ROOT))).extracting(org.rpcbench.analysis.VersionedPair::label).containsExactly("dubbo27-hessian",
                "dubbo-hessian 3.0.15", "dubbo-protobuf 3.0.15", "triple-protobuf 3.1.11", "triple-hessian 3.0.15", "dubbo-hessian",
                "dubbo-protobuf", "triple-protobuf", "triple-hessian");
        assertThat(s.ownReleases()).isTrue();
        assertThat(s.seed().reference()).isEqualTo("dubbo-hessian@3.0.15");
        assertThat(s.seed().figure("dubbo-hessian@3.0.15", "listUser")).isEqualTo(2037);
        assertThat(s.seed().figure("dubbo-hessian", "listUser")).as("the seed never ran 3.3.6").isNaN();
        assertThat(s.seed().figures()).extracting(f -> f.pair()).allMatch(p -> p.equals("dubbo27-hessian") || p.contains("@"));
        assertThat(s.notes()).containsOnlyKeys("triple-protobuf@3.1.11");
        assertThat(s.notes().get("triple-protobuf@3.1.11")).contains("cannot run on Dubbo 3.0.15");
        assertThat(Suite.named("seed-001").ownReleases()).isFalse();
    }

    /**
     * Seed 001 on the Dubbo it ran, with today's beside: its Hessian2 row on Dubbo 2.7.9 (apache/dubbo-benchmark's
     * release from April 2021 to September 2022), built with that release; the seed's rows no pair here runs on their era
     * stay the seed's only; today's five rows carry no seed figure, so no era's figure stands beside another's row.
     */
    @Test
    void seed004ErasRunsTheSeedsThriftGrpcAndMotanReleasesEachBesideTodaysAndSaysWhyEachDoesNotBuild() throws Exception {
        Suite s = Suite.named("seed-004-eras");
        List<org.rpcbench.analysis.VersionedPair> rows = s.rows(Pairs.of(ROOT));
        assertThat(rows).extracting(org.rpcbench.analysis.VersionedPair::label).containsExactly("thrift 0.9.3", "thrift",
                "grpc-protobuf 1.0.0", "grpc-protobuf", "motan 0.2.1", "motan", "dubbo-protobuf");
        assertThat(rows).extracting(org.rpcbench.analysis.VersionedPair::mavenOption).containsExactly("-Dlibthrift.version=0.9.3", null,
                "-Dgrpc.version=1.0.0", null, "-Dmotan.version=0.2.1", null, null);
        assertThat(rows).extracting(org.rpcbench.analysis.VersionedPair::buildName).as("each era built apart")
                .containsExactly("libthrift-0.9.3", null, "grpc-java-1.0.0", null, "motan-0.2.1", null, null);
        Suite seed = Suite.named("seed-002-004");
        assertThat(s.cases()).isEqualTo(seed.cases());
        assertThat(s.concurrency()).isEqualTo(seed.concurrency());
        assertThat(s.fullConcurrency()).isEqualTo(seed.fullConcurrency());
        assertThat(s.connections()).isEqualTo(seed.connections());
        // every era row, and the pair whose era has none, says why in one line
        assertThat(s.notes()).containsOnlyKeys("thrift@0.9.3", "grpc-protobuf@1.0.0", "motan@0.2.1", "dubbo-protobuf");
        assertThat(s.notes().values()).allMatch(n -> !n.contains("\n"));
        assertThat(s.notes().get("thrift@0.9.3")).contains("does not build", "org.apache.thrift.annotation");
        assertThat(s.notes().get("grpc-protobuf@1.0.0")).contains("does not build", "grpc-bom:pom:1.0.0");
        assertThat(s.notes().get("motan@0.2.1")).contains("does not build", "StandardThreadExecutor");
        assertThat(s.notes().get("dubbo-protobuf")).contains("2.5.4-SNAPSHOT", "not on Central");
    }

    @Test
    void seed001ErasRunsTheSeedsHessian2OnDubbo279BesideTodaysFiveAndPlansItsBuild() throws Exception {
        Suite s = Suite.named("seed-001-eras");
        List<org.rpcbench.analysis.VersionedPair> rows = s.rows(Pairs.of(ROOT));
        assertThat(rows).extracting(org.rpcbench.analysis.VersionedPair::label).containsExactly("dubbo27-hessian 2.7.9", "dubbo-kryo",
                "dubbo-fst", "dubbo-hessian", "dubbo-fastjson", "triple-protobuf");
        assertThat(rows.get(0).mavenOption()).as("built with the seed's release").isEqualTo("-Ddubbo27.version=2.7.9");
        assertThat(rows.subList(1, rows.size())).allMatch(r -> r.mavenOption() == null);
        assertThat(s.ownReleases()).isTrue();
        assertThat(s.cases()).isEqualTo(Suite.named("seed-001").cases());
        assertThat(s.seed().reference()).isEqualTo("dubbo27-hessian@2.7.9");
        assertThat(s.seed().figure("dubbo27-hessian@2.7.9", "listUser")).isEqualTo(3590.129);
        assertThat(s.seed().figures()).extracting(f -> f.pair()).allMatch(p -> p == null || p.equals("dubbo27-hessian@2.7.9"));
        assertThat(s.seed().unpairedRows()).containsExactly("Kryo on Dubbo 2.7.9", "FST on Dubbo 2.7.9", "FastJson on Dubbo 2.7.9",
                "Triple on Dubbo 3.0.0.preview");
        assertThat(s.seed().ratio("dubbo-kryo", "listUser")).as("today's rows are not the seed's").isNaN();
        // the same seed lines as seed-001, each figure the same value
        Suite today = Suite.named("seed-001");
        assertThat(s.seed().lines()).isEqualTo(today.seed().lines());
        assertThat(s.seed().figures()).extracting(f -> f.values()).isEqualTo(today.seed().figures().stream().map(f -> f.values()).toList());
        assertThat(s.notes()).containsOnlyKeys("dubbo27-hessian@2.7.9");
    }

    /** The version matrix: a suite's rows on each release given, a row per pair and release, rows of their own as they are. */
    @Test
    void aSuiteOnReleasesRunsEachOfItsPairsOnEachReleaseAndDropsFiguresThatWereForOtherRows() throws Exception {
        Suite matrix = Suite.named("dubbo-versions").onReleases(java.util.List.of("3.0.15", "3.2.18", "3.3.6"));
        assertThat(matrix.pairs()).containsExactly("dubbo-hessian@3.0.15", "dubbo-hessian@3.2.18", "dubbo-hessian@3.3.6");
        assertThat(matrix.cases()).containsExactly("createUser", "existUser", "getUser", "listUser");
        assertThat(matrix.title()).endsWith(", on Dubbo 3.0.15, 3.2.18, 3.3.6");
        assertThat(Suite.named("dubbo-versions").pairs()).as("without releases: the build's").containsExactly("dubbo-hessian");

        Suite seed = Suite.named("seed-000").onReleases(java.util.List.of("3.0.15"));
        assertThat(seed.pairs()).containsExactly("dubbo27-hessian@3.0.15", "dubbo-hessian@3.0.15", "dubbo-protobuf@3.0.15",
                "triple-protobuf@3.1.11", "triple-hessian@3.0.15", "triple-protobuf@3.0.15");
        assertThat(seed.seed()).isNull();
        assertThat(seed.notes()).isEmpty();
        assertThatThrownBy(() -> Suite.named("all").onReleases(java.util.List.of("3.0.15"))).hasMessageContaining("runs every pair");
    }

    static Suite suite(java.util.List<String> pairs, java.util.Map<String, String> notes) {
        return new Suite("t", "t", "t", pairs, java.util.List.of("getUser"), java.util.List.of(32), java.util.List.of(32), 0, false,
                false, null, null, notes);
    }

    @Test
    void aSuiteWithARowTwiceABadReleaseOrANoteForNoRowDoesNotRead() throws Exception {
        assertThatThrownBy(() -> suite(java.util.List.of("dubbo-hessian@3.0.15", "dubbo-hessian@3.0.15"), java.util.Map.of()))
                .hasMessageContaining("names a row twice");
        assertThatThrownBy(() -> suite(java.util.List.of("dubbo-hessian@3.x"), java.util.Map.of()))
                .hasMessageContaining("'dubbo-hessian@3.x' is neither PAIR nor PAIR@RELEASE of a Dubbo release");
        assertThatThrownBy(() -> suite(java.util.List.of("dubbo-hessian"), java.util.Map.of("dubbo-hessian@3.0.15", "why")))
                .hasMessageContaining("a note for 'dubbo-hessian@3.0.15', which is none of its pairs");
        assertThatThrownBy(() -> suite(java.util.List.of("no-such-pair@3.0.15"), java.util.Map.of()).rows(Pairs.of(ROOT)))
                .hasMessageContaining("a pair this checkout lacks: no-such-pair");
        assertThat(suite(java.util.List.of("dubbo-hessian@3.0.15", "dubbo-hessian"), java.util.Map.of()).pairs(Pairs.of(ROOT)))
                .containsExactly("dubbo-hessian@3.0.15", "dubbo-hessian");
    }

    @Test
    void anAbOfASuiteWithRowsOnReleasesOfTheirOwnIsRefusedInOneLine() {
        assertThatThrownBy(() -> Target.of(Checkout.at(ROOT), java.util.List.of("suite", "seed-000"), "ab"))
                .isInstanceOf(org.rpcbench.cli.UsageException.class)
                .hasMessageStartingWith("ab compares two builds of each pair, and the suite seed-000 builds some rows on Dubbo releases"
                        + " of their own (dubbo-hessian@3.0.15, dubbo-protobuf@3.0.15, triple-protobuf@3.1.11, triple-hessian@3.0.15)")
                .hasMessageNotContaining("\n");
    }

    @Test
    void anUnknownSuiteIsNamed() {
        assertThatThrownBy(() -> Suite.named("seed-999")).hasMessageStartingWith("unknown suite 'seed-999'; suites: seed-000");
    }

    @Test
    void everyPairIsDeclaredOnceWithItsRuntimeAndPort() throws Exception {
        Pairs known = Pairs.of(ROOT);
        assertThat(known.names()).contains("dubbo-hessian", "dubbo-kryo", "triple-protobuf");
        for (String pair : known.names()) {
            assertThat(known.declaration(pair).getProperty("pair.runtime")).as(pair).isIn("java", "go");
            assertThat(known.declaration(pair).getProperty("pair.port")).as(pair).matches("[0-9]+");
        }
        assertThat(known.declaration("dubbo-kryo").getProperty("pair.jvm.add-opens")).contains("java.base/java.util");
    }
}
