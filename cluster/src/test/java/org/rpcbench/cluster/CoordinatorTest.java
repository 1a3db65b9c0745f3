package org.rpcbench.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.authorization.v1.SelfSubjectAccessReview;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The coordinator against fabric8's mock API server in CRUD mode, the rest of the cluster played by
 * {@link FakeCluster}: a run that completes, and each way one fails or is refused, each ending with
 * nothing of the run left.
 */
@EnableKubernetesMockClient(crud = true)
class CoordinatorTest {
    // the mock server logs every request it answers: only its warnings here
    static final Logger MOCK_LOG = Logger.getLogger("io.fabric8.mockwebserver");

    static {
        MOCK_LOG.setLevel(Level.WARNING);
    }

    KubernetesMockServer server;
    KubernetesClient client;

    final ByteArrayOutputStream said = new ByteArrayOutputStream();
    ClusterPlan plan = new ClusterPlan(ClusterPlanTest.options(2));
    FakeCluster cluster;
    Set<String> denied = Set.of();

    @BeforeEach
    void cluster() {
        server.expect().post().withPath("/apis/authorization.k8s.io/v1/selfsubjectaccessreviews").andReply(201, request -> {
            SelfSubjectAccessReview review = client.getKubernetesSerialization().unmarshal(request.getUtf8Body(), SelfSubjectAccessReview.class);
            var a = review.getSpec().getResourceAttributes();
            String what = a.getVerb() + " " + a.getResource() + (a.getSubresource() == null ? "" : "/" + a.getSubresource());
            review.setStatus(new io.fabric8.kubernetes.api.model.authorization.v1.SubjectAccessReviewStatusBuilder()
                    .withAllowed(!denied.contains(what)).build());
            return review;
        }).always();
        cluster = new FakeCluster(server, client, plan);
        cluster.nodes(new Pool("rpcbench.role", "server"), 1);
        cluster.nodes(new Pool("rpcbench.role", "client"), 2);
    }

    Coordinator coordinator() {
        return new Coordinator(client, plan, cluster.waiting(), new PrintStream(said, true, StandardCharsets.UTF_8));
    }

    List<String> left() {
        Map<String, String> run = Map.of("rpcbench.run", "r42");
        List<String> there = new java.util.ArrayList<>();
        client.pods().inNamespace("bench").withLabels(run).list().getItems().forEach(p -> there.add("pod/" + p.getMetadata().getName()));
        client.services().inNamespace("bench").withLabels(run).list().getItems().forEach(p -> there.add("service/" + p.getMetadata().getName()));
        client.batch().v1().jobs().inNamespace("bench").withLabels(run).list().getItems().forEach(p -> there.add("job/" + p.getMetadata().getName()));
        return there;
    }

    @Test
    void aRunCreatesWaitsCollectsEveryClientsRecordAndLeavesNothing() throws Exception {
        ClusterOutcome outcome = coordinator().run();

        assertThat(outcome.failure()).isNull();
        assertThat(outcome.completed()).isTrue();
        assertThat(outcome.serverNode()).isEqualTo("server-0");
        assertThat(outcome.records()).extracting(ClientRecord::index).containsExactly(0, 1);
        assertThat(outcome.records()).extracting(ClientRecord::node).containsExactly("client-0", "client-1");
        assertThat(outcome.records().get(1).runJson()).isEqualTo("{\"format\":1,\"pair\":\"dubbo-hessian\",\"client\":1}");
        assertThat(outcome.records().get(1).files()).containsOnlyKeys("run.json", "tallies/fork-1.json");
        assertThat(said.toString()).contains("server rpcbench-r42-server ready on node server-0", "2 client(s) start at 1800000062");
        assertThat(left()).isEmpty();
    }

    @Test
    void theJobStartsTheClientsAtOneInstantAfterTheServerIsReady() throws Exception {
        // watch the Job as the cluster first sees it
        String[] startAt = new String[1];
        FakeCluster seeing = cluster;
        Waiting w = new Waiting(seeing.waiting().poll(), seeing.waiting().serverReady(), seeing.waiting().cleanup(), () -> seeing.now, d -> {
            var job = client.batch().v1().jobs().inNamespace("bench").withName(plan.jobName()).get();
            if (job != null && startAt[0] == null) {
                startAt[0] = job.getSpec().getTemplate().getSpec().getContainers().get(0).getEnv().get(0).getValue();
                assertThat(PodTrouble.ready(client.pods().inNamespace("bench").withName(plan.serverName()).get())).isTrue();
            }
            seeing.pause(d);
        });
        new Coordinator(client, plan, w, new PrintStream(said, true, StandardCharsets.UTF_8)).run();
        // the server was made ready at the first pause (2 s), the start is 60 s on
        assertThat(startAt[0]).isEqualTo(Long.toString(1_800_000_002L + 60));
    }

