package org.rpcbench.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rpcbench.record.RunRecord;
import org.rpcbench.report.Runs;

/** A suite's row on a Dubbo release of its own: how it is written, named, built, checked, and kept apart when compared. */
class VersionedPairTest {

    @Test
    void aPairAloneRunsOnTheBuildsReleaseAndAPairAtAReleaseOnThatRelease() {
        VersionedPair pinned = VersionedPair.parse("dubbo-hessian");
        assertThat(pinned).isEqualTo(new VersionedPair("dubbo-hessian", null));
        assertThat(pinned.key()).isEqualTo("dubbo-hessian");
        assertThat(pinned.label()).isEqualTo("dubbo-hessian");
        assertThat(pinned.mavenOption()).isNull();

        VersionedPair old = VersionedPair.parse("dubbo-hessian@3.0.15");
        assertThat(old).isEqualTo(new VersionedPair("dubbo-hessian", "3.0.15"));
        assertThat(old.key()).isEqualTo("dubbo-hessian@3.0.15");
        assertThat(old.label()).isEqualTo("dubbo-hessian 3.0.15");
        assertThat(old.mavenOption()).isEqualTo("-Ddubbo.version=3.0.15");
        assertThat(VersionedPair.parse(old.key())).isEqualTo(old);
    }

    @Test
    void aDubbo2ReleaseGoesInTheDubbo27PairsOwnProperty() {
        assertThat(VersionedPair.parse("dubbo27-hessian@2.7.22").mavenOption()).isEqualTo("-Ddubbo27.version=2.7.22");
        assertThat(VersionedPair.parse("triple-hessian@3.2.0.1").mavenOption()).isEqualTo("-Ddubbo.version=3.2.0.1");
    }

    @Test
    void thriftGrpcAndMotanGoOnTheReleaseOfTheirOwnFrameworkInItsProperty() {
        assertThat(VersionedPair.parse("thrift@0.9.3").mavenOption()).isEqualTo("-Dlibthrift.version=0.9.3");
        assertThat(VersionedPair.parse("grpc-protobuf@1.0.0").mavenOption()).isEqualTo("-Dgrpc.version=1.0.0");
        assertThat(VersionedPair.parse("motan@0.2.1").mavenOption()).isEqualTo("-Dmotan.version=0.2.1");
        assertThat(VersionedPair.parse("thrift@0.9.3").label()).isEqualTo("thrift 0.9.3");
        assertThat(VersionedPair.parse("motan@0.2.1").wrongRelease("1.2.6")).isEqualTo("motan@0.2.1 ran framework version 1.2.6, not Motan 0.2.1");
        // a Dubbo release on them, as --releases would make, is none of theirs
        for (String bad : List.of("thrift@3.0.15", "grpc-protobuf@3.3.6", "motan@2.7.23", "thrift@0.9")) {
            assertThatThrownBy(() -> VersionedPair.parse(bad)).as(bad).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("'" + bad + "'");
        }
        assertThatThrownBy(() -> new VersionedPair("thrift", "3.0.15")).hasMessageContaining("libthrift release (e.g. thrift@0.9.3)");
        assertThatThrownBy(() -> VersionedPair.parse("dubbo-hessian@0.9.3")).as("a Dubbo pair takes Dubbo releases only")
                .hasMessageContaining("Dubbo release");
    }

    @Test
    void anythingButAPairOrAPairAtADubboReleaseIsRefusedNamingIt() {
        for (String bad : List.of("dubbo-hessian@", "@3.0.15", "dubbo-hessian@latest", "dubbo-hessian@3.0", "dubbo-hessian@4.0.0",
                "dubbo-hessian@3.0.15@3.3.6", "dubbo-hessian@3.0.15-SNAPSHOT")) {
            assertThatThrownBy(() -> VersionedPair.parse(bad)).as(bad).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("'" + bad + "'");
        }
        assertThatThrownBy(() -> VersionedPair.parse(" ")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aRunCountsOnlyWhenItRanTheReleaseAskedFor() {
        VersionedPair old = VersionedPair.parse("dubbo-hessian@3.0.15");
        assertThat(old.wrongRelease("3.0.15")).isNull();
        assertThat(old.wrongRelease("3.3.6")).isEqualTo("dubbo-hessian@3.0.15 ran framework version 3.3.6, not Dubbo 3.0.15");
        assertThat(old.wrongRelease(null)).startsWith("dubbo-hessian@3.0.15 ran no recorded framework version");
        assertThat(VersionedPair.parse("dubbo-hessian").wrongRelease("3.2.18")).as("the build's own release: any").isNull();
    }

    static RunRecord on(String release, double ops) {
        RunRecord r = Runs.run("dubbo-hessian", "hessian2", List.of(Runs.closedCase("getUser", ops, 2.0)));
        return Runs.withFramework(r, Map.of("framework", "Apache Dubbo", "protocol", "dubbo", "serialization", "hessian2",
                "frameworkVersion", release));
    }

    @org.junit.jupiter.api.io.TempDir
    java.nio.file.Path dir;

    java.nio.file.Path write(String where, String release, double ops) throws Exception {
        java.nio.file.Path file = dir.resolve(where).resolve("run.json");
        org.rpcbench.record.Records.write(on(release, ops), file);
        return file;
    }

    @Test
    void aSuitesRowsOfOnePairOnTwoReleasesAreComparedApartNotAsRepeats() throws Exception {
        write("suite/dubbo-hessian@3.0.15/r1", "3.0.15", 1000);
        write("suite/dubbo-hessian@3.0.15/r2", "3.0.15", 1100);
        write("suite/dubbo-hessian/r1", "3.3.6", 2000);
        Map<PairKey, List<RunRecord>> suite = RunSets.byPair(dir.resolve("suite"));
        assertThat(suite.keySet()).containsExactlyInAnyOrder(new PairKey("dubbo-hessian", 0, "3.0.15"), new PairKey("dubbo-hessian", 0));
        assertThat(suite.get(new PairKey("dubbo-hessian", 0, "3.0.15"))).hasSize(2);
        assertThat(new PairKey("dubbo-hessian", 0, "3.0.15")).hasToString("dubbo-hessian 3.0.15");
        assertThat(RunSets.byPair(dir.resolve("suite/dubbo-hessian@3.0.15")).keySet()).as("the row's own directory")
                .containsExactly(new PairKey("dubbo-hessian", 0, "3.0.15"));

        // two releases pooled anywhere else stay one pair, so that compare refuses to pool them
        write("pooled/a", "3.0.15", 1000);
        write("pooled/b", "3.3.6", 2000);
        assertThat(RunSets.byPair(dir.resolve("pooled")).keySet()).containsExactly(PairKey.of("dubbo-hessian"));
        write("odd/dubbo-hessian@latest", "3.3.6", 2000);
        assertThat(RunSets.byPair(dir.resolve("odd")).keySet()).as("not a row's directory").containsExactly(PairKey.of("dubbo-hessian"));
    }
}
