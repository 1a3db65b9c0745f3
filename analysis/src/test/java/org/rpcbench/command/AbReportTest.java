package org.rpcbench.command;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rpcbench.runs.Interleaved;

/**
 * ab --report and calibrate --report of a stored run that cannot be read: bad input, one line, exit 2; never 1,
 * which says "slower" or "failed".
 */
class AbReportTest {
    @TempDir
    Path dir;

    final Captured cli = new Captured();

    int report() {
        return cli.run("ab", "--report", dir.toString());
    }

    @Test
    void aStoredRunWhoseRecordCannotBeReadIsExitTwoInOneLine() throws Exception {
        Files.writeString(dir.resolve(AbCommand.PLAN), "{\"pairs\":[\"dubbo-hessian\"],\"baseline\":\"b\",\"candidate\":\"c\",\"aa\":false}");
        Path round = Files.createDirectories(dir.resolve("rounds/r01"));
        Files.writeString(round.resolve(Interleaved.OUTCOMES), "[{\"arm\":\"baseline\",\"pair\":\"dubbo-hessian\",\"exit\":0,\"failures\":[]}]");
        Path record = Files.createDirectories(round.resolve("baseline-dubbo-hessian")).resolve("run.json");
        Files.writeString(record, "{\"binding\":\"dubbo-hessian\",\"schema\":99}");
        assertThat(report()).isEqualTo(2);
        assertThat(cli.err().lines()).containsExactly("benchmark.sh: --report " + dir
                + ": cannot read the run record " + record + ": its schema is 99, newer than the 2 this rpc-bench reads (read it"
                + " with the rpc-bench that wrote it)");

        Files.writeString(record, "{\"binding\":\"dubbo-hessian\",\"schema\":2}");
        assertThat(report()).isEqualTo(2);
        assertThat(cli.err().lines()).singleElement().asString().endsWith("it lacks cases, environment, jmh");

        Files.writeString(dir.resolve(AbCommand.PLAN), "{\"pairs\":");
        assertThat(report()).isEqualTo(2);
        assertThat(cli.err().lines()).singleElement().asString().startsWith("benchmark.sh: --report " + dir);
        Files.writeString(dir.resolve(AbCommand.PLAN), "{}");
        assertThat(report()).isEqualTo(2);
        assertThat(cli.err().lines()).singleElement().asString().endsWith("it names no pair");
    }

    @Test
    void aStoredCalibrationThatCannotBeReadIsExitTwoInOneLine() throws Exception {
        assertThat(cli.run("calibrate", "--report", dir.toString())).isEqualTo(2);
        assertThat(cli.err().lines()).singleElement().asString()
                .isEqualTo("benchmark.sh: --report needs the directory of an earlier calibrate (with " + CalibrateCommand.PLAN + "), not " + dir);
        Files.writeString(dir.resolve(CalibrateCommand.PLAN), "{\"pair\":");
        assertThat(cli.run("calibrate", "--report", dir.toString())).isEqualTo(2);
        assertThat(cli.err().lines()).singleElement().asString().startsWith("benchmark.sh: --report " + dir + ": ");
        Files.writeString(dir.resolve(CalibrateCommand.PLAN), "{}");
        assertThat(cli.run("calibrate", "--report", dir.toString())).isEqualTo(2);
        assertThat(cli.err().lines()).singleElement().asString().endsWith("it lacks the pair, the costs or their sizing");
    }
}