    @Test
    void aClientThatFailsFailsTheRunSayingWhichAndTheOthersRecordsAreKept() throws Exception {
        cluster.clientScenario = FakeCluster.Clients.ONE_FAILS;
        ClusterOutcome outcome = coordinator().run();

        assertThat(outcome.failure()).isEqualTo("client 1: pod rpcbench-r42-clients-1-x (node client-1) failed: exit 1 (Error): "
                + "rpc-bench client: 12 errors in 48213 calls");
        assertThat(outcome.records()).extracting(ClientRecord::index).containsExactly(0);
        assertThat(left()).isEmpty();
    }

    @Test
    void anEvictedClientFailsTheRun() throws Exception {
        cluster.clientScenario = FakeCluster.Clients.ONE_EVICTED;
        ClusterOutcome outcome = coordinator().run();

        assertThat(outcome.failure()).isEqualTo("client 1: pod rpcbench-r42-clients-1-x (node client-1) was evicted: The node was low on resource: memory.");
        assertThat(left()).isEmpty();
    }

    @Test
    void anEvictedServerFailsTheRunWhileTheClientsRun() throws Exception {
        cluster.serverScenario = FakeCluster.Server.EVICTED_WHILE_CLIENTS_RUN;
        ClusterOutcome outcome = coordinator().run();

        assertThat(outcome.failure()).isEqualTo("server pod rpcbench-r42-server (node server-0) was evicted: The node was low on resource: memory.");
        assertThat(left()).isEmpty();
    }

    @Test
    void anImageThatCannotBePulledFailsTheRunAtOnce() throws Exception {
        cluster.serverScenario = FakeCluster.Server.IMAGE_PULL_BACKOFF;
        ClusterOutcome outcome = coordinator().run();

        assertThat(outcome.failure()).isEqualTo("server pod rpcbench-r42-server (node server-0) cannot start: ImagePullBackOff: "
                + "Back-off pulling image \"rpc-bench:abc1234\"");
        assertThat(cluster.pauses).isLessThan(5);
        assertThat(left()).isEmpty();
    }

    @Test
    void aServerNeverScheduledFailsWhenItsWaitEndsNamingTheCondition() throws Exception {
        cluster.serverScenario = FakeCluster.Server.UNSCHEDULABLE;
        ClusterOutcome outcome = coordinator().run();

        assertThat(outcome.failure()).isEqualTo("server pod rpcbench-r42-server not ready within 300 s: phase Pending, PodScheduled: "
                + "Unschedulable (0/3 nodes are available: 3 node(s) didn't match Pod's node affinity/selector.)");
        assertThat(left()).isEmpty();
    }

    @Test
    void aJobThatNeverCompletesTimesOut() throws Exception {
        plan = new ClusterPlan(ClusterPlanTest.builder(2).timeoutSeconds(120).build());
        cluster = new FakeCluster(server, client, plan);
        cluster.clientScenario = FakeCluster.Clients.NEVER_FINISH;
        ClusterOutcome outcome = coordinator().run();

        assertThat(outcome.failure()).isEqualTo("the clients did not finish within 240 s of their Job's creation (0 of 2 done)");
        assertThat(left()).isEmpty();
    }

    @Test
    void aStopWhileTheClientsRunFailsTheRunAsStoppedAndStillCleansUp() throws Exception {
        // Ctrl-C: the command's handler interrupts the thread running the coordinator
        Thread runner = Thread.currentThread();
        cluster.clientScenario = FakeCluster.Clients.NEVER_FINISH;
        FakeCluster stopping = cluster;
        Waiting w = new Waiting(stopping.waiting().poll(), stopping.waiting().serverReady(), stopping.waiting().cleanup(), () -> stopping.now, d -> {
            stopping.pause(d);
            if (!client.pods().inNamespace("bench").withLabel("rpcbench.role", "client").list().getItems().isEmpty()) {
                runner.interrupt();
            }
            if (Thread.currentThread().isInterrupted()) {
                throw new InterruptedException();
            }
        });

        ClusterOutcome outcome = new Coordinator(client, plan, w, new PrintStream(said, true, StandardCharsets.UTF_8)).run();

        assertThat(Thread.interrupted()).as("the interrupt is kept for the caller").isTrue();
        assertThat(outcome.failure()).isEqualTo("stopped");
        assertThat(outcome.leftovers()).isEmpty();
        assertThat(left()).isEmpty();
    }

