package org.rpcbench.command;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rpcbench.cluster.FakeCluster;
import org.rpcbench.cluster.Pool;
import org.rpcbench.cluster.Waiting;
import org.rpcbench.record.CaseRecord;
import org.rpcbench.record.ClientNode;
import org.rpcbench.record.Records;
import org.rpcbench.record.RunRecord;
import org.rpcbench.record.ServerMeter;
import org.rpcbench.runs.Stop;

/**
 * {@code ./benchmark.sh --on kubernetes ... PAIR} as a whole, through the CLI, against fabric8's mock API
 * server; {@link FakeCluster} plays the scheduler, the kubelets and the Job controller, and each client's
 * log carries its result folder between the markers, as the image's client script prints it.
 */
@EnableKubernetesMockClient(crud = true)
class KubernetesPairRunTest {
    static {
        Logger.getLogger("io.fabric8.mockwebserver").setLevel(Level.WARNING);
    }

    KubernetesMockServer server;
    KubernetesClient client;
    @TempDir
    Path root;
    FakeCluster cluster;
    final Captured cli = new Captured();
    /** After this many looks at the cluster, Ctrl-C (0: never). */
    int stopAfter;
    int looks;

    @BeforeEach
    void cluster() throws IOException {
        BuiltPairs.at(root, List.of("dubbo-hessian", "grpc-go"));
        FakeCluster.allowEverything(server, client);
        cluster = new FakeCluster(server, client, "bench");
        cluster.nodes(new Pool("rpcbench.role", "server"), 1);
        cluster.clientFiles = i -> folder(client(i));
        cli.root = root;
        cli.env = Map.of("RPCBENCH_HISTORY", "off");
        cli.kubernetes = new KubernetesAccess() {
            @Override
            public KubernetesClient connect() {
                return client;
            }

            @Override
            public Waiting waiting(Stop stop) {
                Waiting w = cluster.waiting();
                return new Waiting(w.poll(), w.serverReady(), w.cleanup(), w.clockMillis(), d -> {
                    look();
                    if (++looks == stopAfter) {
                        stop.request(Stop.INTERRUPTED);
                        throw new InterruptedException("stopped");
                    }
                    w.pause().pause(d);
                });
            }

            @Override
            public void release(KubernetesClient c) {
                // the test's: it looks at the cluster after the run
            }
        };
    }

