package org.rpcbench.cluster;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What the plan assumes of the image (written out for the image's makers in k8s-image-contract.md): java on
 * the PATH, every pair's jars at {@value #JARS}/PAIR-server.jar and PAIR-client.jar, and a POSIX sh with
 * date, sleep, mkdir, tar, gzip and base64. The plan names the command itself, so the image's entrypoint does not matter.
 *
 * <p>A client's container runs {@link #CLIENT_SCRIPT}: it waits for the instant all clients share, runs
 * the client, and prints its result folder (run.json, jmh.json, tallies/: what {@code merge} reads) to its
 * log between {@link #RECORD_BEGIN} and {@link #RECORD_END}, as a gzipped tar in base64 ({@link ResultArchive}):
 * the coordinator reads the log, so no volume is needed.
 */
public final class ImageContract {
    public static final String JARS = "/opt/rpc-bench/jars";
    /** Where the client writes JMH's result; its run record lands beside it, as run.json. */
    public static final String RESULT_DIR = "/tmp/rpc-bench";
    public static final String RECORD_BEGIN = "=== rpc-bench results begin ===";
    public static final String RECORD_END = "=== rpc-bench results end ===";
    /** The exit code of a client that started after the others' window had opened. */
    public static final int LATE_EXIT = 75;
    public static final String START_AT = "RPCBENCH_START_AT";
    public static final String LATE_SECONDS = "RPCBENCH_LATE_SECONDS";

    /**
     * Waits for the common start (epoch seconds in $RPCBENCH_START_AT), refuses to start late, runs its
     * arguments as the client, then prints the result folder (when it holds a run.json) between the markers
     * and leaves with the client's code.
     */
    public static final String CLIENT_SCRIPT = String.join("\n",
            "start=\"$" + START_AT + "\"; late=\"$" + LATE_SECONDS + "\"; now=$(date +%s)",
            "if [ \"$now\" -gt $((start + late)) ]; then",
            "  echo \"rpc-bench client: started $((now - start)) s after the clients' common start, more than $late s late\" >&2",
            "  exit " + LATE_EXIT,
            "fi",
            "if [ \"$now\" -lt \"$start\" ]; then sleep $((start - now)); fi",
            "mkdir -p " + RESULT_DIR,
            "\"$@\"; code=$?",
            "if [ -f " + RESULT_DIR + "/run.json ]; then",
            "  echo '" + RECORD_BEGIN + "'; tar -C " + RESULT_DIR + " -cf - . | gzip -c | base64; echo '" + RECORD_END + "'",
            "fi",
            "exit $code");

    private ImageContract() {}

    /** What a client printed to its log between the markers (its results, packed), if it printed them. */
    public static Optional<String> recordIn(String log) {
        if (log == null) {
            return Optional.empty();
        }
        int begin = log.lastIndexOf(RECORD_BEGIN);
        if (begin < 0) {
            return Optional.empty();
        }
        int end = log.indexOf(RECORD_END, begin);
        if (end < 0) {
            return Optional.empty();
        }
        String record = log.substring(begin + RECORD_BEGIN.length(), end).strip();
        return record.isEmpty() ? Optional.empty() : Optional.of(record);
    }

    /** The server's command: its JVM, listening on every address of the pod, its meter endpoint too. */
    static List<String> serverCommand(ClusterOptions o) {
        List<String> c = new ArrayList<>();
        c.add("java");
        c.addAll(o.serverJvm());
        c.addAll(List.of("-jar", JARS + "/" + o.pair() + "-server.jar", "--host", "0.0.0.0", "--port", Integer.toString(o.port()),
                "--meter-port", Integer.toString(o.meterPort())));
        return c;
    }

    /**
     * A client's command: the script, then the client's JVM calling the server by its Service's name, and
     * reading the server's meters from its endpoint (the server's process is on another node).
     */
    static List<String> clientCommand(ClusterOptions o, String serviceName) {
        List<String> c = new ArrayList<>(List.of("sh", "-c", CLIENT_SCRIPT, "rpc-bench-client", "java"));
        c.addAll(o.clientJvm());
        c.addAll(List.of("-jar", JARS + "/" + o.pair() + "-client.jar", "--host", serviceName, "--port", Integer.toString(o.port()),
                "--result", RESULT_DIR + "/jmh.json", "--server-meter", serviceName + ":" + o.meterPort()));
        c.addAll(o.clientArgs());
        return c;
    }
}
