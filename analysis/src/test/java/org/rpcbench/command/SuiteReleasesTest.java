package org.rpcbench.command;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rpcbench.analysis.VersionedPair;
import org.rpcbench.record.Records;
import org.rpcbench.record.RunRecord;
import org.rpcbench.report.Runs;

/** A suite's rows on releases of their own: a run that recorded another release than its row's is a failure, said. */
class SuiteReleasesTest {
    @TempDir
    Path dir;

    Path write(String key, String release) throws Exception {
        RunRecord r = Runs.withFramework(Runs.run("dubbo-hessian", "hessian2", List.of(Runs.closedCase("getUser", 1000, 2.0))),
                Map.of("protocol", "dubbo", "serialization", "hessian2", "frameworkVersion", release));
        Path run = dir.resolve(key);
        Records.write(r, run.resolve("run.json"));
        return run;
    }

    @Test
    void aRunOfAnotherReleaseThanItsRowsIsNamedAndTheOthersPass() throws Exception {
        List<VersionedPair> rows = List.of(VersionedPair.parse("dubbo-hessian@3.0.15"), VersionedPair.parse("dubbo-protobuf@3.0.15"),
                VersionedPair.parse("dubbo-hessian"));
        List<Path> runs = List.of(write("dubbo-hessian@3.0.15", "3.0.15"), write("dubbo-protobuf@3.0.15", "3.3.6"),
                write("dubbo-hessian", "3.3.6"));
        assertThat(SuiteCommand.wrongReleases(rows, dir, runs))
                .containsExactly("dubbo-protobuf@3.0.15 ran framework version 3.3.6, not Dubbo 3.0.15");
        assertThat(SuiteCommand.wrongReleases(rows, dir, runs.subList(0, 1))).isEmpty();
    }

    @Test
    void eachReleaseIsBuiltInADirectoryOfItsOwnApartFromTheRowsRuns() {
        assertThat(VersionedPair.parse("dubbo-hessian@3.0.15").buildName()).isEqualTo("dubbo-3.0.15")
                .isNotEqualTo(VersionedPair.parse("dubbo-hessian@3.0.15").key())
                .isEqualTo(VersionedPair.parse("dubbo-protobuf@3.0.15").buildName());
        assertThat(VersionedPair.parse("thrift@0.9.3").buildName()).isEqualTo("libthrift-0.9.3");
        assertThat(VersionedPair.parse("motan@1.0.0").buildName()).as("one number, two frameworks: two builds")
                .isNotEqualTo(VersionedPair.parse("grpc-protobuf@1.0.0").buildName());
        assertThat(VersionedPair.parse("thrift").buildName()).isNull();
    }

    @Test
    void aRunOfAnotherFrameworksReleaseNamesThatFramework() throws Exception {
        List<VersionedPair> rows = List.of(VersionedPair.parse("thrift@0.9.3"));
        assertThat(SuiteCommand.wrongReleases(rows, dir, List.of(write("thrift@0.9.3", "0.17.0"))))
                .containsExactly("thrift@0.9.3 ran framework version 0.17.0, not libthrift 0.9.3");
    }
}