    @Test
    void aClientNeverScheduledFailsTheRunOnceTheWindowHasOpened() throws Exception {
        cluster.clientScenario = FakeCluster.Clients.ONE_NEVER_SCHEDULED;
        ClusterOutcome outcome = coordinator().run();

        assertThat(outcome.failure()).isEqualTo("client 1: pod rpcbench-r42-clients-1-x had not started 10 s after the clients' common start:"
                + " phase Pending, PodScheduled: Unschedulable (0/3 nodes are available: 1 node(s) didn't match pod anti-affinity rules.)");
        // the server was ready at 2 s, the clients start at 62 s, 10 s late at most: the next look after 72 s
        assertThat(cluster.now / 1000 - 1_800_000_000L).isEqualTo(74);
        assertThat(left()).isEmpty();
    }

    @Test
    void aJobPastItsDeadlineFailsTheRunWithKubernetesReason() throws Exception {
        cluster.clientScenario = FakeCluster.Clients.JOB_DEADLINE;
        ClusterOutcome outcome = coordinator().run();

        assertThat(outcome.failure()).isEqualTo("the clients' Job failed (DeadlineExceeded): Job was active longer than specified deadline");
        assertThat(left()).isEmpty();
    }

    @Test
    void aClientThatPrintsNoRecordFailsTheRun() throws Exception {
        cluster.clientScenario = FakeCluster.Clients.ONE_WITHOUT_RECORD;
        ClusterOutcome outcome = coordinator().run();

        assertThat(outcome.failure()).isEqualTo("client 1 (pod rpcbench-r42-clients-1-x) finished without printing its results");
        assertThat(outcome.records()).hasSize(1);
        assertThat(left()).isEmpty();
    }

    @Test
    void tooFewClientNodesIsRefusedBeforeAnythingIsCreated() {
        plan = new ClusterPlan(ClusterPlanTest.options(3));
        cluster = new FakeCluster(server, client, plan);

        assertThatThrownBy(() -> coordinator().run()).isInstanceOf(ClusterRefusal.class).hasMessage(
                "too few nodes for the plan: 3 ready node(s) labelled rpcbench.role=client needed for 3 client(s), one a node, 2 found");
        assertThat(left()).isEmpty();
        assertThat(cluster.pauses).isZero();
    }

    @Test
    void noPermissionIsRefusedBeforeAnythingIsCreated() {
        denied = Set.of("create jobs");

        assertThatThrownBy(() -> coordinator().run()).isInstanceOf(ClusterRefusal.class)
                .hasMessageStartingWith("no permission to create jobs.batch in namespace bench at ");
        assertThat(left()).isEmpty();
    }

    @Test
    void anExistingRunOfTheSameIdIsRefused() {
        client.services().inNamespace("bench").resource(client.getKubernetesSerialization().unmarshal(ClusterPlan.json(plan.service()),
                io.fabric8.kubernetes.api.model.Service.class)).create();

        assertThatThrownBy(() -> coordinator().run()).isInstanceOf(ClusterRefusal.class)
                .hasMessage("objects of run r42 are already in namespace bench: service/rpcbench-r42 (another run of the same id, or one not cleaned up)");
    }

    @Test
    void noClusterReachableIsRefusedInOneLine() throws Exception {
        int closed;
        try (ServerSocket s = new ServerSocket(0)) {
            closed = s.getLocalPort();
        }
        try (KubernetesClient nowhere = new KubernetesClientBuilder().withConfig(new ConfigBuilder().withMasterUrl("http://127.0.0.1:" + closed)
                .withRequestRetryBackoffLimit(0).withConnectionTimeout(2000).build()).build()) {
            Coordinator c = new Coordinator(nowhere, plan, cluster.waiting(), new PrintStream(said, true, StandardCharsets.UTF_8));

            assertThatThrownBy(c::run).isInstanceOf(ClusterRefusal.class)
                    .hasMessageStartingWith("no Kubernetes API answers at http://127.0.0.1:" + closed)
                    .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
        }
    }
}
