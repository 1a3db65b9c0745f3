package org.rpcbench.cluster;

import io.fabric8.kubernetes.api.model.ContainerStateBuilder;
import io.fabric8.kubernetes.api.model.ContainerStatusBuilder;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.PodConditionBuilder;
import io.fabric8.kubernetes.api.model.PodStatus;
import io.fabric8.kubernetes.api.model.PodStatusBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobStatusBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The part of a cluster the mock API server lacks: the scheduler, the kubelets and the Job controller,
 * played in the coordinator's pauses. Each pause moves the fake clock on and the cluster one step: the
 * server's pod gets its status; a new Job gets its pods (Running, on nodes of their own); running clients
 * finish (their logs hold their records) and the Job counts them. What happens instead is the scenario's.
 * Public (in the module's test jar) for the CLI's tests, which run a whole command against it.
 */
public final class FakeCluster implements Waiting.Pause {
    public enum Server { READY, IMAGE_PULL_BACKOFF, UNSCHEDULABLE, EVICTED_WHILE_CLIENTS_RUN }
    public enum Clients { SUCCEED, ONE_FAILS, ONE_EVICTED, NEVER_FINISH, ONE_WITHOUT_RECORD, JOB_DEADLINE, ONE_NEVER_SCHEDULED }

    static final String RECORD = "{\"format\":1,\"pair\":\"dubbo-hessian\"}";

    /** What client INDEX leaves in its result folder by default: a stand-in run.json and one tally. */
    static Map<String, byte[]> standIn(int i) {
        Map<String, byte[]> files = new java.util.LinkedHashMap<>();
        files.put("run.json", RECORD.replace("}", ",\"client\":" + i + "}").getBytes(java.nio.charset.StandardCharsets.UTF_8));
        files.put("tallies/fork-1.json", ("{\"fork\":1,\"client\":" + i + "}").getBytes(java.nio.charset.StandardCharsets.UTF_8));
        return files;
    }

    private final KubernetesMockServer server;
    private final KubernetesClient client;
    private String runId;
    private final String ns;
    public Server serverScenario = Server.READY;
    public Clients clientScenario = Clients.SUCCEED;
    /** The files of each client's result folder, by its completion index, printed to its log. */
    public java.util.function.IntFunction<Map<String, byte[]>> clientFiles = FakeCluster::standIn;
    long now = 1_800_000_000_000L;
    int pauses;

    public FakeCluster(KubernetesMockServer server, KubernetesClient client, ClusterPlan plan) {
        this.server = server;
        this.client = client;
        this.runId = plan.options().runId();
        this.ns = plan.options().namespace();
    }

    /** A cluster whose run is not known yet: it is found by its server pod's labels (a command makes the plan). */
    public FakeCluster(KubernetesMockServer server, KubernetesClient client, String namespace) {
        this.server = server;
        this.client = client;
        this.ns = namespace;
    }

    private String serverName() {
        return "rpcbench-" + runId + "-server";
    }

    private String jobName() {
        return "rpcbench-" + runId + "-clients";
    }

    /** Every SelfSubjectAccessReview answered: allowed. */
    public static void allowEverything(KubernetesMockServer server, KubernetesClient client) {
        server.expect().post().withPath("/apis/authorization.k8s.io/v1/selfsubjectaccessreviews").andReply(201, request -> {
            var review = client.getKubernetesSerialization().unmarshal(request.getUtf8Body(),
                    io.fabric8.kubernetes.api.model.authorization.v1.SelfSubjectAccessReview.class);
            review.setStatus(new io.fabric8.kubernetes.api.model.authorization.v1.SubjectAccessReviewStatusBuilder().withAllowed(true).build());
            return review;
        }).always();
    }

    /** The fake clock, and this cluster moving on in each pause. */
    public Waiting waiting() {
        return new Waiting(Duration.ofSeconds(2), Duration.ofMinutes(5), Duration.ofMinutes(1), () -> now, this);
    }

    /** Nodes labelled for the pools: ready, schedulable. */
    /**
     * Ready nodes of a pool. Created or updated: on a loaded machine the client may time out a POST the mock
     * had already done and send it again, which a plain create answers with 409.
     */
    public void nodes(Pool pool, int n) {
        for (int i = 0; i < n; i++) {
            client.nodes().resource(new NodeBuilder().withNewMetadata().withName(pool.value() + "-" + i).addToLabels(pool.key(), pool.value())
                    .endMetadata().withNewStatus().addNewCondition().withType("Ready").withStatus("True").endCondition().endStatus().build())
                    .createOr(io.fabric8.kubernetes.client.dsl.NonDeletingOperation::update);
        }
    }

    @Override
    public void pause(Duration d) {
        now += d.toMillis();
        pauses++;
        if (runId == null) {
            List<Pod> servers = client.pods().inNamespace(ns).withLabel(ClusterPlan.NAME_LABEL, ClusterPlan.APP)
                    .withLabel(ClusterPlan.ROLE_LABEL, "server").list().getItems();
            if (servers.isEmpty()) {
                return;
            }
            runId = servers.get(0).getMetadata().getLabels().get(ClusterPlan.RUN_LABEL);
        }
        Pod serverPod = client.pods().inNamespace(ns).withName(serverName()).get();
        if (serverPod != null && serverPod.getStatus() == null) {
            if (serverScenario != Server.UNSCHEDULABLE) {
                client.pods().inNamespace(ns).withName(serverName()).edit(p -> new PodBuilder(p).editSpec().withNodeName("server-0").endSpec().build());
            }
            status(serverPod, serverStatus());
            return;
        }
        Job job = client.batch().v1().jobs().inNamespace(ns).withName(jobName()).get();
        if (job == null) {
            return;
        }
        List<Pod> clients = client.pods().inNamespace(ns).withLabel(ClusterPlan.ROLE_LABEL, "client").list().getItems();
        if (clients.isEmpty()) {
            for (int i = 0; i < job.getSpec().getCompletions(); i++) {
                Map<String, String> labels = new HashMap<>(job.getSpec().getTemplate().getMetadata().getLabels());
                labels.put("job-name", jobName());
                Pod pod = client.pods().inNamespace(ns).resource(new PodBuilder().withNewMetadata().withName(jobName() + "-" + i + "-x")
                        .withLabels(labels).addToAnnotations("batch.kubernetes.io/job-completion-index", Integer.toString(i)).endMetadata()
                        .withSpec(job.getSpec().getTemplate().getSpec()).editSpec().withNodeName("client-" + i).endSpec().build()).create();
                if (i == 1 && clientScenario == Clients.ONE_NEVER_SCHEDULED) {
                    status(pod, new PodStatusBuilder().withPhase("Pending").addToConditions(new PodConditionBuilder().withType("PodScheduled")
                            .withStatus("False").withReason("Unschedulable").withMessage("0/3 nodes are available: 1 node(s) didn't match pod anti-affinity rules.")
                            .build()).build());
                } else {
                    status(pod, running(true));
                }
            }
            return;
        }
        if (serverScenario == Server.EVICTED_WHILE_CLIENTS_RUN) {
            status(serverPod, new PodStatusBuilder().withPhase("Failed").withReason("Evicted")
                    .withMessage("The node was low on resource: memory.").build());
            return;
        }
        switch (clientScenario) {
            case NEVER_FINISH, ONE_NEVER_SCHEDULED -> { }
            case JOB_DEADLINE -> client.batch().v1().jobs().inNamespace(ns).resource(new io.fabric8.kubernetes.api.model.batch.v1.JobBuilder(job)
                    .withStatus(new JobStatusBuilder().addNewCondition().withType("Failed").withStatus("True").withReason("DeadlineExceeded")
                            .withMessage("Job was active longer than specified deadline").endCondition().build()).build()).updateStatus();
            default -> {
                int succeeded = 0;
                for (Pod p : clients) {
                    int i = Integer.parseInt(p.getMetadata().getAnnotations().get("batch.kubernetes.io/job-completion-index"));
                    if (i == 1 && clientScenario == Clients.ONE_FAILS) {
                        status(p, failed(1, "Error", "Exception in thread \"main\"\nrpc-bench client: 12 errors in 48213 calls"));
                    } else if (i == 1 && clientScenario == Clients.ONE_EVICTED) {
                        status(p, new PodStatusBuilder().withPhase("Failed").withReason("Evicted").withMessage("The node was low on resource: memory.").build());
                    } else {
                        boolean withRecord = !(i == 1 && clientScenario == Clients.ONE_WITHOUT_RECORD);
                        Map<String, byte[]> files = clientFiles.apply(i);
                        log(p.getMetadata().getName(), "# JMH\nsome output\n" + (withRecord ? ImageContract.RECORD_BEGIN + "\n" + ResultArchive.pack(files)
                                + "\n" + ImageContract.RECORD_END + "\n" : "") + "done\n");
                        status(p, succeeded());
                        succeeded++;
                    }
                }
                final int done = succeeded;
                client.batch().v1().jobs().inNamespace(ns).resource(new io.fabric8.kubernetes.api.model.batch.v1.JobBuilder(job)
                        .withStatus(new JobStatusBuilder().withSucceeded(done).build()).build()).updateStatus();
            }
        }
    }

    private PodStatus serverStatus() {
        return switch (serverScenario) {
            case READY, EVICTED_WHILE_CLIENTS_RUN -> running(true);
            case IMAGE_PULL_BACKOFF -> new PodStatusBuilder().withPhase("Pending").addToContainerStatuses(new ContainerStatusBuilder().withName("server")
                    .withReady(false).withState(new ContainerStateBuilder().withNewWaiting().withReason("ImagePullBackOff")
                            .withMessage("Back-off pulling image \"rpc-bench:abc1234\"").endWaiting().build()).build()).build();
            case UNSCHEDULABLE -> new PodStatusBuilder().withPhase("Pending").addToConditions(new PodConditionBuilder().withType("PodScheduled")
                    .withStatus("False").withReason("Unschedulable").withMessage("0/3 nodes are available: 3 node(s) didn't match Pod's node affinity/selector.")
                    .build()).build();
        };
    }

    void log(String pod, String text) {
        server.expect().get().withPath("/api/v1/namespaces/" + ns + "/pods/" + pod + "/log?pretty=false").andReturn(200, text).always();
    }

    private void status(Pod pod, PodStatus status) {
        Pod fresh = client.pods().inNamespace(ns).withName(pod.getMetadata().getName()).get();
        client.pods().inNamespace(ns).resource(new PodBuilder(fresh).withStatus(status).build()).updateStatus();
    }

    private static PodStatus running(boolean ready) {
        return new PodStatusBuilder().withPhase("Running").addToConditions(new PodConditionBuilder().withType("Ready")
                .withStatus(ready ? "True" : "False").build()).build();
    }

    private static PodStatus succeeded() {
        return new PodStatusBuilder().withPhase("Succeeded").addToContainerStatuses(new ContainerStatusBuilder().withName("client")
                .withState(new ContainerStateBuilder().withNewTerminated().withExitCode(0).withReason("Completed").endTerminated().build()).build()).build();
    }

    private static PodStatus failed(int exit, String reason, String message) {
        return new PodStatusBuilder().withPhase("Failed").addToContainerStatuses(new ContainerStatusBuilder().withName("client")
                .withState(new ContainerStateBuilder().withNewTerminated().withExitCode(exit).withReason(reason).withMessage(message)
                        .endTerminated().build()).build()).build();
    }
}
