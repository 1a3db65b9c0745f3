package org.rpcbench.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The client container's script, run by this machine's sh with a stand-in for the client: it starts the
 * client no sooner than the common start, refuses to start late, prints the record between the markers
 * (which {@link ImageContract#recordIn} reads back) and leaves with the client's exit code.
 */
class ClientScriptTest {
    @TempDir
    Path dir;

    record Ran(int exitCode, String out, String err) {}

    /** The script with its result folder in the test's own; the stand-in client is a sh command. */
    Ran run(long startAt, int late, String client) throws Exception {
        String script = ImageContract.CLIENT_SCRIPT.replace(ImageContract.RESULT_DIR, dir.resolve("results").toString());
        List<String> command = new ArrayList<>(List.of("sh", "-c", script, "rpc-bench-client", "sh", "-c", client));
        ProcessBuilder pb = new ProcessBuilder(command).redirectOutput(dir.resolve("out").toFile()).redirectError(dir.resolve("err").toFile());
        pb.environment().put(ImageContract.START_AT, Long.toString(startAt));
        pb.environment().put(ImageContract.LATE_SECONDS, Integer.toString(late));
        pb.environment().put("RESULTS", dir.resolve("results").toString());
        Process p = pb.start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("the script ended").isTrue();
        return new Ran(p.exitValue(), Files.readString(dir.resolve("out")), Files.readString(dir.resolve("err"), StandardCharsets.UTF_8));
    }

    static long now() {
        return System.currentTimeMillis() / 1000;
    }

    @Test
    void theClientStartsNoSoonerThanTheCommonStart() throws Exception {
        long start = now() + 2;
        Ran ran = run(start, 10, "date +%s > \"$RESULTS/../started\"");

        assertThat(ran.exitCode()).as(ran.err()).isZero();
        assertThat(Long.parseLong(Files.readString(dir.resolve("started")).strip())).isGreaterThanOrEqualTo(start);
    }

    @Test
    void theRecordIsPrintedBetweenTheMarkersAndTheClientsExitCodeKept() throws Exception {
        Ran ran = run(now(), 10, "echo JMH says things; printf '{\"format\": 1}\\n' > \"$RESULTS/run.json\"; mkdir \"$RESULTS/tallies\";"
                + " printf 'counts' > \"$RESULTS/tallies/fork-1.hgrm\"; exit 3");

        assertThat(ran.exitCode()).isEqualTo(3);
        assertThat(ran.out()).startsWith("JMH says things\n" + ImageContract.RECORD_BEGIN + "\n");
        Map<String, byte[]> files = ResultArchive.unpack(ImageContract.recordIn(ran.out()).orElseThrow());
        assertThat(files).containsOnlyKeys("run.json", "tallies/fork-1.hgrm");
        assertThat(new String(files.get("run.json"), StandardCharsets.UTF_8)).isEqualTo("{\"format\": 1}\n");
        ResultArchive.write(files, dir.resolve("client-0"));
        assertThat(dir.resolve("client-0/tallies/fork-1.hgrm")).hasContent("counts");
    }

    @Test
    void aClientWithoutARecordPrintsNoMarkers() throws Exception {
        Ran ran = run(now(), 10, "echo no record; exit 1");

        assertThat(ran.exitCode()).isEqualTo(1);
        assertThat(ran.out()).isEqualTo("no record\n");
        assertThat(ImageContract.recordIn(ran.out())).isEmpty();
    }

    @Test
    void aClientStartingLateDoesNotRunAndSaysSo() throws Exception {
        Ran ran = run(now() - 30, 10, "touch \"$RESULTS/../ran\"");

        assertThat(ran.exitCode()).isEqualTo(ImageContract.LATE_EXIT);
        assertThat(ran.err()).matches("rpc-bench client: started 3\\d s after the clients' common start, more than 10 s late\n");
        assertThat(dir.resolve("ran")).doesNotExist();
    }
}
