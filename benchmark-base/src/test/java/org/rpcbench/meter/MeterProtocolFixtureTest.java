package org.rpcbench.meter;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The meter protocol's answers written down for the Go client to be checked against (go/meter/client_test.go reads
 * the same file): a hello, a reading with threads and one of nothing. This test makes sure they are what this side
 * reads and writes, so that a Go client reading them reads a Java server's meter.
 */
class MeterProtocolFixtureTest {
    static final Path FILE = Path.of("src", "test", "resources", "meter", "meter-answers.txt");

    @Test
    void theFixturesAnswersAreWhatThisSideReadsAndWrites() throws Exception {
        try (InputStream in = new ByteArrayInputStream(Files.readAllBytes(FILE))) {
            List<String> hello = MeterProtocol.readAnswer(in);
            NodeIdentity who = MeterProtocol.parseHello(hello);
            assertThat(who).isEqualTo(new NodeIdentity("node-7", "Intel(R) Xeon(R) CPU E5-2680 v4 @ 2.40GHz", 8, 4242, "java"));
            assertThat(MeterProtocol.hello(who)).isEqualTo(hello);

            List<String> read = MeterProtocol.readAnswer(in);
            ProcessReading r = MeterProtocol.parseReading(read);
            assertThat(r.cpuNanos()).isEqualTo(1_500_000_000L);
            assertThat(r.threads().tasks()).containsEntry(31L, new ThreadTimes.Task("C2 CompilerThread0", ThreadKind.JIT, 900))
                    .containsEntry(12L, new ThreadTimes.Task("DubboServerHandler-1 thread 2", ThreadKind.SERVICE, 1_000_000)).hasSize(3);
            // the threads' lines in any order: a map's
            assertThat(MeterProtocol.reading(r, MeterProtocol.parseJit(List.of(read.get(4), "end")))).containsExactlyInAnyOrderElementsOf(read)
                    .startsWith(read.subList(0, 6).toArray(String[]::new)).endsWith("end");

            List<String> nothing = MeterProtocol.readAnswer(in);
            ProcessReading unknown = MeterProtocol.parseReading(nothing);
            assertThat(unknown.threads()).isNull();
            assertThat(MeterProtocol.reading(unknown, -1)).isEqualTo(nothing);
            assertThat(MeterProtocol.readLine(in)).isNull();
        }
    }
}