    /**
     * Client INDEX's result folder: a real one (run.json, jmh.json, tallies/) of a short dubbo-hessian run made
     * here with {@code RPCBENCH_NODE=node-client-INDEX} and the server's meter endpoint (--meter-port), as a
     * client pod makes it.
     */
    static Path client(int index) {
        try {
            return Path.of(KubernetesPairRunTest.class.getResource("/cluster-clients/client-" + index).toURI());
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static Map<String, byte[]> folder(Path dir) {
        Map<String, byte[]> files = new LinkedHashMap<>();
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path f : all.filter(Files::isRegularFile).sorted().toList()) {
                files.put(dir.relativize(f).toString(), Files.readAllBytes(f));
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return files;
    }

    Path runDir() throws IOException {
        try (Stream<Path> dirs = Files.list(root.resolve("results"))) {
            return dirs.filter(d -> d.getFileName().toString().startsWith("dubbo-hessian-")).findFirst().orElseThrow();
        }
    }

    /** Everything still labelled as rpc-bench's in the namespace. */
    List<String> left() {
        Map<String, String> ours = Map.of("app.kubernetes.io/name", "rpc-bench");
        List<String> there = new ArrayList<>();
        client.pods().inNamespace("bench").withLabels(ours).list().getItems().forEach(p -> there.add("pod/" + p.getMetadata().getName()));
        client.services().inNamespace("bench").withLabels(ours).list().getItems().forEach(s -> there.add("service/" + s.getMetadata().getName()));
        client.batch().v1().jobs().inNamespace("bench").withLabels(ours).list().getItems().forEach(j -> there.add("job/" + j.getMetadata().getName()));
        return there;
    }

    /** The objects of the run as the cluster held them while it ran, by kind (the last seen of each). */
    final Map<String, JsonNode> seen = new LinkedHashMap<>();

    void look() {
        ObjectMapper json = new ObjectMapper();
        Map<String, String> server = Map.of("app.kubernetes.io/name", "rpc-bench", "rpcbench.role", "server");
        client.pods().inNamespace("bench").withLabels(server).list().getItems()
                .forEach(p -> seen.put("Pod", json.valueToTree(p)));
        client.services().inNamespace("bench").withLabels(server).list().getItems()
                .forEach(s -> seen.put("Service", json.valueToTree(s)));
        client.batch().v1().jobs().inNamespace("bench").list().getItems().forEach(j -> seen.put("Job", json.valueToTree(j)));
    }

    @Test
    void aPairRunOnTheClusterIsMergedIntoOneRecordWithItsSummary() throws Exception {
        cluster.nodes(new Pool("rpcbench.role", "client"), 2);
        cli.env = Map.of("RPCBENCH_HISTORY", root.resolve("history.db").toString());

        int exit = cli.run("-n", "--on", "kubernetes", "--clients", "2", "--namespace", "bench", "-t", "16", "-a", "-f 1 -wi 1 getUser",
                "-o", "dubbo.filters=default", "dubbo-hessian");

        assertThat(exit).as(cli.err()).isZero();
        assertThat(cli.err()).isEmpty();
        Path run = runDir();
        RunRecord merged = Records.read(run.resolve("run.json"));
        assertThat(merged.clients()).isEqualTo(2);
        assertThat(merged.mergedFrom()).containsExactly(run.resolve("client-0").toAbsolutePath().toString(),
                run.resolve("client-1").toAbsolutePath().toString());
        assertThat(merged.passed()).isTrue();
        // throughput and calls summed over the clients, the server's CPU per call kept
        RunRecord zero = Records.read(client(0).resolve("run.json"));
        RunRecord one = Records.read(client(1).resolve("run.json"));
        CaseRecord getUser = merged.find("getUser");
        assertThat(getUser.opsPerSecond()).isEqualTo(zero.find("getUser").opsPerSecond() + one.find("getUser").opsPerSecond());
        assertThat(getUser.calls()).isEqualTo(zero.find("getUser").calls() + one.find("getUser").calls());
        assertThat(getUser.perCall().serverCpuMicros()).isPositive();
        assertThat(getUser.perCall().serverAllocBytes()).isPositive();
        // the server's figures came from its meter endpoint; each client's node is named, with its CPU and cores
        assertThat(merged.environment().serverMeter().source()).isEqualTo(ServerMeter.ENDPOINT);
        assertThat(merged.environment().serverMeter()).isEqualTo(zero.environment().serverMeter());
        assertThat(merged.environment().clientNodes()).extracting(ClientNode::node).containsExactly("node-client-0", "node-client-1");
        assertThat(merged.environment().clientNodes()).extracting(ClientNode::cores).containsExactly(zero.environment().cores(),
                one.environment().cores());
        assertThat(cli.out()).contains("rpc-bench cluster: server on node server-0; client 0 on node client-0, client 1 on node client-1")
                .contains("2 clients merged on kubernetes").contains("merged run record: " + run.resolve("run.json"))
                .contains("history: 1 run recorded in ");
        assertThat(left()).isEmpty();

        Map<String, JsonNode> made = seen;
        assertThat(made).containsKeys("Service", "Pod", "Job");
        assertThat(made.get("Pod").at("/metadata/namespace").asText()).isEqualTo("bench");
        List<String> server = new ArrayList<>();
        made.get("Pod").at("/spec/containers/0/command").forEach(w -> server.add(w.asText()));
        assertThat(server).contains("-Drpcbench.switch.dubbo.filters=default", "--meter-port");
        assertThat(made.get("Pod").at("/spec/containers/0/image").asText()).isEqualTo("rpc-bench:test");
        List<String> command = new ArrayList<>();
        made.get("Job").at("/spec/template/spec/containers/0/command").forEach(w -> command.add(w.asText()));
        assertThat(made.get("Job").at("/spec/completions").asInt()).isEqualTo(2);
        assertThat(command).contains("-Drpcbench.switch.dubbo.filters=default").containsSubsequence("--server-meter", "--concurrency", "16", "-f", "1",
                "-wi", "1", "getUser");
    }

    @Test
    void aClientPodThatFailsFailsTheRunInOneLineAndLeavesNothingOnTheCluster() throws Exception {
        cluster.nodes(new Pool("rpcbench.role", "client"), 2);
        cluster.clientScenario = FakeCluster.Clients.ONE_FAILS;

        int exit = cli.run("-n", "--on", "kubernetes", "--clients", "2", "--namespace", "bench", "dubbo-hessian");

        assertThat(exit).isEqualTo(1);
        assertThat(cli.errLines()).hasSize(1);
        assertThat(cli.err()).startsWith("rpc-bench cluster: FAILED: client 1: pod ").endsWith("; 1 client folder(s) kept in " + runDir() + "\n");
        assertThat(left()).isEmpty();
        // nothing measured is lost: the client that finished keeps its folder; no merged record claims the run
        assertThat(runDir().resolve("client-0/run.json")).exists();
        assertThat(runDir().resolve("run.json")).doesNotExist();
    }

    @Test
    void ctrlCWhileTheClientsRunCleansUpAndExits130() throws Exception {
        cluster.nodes(new Pool("rpcbench.role", "client"), 2);
        cluster.clientScenario = FakeCluster.Clients.NEVER_FINISH;
        stopAfter = 5;

        int exit = cli.run("-n", "--on", "kubernetes", "--clients", "2", "--namespace", "bench", "dubbo-hessian");

        assertThat(exit).isEqualTo(130);
        assertThat(cli.errLines()).hasSize(1);
        assertThat(cli.err()).startsWith("rpc-bench cluster: stopped; 0 client folder(s) kept in ");
        assertThat(seen).containsKey("Job");
        assertThat(left()).isEmpty();
    }

    @Test
    void aRunTheClusterCannotHoldIsRefusedBeforeAnythingIsMadeAndLeavesNoFolder() throws Exception {
        cluster.nodes(new Pool("rpcbench.role", "client"), 1);

        int exit = cli.run("-n", "--on", "kubernetes", "--clients", "2", "--namespace", "bench", "dubbo-hessian");

        assertThat(exit).isEqualTo(2);
        assertThat(cli.err()).isEqualTo("rpc-bench cluster: too few nodes for the plan: 2 ready node(s) labelled rpcbench.role=client"
                + " needed for 2 client(s), one a node, 1 found\n");
        assertThat(left()).isEmpty();
        assertThat(seen).isEmpty();
        try (Stream<Path> dirs = Files.list(root.resolve("results"))) {
            assertThat(dirs.toList()).isEmpty();
        }
    }

    @Test
    void whatTheClusterCannotHonourIsRefusedInOneLine() {
        String[][] refused = {{"--on", "kubernetes", "-m", "profiling", "dubbo-hessian"}, {"--on", "kubernetes", "-t", "4,8", "dubbo-hessian"},
            {"--on", "kubernetes", "-r", "100", "dubbo-hessian"}, {"--on", "kubernetes", "-s", "10.0.0.1", "dubbo-hessian"},
            {"--on", "kubernetes", "-c", "dubbo-hessian"}, {"--on", "kubernetes", "-b", "-Dx=1", "dubbo-hessian"},
            {"--on", "kubernetes", "dubbo-hessian-server"}, {"--on", "kubernetes", "grpc-go"}, {"--clients", "2", "dubbo-hessian"},
            {"--on", "local", "--image", "x", "dubbo-hessian"}, {"--on", "kubernetes", "--meter-port", "0", "dubbo-hessian"},
            {"--on", "kubernetes", "suite", "seed-001"}};
        String[] said = {"-m does not apply to --on kubernetes: no flight recording or flame graph comes back from the pods",
            "-t: a concurrency sweep does not apply to --on kubernetes (give one value)",
            "-r does not apply to --on kubernetes: only closed-loop (JMH) runs are merged",
            "-s does not apply to --on kubernetes: the clients call the server by its Service's name",
            "-c does not apply to --on kubernetes: each role has nodes of its own, and its CPUs are its pod's",
            "-b does not apply to --on kubernetes: it builds nothing here (the image holds the jars)",
            "--on kubernetes runs a pair, server and clients: dubbo-hessian-server runs here only",
            "--on kubernetes: grpc-go runs on Go; the cluster's pods run the Java pairs' jars",
            "--clients is for --on docker or kubernetes", "--image is for --on docker or kubernetes",
            "--meter-port 0 does not apply to --on kubernetes: the clients read the server's meters over the network",
            "--on does not apply to suite"};
        for (int i = 0; i < refused.length; i++) {
            int exit = cli.run(refused[i]);
            assertThat(exit).as(String.join(" ", refused[i])).isEqualTo(2);
            assertThat(cli.err()).as(String.join(" ", refused[i])).isEqualTo("benchmark.sh: " + said[i] + "\n");
        }
        assertThat(left()).isEmpty();
    }

    @Test
    void withoutAnImageACommitMustNameOne() {
        cli.commit = "0f3c2a1+dirty";
        assertThat(cli.run("--on", "kubernetes", "dubbo-hessian")).isEqualTo(2);
        assertThat(cli.err()).isEqualTo("benchmark.sh: --on kubernetes needs --image: the checkout has uncommitted changes, so no image is"
                + " tagged by its commit\n");
        cli.commit = "unknown";
        assertThat(cli.run("--on", "kubernetes", "dubbo-hessian")).isEqualTo(2);
        assertThat(cli.err()).isEqualTo("benchmark.sh: --on kubernetes needs --image: this is no git checkout, so no commit tags an image\n");
    }
}
