package org.rpcbench.cluster;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.DeletionPropagation;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.authorization.v1.SelfSubjectAccessReview;
import io.fabric8.kubernetes.api.model.authorization.v1.SelfSubjectAccessReviewBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobCondition;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Runs one {@link ClusterPlan} on a cluster: checks first that it can (the API answers, the permissions
 * are there, the pools have the nodes, no object of the run exists yet), then makes the server and its
 * Service, waits for the server to be ready, makes the clients' Job with their common start, waits for
 * every client to finish, reads each client's results (run.json and tallies) from its log, and at the end, whatever happened,
 * deletes every object labelled with the run's id and checks that none is left.
 *
 * <p>A pod in trouble ({@link PodTrouble}), the server stopping while the clients run, a Job that fails
 * or does not finish in time: the run is FAILED with one line saying which, and the records of the clients
 * that did finish are kept. {@link #cleanup()} may also be called from a shutdown hook (Ctrl-C).
 */
public final class Coordinator {
    /** What the coordinator does, as (verb, API group, resource): the least a Role must grant it. */
    public static final List<Permission> NEEDED = List.of(
            new Permission("create", "", "pods"), new Permission("get", "", "pods"), new Permission("list", "", "pods"),
            new Permission("delete", "", "pods"), new Permission("get", "", "pods/log"),
            new Permission("create", "", "services"), new Permission("list", "", "services"), new Permission("delete", "", "services"),
            new Permission("create", "batch", "jobs"), new Permission("get", "batch", "jobs"), new Permission("list", "batch", "jobs"),
            new Permission("delete", "batch", "jobs"));

    /** One verb on one resource (a subresource after a slash, as in pods/log). */
    public record Permission(String verb, String group, String resource) {}

    private final KubernetesClient client;
    private final ClusterPlan plan;
    private final Waiting waiting;
    private final PrintStream log;
    private final String ns;

    public Coordinator(KubernetesClient client, ClusterPlan plan, Waiting waiting, PrintStream log) {
        this.client = client;
        this.plan = plan;
        this.waiting = waiting;
        this.log = log;
        this.ns = plan.options().namespace();
    }

    /**
     * Checks, creating nothing, that the run can be made: the API answers, every permission in
     * {@link #NEEDED} is granted, the pools have enough ready nodes (when nodes may be listed: a namespaced
     * Role cannot, and then it is said and not checked), and nothing of this run exists yet.
     */
    public void check() throws ClusterRefusal {
        String where = client.getMasterUrl() == null ? "?" : client.getMasterUrl().toString();
        try {
            client.getKubernetesVersion();
        } catch (KubernetesClientException e) {
            throw new ClusterRefusal("no Kubernetes API answers at " + where + ": " + rootMessage(e));
        }
        for (Permission p : NEEDED) {
            if (!allowed(p)) {
                throw new ClusterRefusal("no permission to " + p.verb() + " " + p.resource() + (p.group().isEmpty() ? "" : "." + p.group())
                        + " in namespace " + ns + " at " + where);
            }
        }
        checkNodes();
        List<String> there = remaining();
        if (!there.isEmpty()) {
            throw new ClusterRefusal("objects of run " + plan.options().runId() + " are already in namespace " + ns + ": "
                    + String.join(", ", there) + " (another run of the same id, or one not cleaned up)");
        }
    }

    /** {@link #check()}, then the run; the cleanup always follows once anything was made. */
    public ClusterOutcome run() throws ClusterRefusal {
        check();
        List<ClientRecord> records = new ArrayList<>();
        String failure;
        String serverNode = null;
        List<String> left = List.of();
        try {
            create(plan.service());
            create(plan.serverPod());
            Pod server = awaitServer();
            serverNode = PodTrouble.node(server);
            log.println("rpc-bench cluster: server " + plan.serverName() + " ready on node " + serverNode);
            long startAt = waiting.clockMillis().getAsLong() / 1000 + plan.options().startLeadSeconds();
            create(plan.clientJob(startAt));
            log.println("rpc-bench cluster: " + plan.options().clients() + " client(s) start at " + startAt + " (epoch s)");
            failure = awaitClients(startAt);
            failure = collect(records, failure);
        } catch (RunFailure e) {
            failure = e.getMessage();
            // the clients that finished keep their results, also after a stop (the interrupt waits until after)
            boolean interrupted = Thread.interrupted();
            try {
                collectQuietly(records);
            } finally {
                if (interrupted) {
                    Thread.currentThread().interrupt();
                }
            }
        } catch (KubernetesClientException e) {
            failure = "the cluster refused or failed a request: " + rootMessage(e);
            collectQuietly(records);
        } finally {
            // also when interrupted: nothing of the run may stay behind
            left = cleanup();
            if (!left.isEmpty()) {
                log.println("rpc-bench cluster: left behind after the cleanup: " + String.join(", ", left));
            }
        }
        return new ClusterOutcome(failure, records, serverNode, left);
    }

    /**
     * Deletes every object labelled with the run's id (Job, pods, Service) and waits for them to be gone;
     * returns those still there when the wait ends. Safe to call more than once, and from another thread.
     */
    public List<String> cleanup() {
        // a Ctrl-C that interrupted the run must not cut its cleanup short: the flag is set again after
        boolean interrupted = Thread.interrupted();
        try {
            return deleteAll();
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private List<String> deleteAll() {
        Map<String, String> labels = runLabels();
        try {
            for (Job j : client.batch().v1().jobs().inNamespace(ns).withLabels(labels).list().getItems()) {
                client.batch().v1().jobs().inNamespace(ns).withName(j.getMetadata().getName()).withPropagationPolicy(DeletionPropagation.BACKGROUND).delete();
            }
            for (Pod p : client.pods().inNamespace(ns).withLabels(labels).list().getItems()) {
                client.pods().inNamespace(ns).withName(p.getMetadata().getName()).delete();
            }
            for (Service s : client.services().inNamespace(ns).withLabels(labels).list().getItems()) {
                client.services().inNamespace(ns).withName(s.getMetadata().getName()).delete();
            }
            long until = waiting.clockMillis().getAsLong() + waiting.cleanup().toMillis();
            List<String> left = remaining();
            while (!left.isEmpty() && waiting.clockMillis().getAsLong() < until) {
                pause();
                left = remaining();
            }
            return left;
        } catch (KubernetesClientException | RunFailure e) {
            return List.of("(could not finish deleting: " + e.getMessage() + ")");
        }
    }

    private List<String> remaining() {
        Map<String, String> labels = runLabels();
        List<String> there = new ArrayList<>();
        client.batch().v1().jobs().inNamespace(ns).withLabels(labels).list().getItems().forEach(o -> there.add(name(o)));
        client.pods().inNamespace(ns).withLabels(labels).list().getItems().forEach(o -> there.add(name(o)));
        client.services().inNamespace(ns).withLabels(labels).list().getItems().forEach(o -> there.add(name(o)));
        return there;
    }

    private Map<String, String> runLabels() {
        return Map.of(ClusterPlan.NAME_LABEL, ClusterPlan.APP, ClusterPlan.RUN_LABEL, plan.options().runId());
    }

    private static String name(HasMetadata o) {
        return o.getKind().toLowerCase() + "/" + o.getMetadata().getName();
    }

    private boolean allowed(Permission p) {
        String[] parts = p.resource().split("/", 2);
        SelfSubjectAccessReview review = new SelfSubjectAccessReviewBuilder().withNewSpec().withNewResourceAttributes()
                .withNamespace(ns).withVerb(p.verb()).withGroup(p.group()).withResource(parts[0])
                .withSubresource(parts.length > 1 ? parts[1] : null).endResourceAttributes().endSpec().build();
        SelfSubjectAccessReview answer = client.authorization().v1().selfSubjectAccessReview().create(review);
        return answer != null && answer.getStatus() != null && Boolean.TRUE.equals(answer.getStatus().getAllowed());
    }

    private void checkNodes() throws ClusterRefusal {
        ClusterOptions o = plan.options();
        long servers;
        long clients;
        try {
            servers = readyNodes(o.serverPool());
            clients = readyNodes(o.clientPool());
        } catch (KubernetesClientException e) {
            if (e.getCode() == 403) {
                log.println("rpc-bench cluster: nodes cannot be listed with these credentials (a namespaced Role): the pools' sizes are not checked");
                return;
            }
            throw e;
        }
        if (servers < 1) {
            throw new ClusterRefusal("no ready node is labelled " + o.serverPool().selector() + " for the server");
        }
        long needed = o.clientPerNode() ? o.clients() : 1;
        if (clients < needed) {
            throw new ClusterRefusal("too few nodes for the plan: " + needed + " ready node(s) labelled " + o.clientPool().selector()
                    + " needed for " + o.clients() + " client(s)" + (o.clientPerNode() ? ", one a node" : "") + ", " + clients + " found");
        }
    }

    private long readyNodes(Pool pool) {
        return client.nodes().withLabel(pool.key(), pool.value()).list().getItems().stream().filter(Coordinator::schedulable).count();
    }

    private static boolean schedulable(Node n) {
        boolean cordoned = n.getSpec() != null && Boolean.TRUE.equals(n.getSpec().getUnschedulable());
        boolean ready = n.getStatus() != null && n.getStatus().getConditions() != null
                && n.getStatus().getConditions().stream().anyMatch(c -> "Ready".equals(c.getType()) && "True".equals(c.getStatus()));
        return ready && !cordoned;
    }

    private void create(ObjectNode object) {
        HasMetadata typed = client.getKubernetesSerialization().unmarshal(ClusterPlan.json(object));
        client.resource(typed).inNamespace(ns).create();
    }

    private Pod awaitServer() throws RunFailure {
        long until = waiting.clockMillis().getAsLong() + waiting.serverReady().toMillis();
        while (true) {
            Pod server = serverPod();
            Optional<String> trouble = PodTrouble.of(server);
            if (trouble.isPresent()) {
                throw new RunFailure("server " + trouble.get());
            }
            if ("Succeeded".equals(server.getStatus() == null ? null : server.getStatus().getPhase())) {
                throw new RunFailure("server pod " + plan.serverName() + " stopped before it was ready");
            }
            if (PodTrouble.ready(server)) {
                return server;
            }
            if (waiting.clockMillis().getAsLong() >= until) {
                throw new RunFailure("server pod " + plan.serverName() + " not ready within " + waiting.serverReady().toSeconds() + " s: "
                        + PodTrouble.waitingFor(server));
            }
            pause();
        }
    }

    private Pod serverPod() throws RunFailure {
        Pod server = client.pods().inNamespace(ns).withName(plan.serverName()).get();
        if (server == null) {
            throw new RunFailure("server pod " + plan.serverName() + " is gone (deleted, or its node lost)");
        }
        return server;
    }

    /** Null when every client succeeded; else why not. */
    private String awaitClients(long startAt) throws RunFailure {
        ClusterOptions o = plan.options();
        long until = waiting.clockMillis().getAsLong() + (o.startLeadSeconds() + o.timeoutSeconds() + 60L) * 1000;
        while (true) {
            Job job = client.batch().v1().jobs().inNamespace(ns).withName(plan.jobName()).get();
            if (job == null) {
                throw new RunFailure("the clients' Job " + plan.jobName() + " is gone (deleted)");
            }
            List<Pod> clients = clientPods();
            for (Pod p : clients) {
                Optional<String> trouble = PodTrouble.of(p);
                if (trouble.isPresent()) {
                    throw new RunFailure("client " + index(p) + ": " + trouble.get());
                }
            }
            // past the common start and its tolerance, a client not yet running can only start late
            if (waiting.clockMillis().getAsLong() / 1000 > startAt + o.lateSeconds()) {
                if (clients.size() < o.clients()) {
                    throw new RunFailure("only " + clients.size() + " of " + o.clients() + " client pods were made by the clients' common start"
                            + " (" + o.lateSeconds() + " s late at most): see the Job's events (a quota, an admission rule)");
                }
                for (Pod p : clients) {
                    if (p.getStatus() == null || p.getStatus().getPhase() == null || "Pending".equals(p.getStatus().getPhase())) {
                        throw new RunFailure("client " + index(p) + ": pod " + p.getMetadata().getName() + " had not started "
                                + o.lateSeconds() + " s after the clients' common start: " + PodTrouble.waitingFor(p));
                    }
                }
            }
            Integer succeeded = job.getStatus() == null ? null : job.getStatus().getSucceeded();
            if (succeeded != null && succeeded >= o.clients()) {
                return null;
            }
            for (JobCondition c : job.getStatus() == null || job.getStatus().getConditions() == null ? List.<JobCondition>of()
                    : job.getStatus().getConditions()) {
                if ("Failed".equals(c.getType()) && "True".equals(c.getStatus())) {
                    throw new RunFailure("the clients' Job failed (" + c.getReason() + "): " + c.getMessage());
                }
            }
            Pod server = serverPod();
            Optional<String> trouble = PodTrouble.of(server);
            if (trouble.isPresent() || !"Running".equals(server.getStatus().getPhase())) {
                throw new RunFailure("server " + trouble.orElse("pod " + plan.serverName() + " stopped while the clients ran"));
            }
            if (waiting.clockMillis().getAsLong() >= until) {
                throw new RunFailure("the clients did not finish within " + (o.startLeadSeconds() + o.timeoutSeconds() + 60L)
                        + " s of their Job's creation (" + (succeeded == null ? 0 : succeeded) + " of " + o.clients() + " done)");
            }
            pause();
        }
    }

    private List<Pod> clientPods() {
        return client.pods().inNamespace(ns).withLabel(ClusterPlan.RUN_LABEL, plan.options().runId()).withLabel(ClusterPlan.ROLE_LABEL, "client")
                .list().getItems().stream().sorted(Comparator.comparingInt(Coordinator::index)).toList();
    }

    private static int index(Pod p) {
        Map<String, String> a = p.getMetadata().getAnnotations();
        String i = a == null ? null : a.get("batch.kubernetes.io/job-completion-index");
        try {
            return i == null ? -1 : Integer.parseInt(i);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** Reads the results of every client that succeeded; a succeeded client without them fails the run. */
    private String collect(List<ClientRecord> records, String failure) {
        for (Pod p : clientPods()) {
            if (!"Succeeded".equals(p.getStatus() == null ? null : p.getStatus().getPhase())) {
                continue;
            }
            String text = client.pods().inNamespace(ns).withName(p.getMetadata().getName()).getLog();
            Optional<String> printed = ImageContract.recordIn(text);
            String problem = null;
            Map<String, byte[]> files = Map.of();
            if (printed.isEmpty()) {
                problem = "finished without printing its results";
            } else {
                try {
                    files = ResultArchive.unpack(printed.get());
                    if (!files.containsKey("run.json")) {
                        problem = "printed results without a run.json";
                    }
                } catch (IllegalArgumentException e) {
                    problem = "printed results that cannot be read: " + e.getMessage();
                }
            }
            if (problem != null) {
                if (failure == null) {
                    failure = "client " + index(p) + " (pod " + p.getMetadata().getName() + ") " + problem;
                }
                continue;
            }
            records.add(new ClientRecord(index(p), p.getMetadata().getName(), PodTrouble.node(p), files));
        }
        return failure;
    }

    private void collectQuietly(List<ClientRecord> records) {
        try {
            collect(records, "failed");
        } catch (KubernetesClientException ignored) {
            // the run already failed for a reason said; the records that could be read are kept
        }
    }

    private void pause() throws RunFailure {
        try {
            waiting.pause().pause(waiting.poll());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RunFailure("stopped");
        }
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        String m = t.getMessage() == null ? t.getClass().getSimpleName() : t.getClass().getSimpleName() + ": " + t.getMessage();
        return m.lines().findFirst().orElse(m);
    }

    /** Ends a run's waits with the one line saying why. */
    private static final class RunFailure extends Exception {
        RunFailure(String message) {
            super(message);
        }
    }
}
