package org.rpcbench.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The run's end as a command meets it: exit codes, the one line, and the client folders for merge. */
@EnableKubernetesMockClient(crud = true)
class ClusterRunTest {
    static final Logger MOCK_LOG = Logger.getLogger("io.fabric8.mockwebserver");

    static {
        MOCK_LOG.setLevel(Level.WARNING);
    }

    KubernetesMockServer server;
    KubernetesClient client;
    @TempDir
    Path out;
    ClusterPlan plan;
    FakeCluster cluster;

    @BeforeEach
    void cluster() {
        server.expect().post().withPath("/apis/authorization.k8s.io/v1/selfsubjectaccessreviews").andReply(201, request -> {
            var review = client.getKubernetesSerialization().unmarshal(request.getUtf8Body(),
                    io.fabric8.kubernetes.api.model.authorization.v1.SelfSubjectAccessReview.class);
            review.setStatus(new io.fabric8.kubernetes.api.model.authorization.v1.SubjectAccessReviewStatusBuilder().withAllowed(true).build());
            return review;
        }).always();
        plan = new ClusterPlan(ClusterPlanTest.options(2));
        cluster = new FakeCluster(server, client, plan);
        cluster.nodes(new Pool("rpcbench.role", "server"), 1);
    }

    ClusterRun.Result run() throws Exception {
        return ClusterRun.run(new Coordinator(client, plan, cluster.waiting(), new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8)),
                out.resolve("run"));
    }

    @Test
    void aPassedRunLeavesAFolderPerClientForMerge() throws Exception {
        cluster.nodes(new Pool("rpcbench.role", "client"), 2);
        ClusterRun.Result result = run();

        assertThat(result.exitCode()).isEqualTo(ClusterRun.PASSED);
        assertThat(result.line()).isNull();
        assertThat(result.clientDirs()).containsExactly(out.resolve("run/client-0"), out.resolve("run/client-1"));
        assertThat(out.resolve("run/client-1/run.json")).hasContent("{\"format\":1,\"pair\":\"dubbo-hessian\",\"client\":1}");
        assertThat(out.resolve("run/client-1/tallies/fork-1.json")).exists();
    }

    @Test
    void aFailedRunExitsOneWithItsLineAndKeepsWhatCameBack() throws Exception {
        cluster.nodes(new Pool("rpcbench.role", "client"), 2);
        cluster.clientScenario = FakeCluster.Clients.ONE_FAILS;
        ClusterRun.Result result = run();

        assertThat(result.exitCode()).isEqualTo(ClusterRun.FAILED);
        assertThat(result.line()).startsWith("rpc-bench cluster: FAILED: client 1: pod rpcbench-r42-clients-1-x (node client-1) failed: exit 1");
        assertThat(result.clientDirs()).containsExactly(out.resolve("run/client-0"));
    }

    @Test
    void aRefusedRunExitsTwoWritingNothing() throws Exception {
        cluster.nodes(new Pool("rpcbench.role", "client"), 1);
        ClusterRun.Result result = run();

        assertThat(result.exitCode()).isEqualTo(ClusterRun.REFUSED);
        assertThat(result.line()).isEqualTo("rpc-bench cluster: too few nodes for the plan: 2 ready node(s) labelled rpcbench.role=client"
                + " needed for 2 client(s), one a node, 1 found");
        assertThat(out.resolve("run")).doesNotExist();
    }
}
