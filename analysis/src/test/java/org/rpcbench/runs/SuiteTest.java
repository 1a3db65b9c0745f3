package org.rpcbench.runs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
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
            assertThat(s.pairs(known)).as(name).isNotEmpty().allMatch(known::has);
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
