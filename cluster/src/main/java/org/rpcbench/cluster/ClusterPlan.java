package org.rpcbench.cluster;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One pair run on Kubernetes as plain objects: the server's Pod and its (headless) Service, and the clients'
 * Indexed Job. Every object carries the run's labels, so that the run is found, watched and deleted by them.
 *
 * <p>Placement: the server runs in its pool, the clients in theirs (nodeSelector). Required anti-affinity on
 * {@code kubernetes.io/hostname} keeps the clients off the server's node and, with one client per node,
 * off each other's; the server and the clients also keep off every node running another run's pods, so
 * runs made at once (parallel rounds) each have nodes of their own.
 *
 * <p>One window: the Job is made only once the server is ready, and every client waits for the same
 * instant ({@value ImageContract#START_AT}, epoch seconds) before it starts; a client that starts more than
 * the options' late tolerance after it fails, and so the run.
 */
public final class ClusterPlan {
    public static final String NAME_LABEL = "app.kubernetes.io/name";
    public static final String APP = "rpc-bench";
    public static final String RUN_LABEL = "rpcbench.run";
    public static final String ROLE_LABEL = "rpcbench.role";
    public static final String PAIR_LABEL = "rpcbench.pair";
    public static final String HOSTNAME = "kubernetes.io/hostname";

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    private static final ObjectMapper JSON_WRITER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    private static final ObjectMapper YAML_WRITER = new ObjectMapper(new YAMLFactory()
            .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
            .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
            .enable(YAMLGenerator.Feature.ALWAYS_QUOTE_NUMBERS_AS_STRINGS));

    private final ClusterOptions options;

    public ClusterPlan(ClusterOptions options) {
        this.options = options;
    }

    public ClusterOptions options() {
        return options;
    }

    public String serverName() {
        return "rpcbench-" + options.runId() + "-server";
    }

    public String serviceName() {
        return "rpcbench-" + options.runId();
    }

    public String jobName() {
        return "rpcbench-" + options.runId() + "-clients";
    }

    /** The selector that finds every object of this run. */
    public String runSelector() {
        return NAME_LABEL + "=" + APP + "," + RUN_LABEL + "=" + options.runId();
    }

    /** The labels of every object of the run, and of its pods. */
    public Map<String, String> labels(String role) {
        Map<String, String> labels = new LinkedHashMap<>();
        labels.put(NAME_LABEL, APP);
        labels.put(RUN_LABEL, options.runId());
        labels.put(ROLE_LABEL, role);
        labels.put(PAIR_LABEL, options.pair());
        return labels;
    }

    /** The server: one pod in the server pool, ready when its port accepts connections. */
    public ObjectNode serverPod() {
        ObjectNode pod = object("v1", "Pod", serverName(), "server");
        ObjectNode spec = pod.putObject("spec");
        podBasics(spec, options.serverPool());
        spec.set("affinity", affinity(List.of(otherRunsTerm())));
        ObjectNode container = container("server", options.server());
        container.set("command", strings(ImageContract.serverCommand(options)));
        ObjectNode port = container.putArray("ports").addObject();
        port.put("name", "rpc");
        port.put("containerPort", options.port());
        port.put("protocol", "TCP");
        ObjectNode meter = ((ArrayNode) container.get("ports")).addObject();
        meter.put("name", "meter");
        meter.put("containerPort", options.meterPort());
        meter.put("protocol", "TCP");
        nodeNameEnv(container.putArray("env"));
        ObjectNode probe = container.putObject("readinessProbe");
        probe.putObject("tcpSocket").put("port", options.port());
        probe.put("periodSeconds", 5);
        probe.put("failureThreshold", 1);
        spec.putArray("containers").add(container);
        return pod;
    }

    /**
     * The name the clients call the server by, and read its meters at: a headless Service, so no proxy stands
     * between them.
     */
    public ObjectNode service() {
        ObjectNode service = object("v1", "Service", serviceName(), "server");
        ObjectNode spec = service.putObject("spec");
        spec.put("clusterIP", "None");
        ObjectNode selector = spec.putObject("selector");
        selector.put(RUN_LABEL, options.runId());
        selector.put(ROLE_LABEL, "server");
        ObjectNode port = spec.putArray("ports").addObject();
        port.put("name", "rpc");
        port.put("port", options.port());
        port.put("targetPort", options.port());
        port.put("protocol", "TCP");
        ObjectNode meter = ((ArrayNode) spec.get("ports")).addObject();
        meter.put("name", "meter");
        meter.put("port", options.meterPort());
        meter.put("targetPort", options.meterPort());
        meter.put("protocol", "TCP");
        return service;
    }

    /**
     * The clients: an Indexed Job of N completions, all N at once, none retried (a retried client would
     * measure outside the window), each starting at {@code startAtEpochSecond}.
     */
    public ObjectNode clientJob(long startAtEpochSecond) {
        ObjectNode job = object("batch/v1", "Job", jobName(), "client");
        ObjectNode spec = job.putObject("spec");
        spec.put("completionMode", "Indexed");
        spec.put("completions", options.clients());
        spec.put("parallelism", options.clients());
        spec.put("backoffLimit", 0);
        spec.put("activeDeadlineSeconds", options.timeoutSeconds());
        ObjectNode template = spec.putObject("template");
        template.putObject("metadata").set("labels", labels(labels("client")));
        ObjectNode podSpec = template.putObject("spec");
        podBasics(podSpec, options.clientPool());
        ObjectNode server = JSON.objectNode();
        server.put(RUN_LABEL, options.runId());
        server.put(ROLE_LABEL, "server");
        List<ObjectNode> apart = new ArrayList<>(List.of(otherRunsTerm(), term(server)));
        if (options.clientPerNode()) {
            ObjectNode clients = JSON.objectNode();
            clients.put(RUN_LABEL, options.runId());
            clients.put(ROLE_LABEL, "client");
            apart.add(term(clients));
        }
        podSpec.set("affinity", affinity(apart));
        ObjectNode container = container("client", options.client());
        container.set("command", strings(ImageContract.clientCommand(options, serviceName())));
        ArrayNode env = container.putArray("env");
        env.addObject().put("name", ImageContract.START_AT).put("value", Long.toString(startAtEpochSecond));
        env.addObject().put("name", ImageContract.LATE_SECONDS).put("value", Integer.toString(options.lateSeconds()));
        nodeNameEnv(env);
        podSpec.putArray("containers").add(container);
        return job;
    }

    /** Everything, in the order it is made (the Job only once the server is ready). */
    public List<ObjectNode> objects(long startAtEpochSecond) {
        return List.of(service(), serverPod(), clientJob(startAtEpochSecond));
    }

    /** The objects as one YAML stream, for kubectl or for review. */
    public String yaml(long startAtEpochSecond) {
        StringBuilder out = new StringBuilder();
        for (ObjectNode o : objects(startAtEpochSecond)) {
            out.append("---\n").append(write(YAML_WRITER, o));
        }
        return out.toString();
    }

    /** One object as indented JSON. */
    public static String json(ObjectNode object) {
        return write(JSON_WRITER, object);
    }

    private static String write(ObjectMapper mapper, ObjectNode o) {
        try {
            return mapper.writeValueAsString(o);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private ObjectNode object(String apiVersion, String kind, String name, String role) {
        ObjectNode o = JSON.objectNode();
        o.put("apiVersion", apiVersion);
        o.put("kind", kind);
        ObjectNode metadata = o.putObject("metadata");
        metadata.put("name", name);
        metadata.put("namespace", options.namespace());
        metadata.set("labels", labels(labels(role)));
        return o;
    }

    private static void podBasics(ObjectNode spec, Pool pool) {
        spec.put("restartPolicy", "Never");
        spec.put("automountServiceAccountToken", false);
        spec.put("enableServiceLinks", false);
        spec.putObject("nodeSelector").put(pool.key(), pool.value());
    }

    private ObjectNode container(String name, Resources resources) {
        ObjectNode c = JSON.objectNode();
        c.put("name", name);
        c.put("image", options.image());
        c.put("imagePullPolicy", options.imagePullPolicy());
        // the end of a failed container's log becomes its termination message: the coordinator's one line
        c.put("terminationMessagePolicy", "FallbackToLogsOnError");
        ObjectNode amounts = JSON.objectNode();
        amounts.put("cpu", resources.cpu());
        amounts.put("memory", resources.memory());
        ObjectNode r = c.putObject("resources");
        r.set("requests", amounts.deepCopy());
        r.set("limits", amounts);
        return c;
    }

    private static void nodeNameEnv(ArrayNode env) {
        ObjectNode node = env.addObject().put("name", "RPCBENCH_NODE");
        node.putObject("valueFrom").putObject("fieldRef").put("fieldPath", "spec.nodeName");
    }

    /** Pods of rpc-bench's other runs: a run's nodes are its own. */
    private ObjectNode otherRunsTerm() {
        ObjectNode term = JSON.objectNode();
        ObjectNode selector = term.putObject("labelSelector");
        selector.putObject("matchLabels").put(NAME_LABEL, APP);
        ObjectNode notThis = selector.putArray("matchExpressions").addObject();
        notThis.put("key", RUN_LABEL);
        notThis.put("operator", "NotIn");
        notThis.putArray("values").add(options.runId());
        term.put("topologyKey", HOSTNAME);
        return term;
    }

    private static ObjectNode term(ObjectNode matchLabels) {
        ObjectNode term = JSON.objectNode();
        term.putObject("labelSelector").set("matchLabels", matchLabels);
        term.put("topologyKey", HOSTNAME);
        return term;
    }

    private static ObjectNode affinity(List<ObjectNode> terms) {
        ObjectNode affinity = JSON.objectNode();
        ArrayNode required = affinity.putObject("podAntiAffinity").putArray("requiredDuringSchedulingIgnoredDuringExecution");
        terms.forEach(required::add);
        return affinity;
    }

    private static ObjectNode labels(Map<String, String> labels) {
        ObjectNode o = JSON.objectNode();
        labels.forEach(o::put);
        return o;
    }

    private static ArrayNode strings(List<String> values) {
        ArrayNode a = JSON.arrayNode();
        values.forEach(a::add);
        return a;
    }
}
