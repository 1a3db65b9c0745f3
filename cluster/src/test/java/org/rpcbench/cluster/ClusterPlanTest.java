package org.rpcbench.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ClusterPlanTest {
    static final long START = 1_800_000_000L;

    static ClusterOptions options(int clients) {
        return builder(clients).build();
    }

    static ClusterOptions.Builder builder(int clients) {
        return ClusterOptions.builder("r42", "dubbo-hessian", "rpc-bench:abc1234").namespace("bench").clients(clients)
                .port(20880).clientArgs(List.of("-f", "1", "-wi", "2")).clientJvm(List.of("-Xmx1g"));
    }

    @Test
    void everyObjectCarriesTheRunsLabels() {
        ClusterPlan plan = new ClusterPlan(options(3));
        for (ObjectNode o : plan.objects(START)) {
            JsonNode labels = o.at("/metadata/labels");
            assertThat(labels.path("app.kubernetes.io/name").asText()).isEqualTo("rpc-bench");
            assertThat(labels.path("rpcbench.run").asText()).isEqualTo("r42");
            assertThat(o.at("/metadata/namespace").asText()).isEqualTo("bench");
        }
        assertThat(plan.serverPod().at("/metadata/labels/rpcbench.role").asText()).isEqualTo("server");
        assertThat(plan.clientJob(START).at("/spec/template/metadata/labels/rpcbench.role").asText()).isEqualTo("client");
        assertThat(plan.clientJob(START).at("/spec/template/metadata/labels/rpcbench.run").asText()).isEqualTo("r42");
        assertThat(plan.runSelector()).isEqualTo("app.kubernetes.io/name=rpc-bench,rpcbench.run=r42");
    }

    @Test
    void theServerListensOnEveryAddressInItsPoolAndIsReadyWhenItsPortIs() {
        ObjectNode pod = new ClusterPlan(options(1)).serverPod();
        assertThat(pod.at("/spec/nodeSelector/rpcbench.role").asText()).isEqualTo("server");
        JsonNode c = pod.at("/spec/containers/0");
        assertThat(strings(c.get("command"))).containsExactly("java", "-jar", "/opt/rpc-bench/jars/dubbo-hessian-server.jar",
                "--host", "0.0.0.0", "--port", "20880", "--meter-port", "20881");
        assertThat(c.at("/readinessProbe/tcpSocket/port").asInt()).isEqualTo(20880);
        assertThat(c.at("/ports/1/name").asText()).isEqualTo("meter");
        assertThat(c.at("/ports/1/containerPort").asInt()).isEqualTo(20881);
        // the server names its node (the pod's hostname is the pod's name)
        assertThat(c.at("/env/0/name").asText()).isEqualTo("RPCBENCH_NODE");
        assertThat(c.at("/env/0/valueFrom/fieldRef/fieldPath").asText()).isEqualTo("spec.nodeName");
        assertThat(c.at("/resources/requests")).isEqualTo(c.at("/resources/limits"));
        assertThat(c.at("/resources/limits/cpu").asText()).isEqualTo("2");
        assertThat(pod.at("/spec/restartPolicy").asText()).isEqualTo("Never");
    }

    @Test
    void theServiceIsHeadlessAndSelectsOnlyThisRunsServer() {
        ObjectNode service = new ClusterPlan(options(1)).service();
        assertThat(service.at("/spec/clusterIP").asText()).isEqualTo("None");
        assertThat(service.at("/spec/selector/rpcbench.run").asText()).isEqualTo("r42");
        assertThat(service.at("/spec/selector/rpcbench.role").asText()).isEqualTo("server");
        assertThat(service.at("/spec/ports/0/port").asInt()).isEqualTo(20880);
        assertThat(service.at("/spec/ports/1/name").asText()).isEqualTo("meter");
        assertThat(service.at("/spec/ports/1/port").asInt()).isEqualTo(20881);
    }

    @Test
    void theMeterPortIsTheOneAfterTheServersUnlessGivenAndNeverTheSame() {
        assertThat(ClusterOptions.builder("r42", "dubbo-hessian", "i").port(7000).build().meterPort()).isEqualTo(7001);
        assertThat(ClusterOptions.builder("r42", "dubbo-hessian", "i").port(65535).build().meterPort()).isEqualTo(65534);
        assertThat(ClusterOptions.builder("r42", "dubbo-hessian", "i").port(7000).meterPort(9100).build().meterPort()).isEqualTo(9100);
        assertThatThrownBy(() -> ClusterOptions.builder("r42", "dubbo-hessian", "i").port(7000).meterPort(7000).build())
                .hasMessage("the meter port and the server's port are both 7000: they must differ");
    }

    @Test
    void theClientsAreAnIndexedJobAllAtOnceNeverRetriedAndAllStartingAtOneInstant() {
        ClusterPlan plan = new ClusterPlan(options(4));
        ObjectNode job = plan.clientJob(START);
        assertThat(job.at("/spec/completionMode").asText()).isEqualTo("Indexed");
        assertThat(job.at("/spec/completions").asInt()).isEqualTo(4);
        assertThat(job.at("/spec/parallelism").asInt()).isEqualTo(4);
        assertThat(job.at("/spec/backoffLimit").asInt()).isZero();
        assertThat(job.at("/spec/activeDeadlineSeconds").asInt()).isEqualTo(1800);
        JsonNode pod = job.at("/spec/template/spec");
        assertThat(pod.at("/nodeSelector/rpcbench.role").asText()).isEqualTo("client");
        JsonNode c = pod.at("/containers/0");
        List<String> command = strings(c.get("command"));
        assertThat(command.subList(0, 2)).containsExactly("sh", "-c");
        assertThat(command.subList(4, command.size())).containsExactly("java", "-Xmx1g", "-jar", "/opt/rpc-bench/jars/dubbo-hessian-client.jar",
                "--host", "rpcbench-r42", "--port", "20880", "--result", "/tmp/rpc-bench/jmh.json", "--server-meter", "rpcbench-r42:20881",
                "-f", "1", "-wi", "2");
        assertThat(c.at("/env/0/name").asText()).isEqualTo("RPCBENCH_START_AT");
        assertThat(c.at("/env/0/value").asText()).isEqualTo(Long.toString(START));
        assertThat(c.at("/env/2/valueFrom/fieldRef/fieldPath").asText()).isEqualTo("spec.nodeName");
    }

    @Test
    void clientsKeepOffTheServersNodeOffEachOthersAndOffOtherRuns() {
        ClusterPlan plan = new ClusterPlan(options(2));
        JsonNode terms = plan.clientJob(START).at("/spec/template/spec/affinity/podAntiAffinity/requiredDuringSchedulingIgnoredDuringExecution");
        assertThat(terms).hasSize(3);
        terms.forEach(t -> assertThat(t.get("topologyKey").asText()).isEqualTo("kubernetes.io/hostname"));
        assertThat(terms.get(0).at("/labelSelector/matchExpressions/0/operator").asText()).isEqualTo("NotIn");
        assertThat(terms.get(1).at("/labelSelector/matchLabels/rpcbench.role").asText()).isEqualTo("server");
        assertThat(terms.get(2).at("/labelSelector/matchLabels/rpcbench.role").asText()).isEqualTo("client");

        ClusterOptions shared = ClusterOptions.builder("r42", "dubbo-hessian", "rpc-bench:abc1234").clients(2).clientPerNode(false).build();
        JsonNode sharing = new ClusterPlan(shared).clientJob(START)
                .at("/spec/template/spec/affinity/podAntiAffinity/requiredDuringSchedulingIgnoredDuringExecution");
        assertThat(sharing).hasSize(2);
        JsonNode server = new ClusterPlan(shared).serverPod().at("/spec/affinity/podAntiAffinity/requiredDuringSchedulingIgnoredDuringExecution");
        assertThat(server).hasSize(1);
        assertThat(server.get(0).at("/labelSelector/matchExpressions/0/values/0").asText()).isEqualTo("r42");
    }

    @Test
    void theYamlStreamReadsBackAsTheSameObjects() throws Exception {
        ClusterPlan plan = new ClusterPlan(options(2));
        String yaml = plan.yaml(START);
        ObjectMapper mapper = new ObjectMapper(new YAMLFactory());
        List<JsonNode> read = new ArrayList<>();
        try (YAMLParser parser = new YAMLFactory().createParser(yaml)) {
            mapper.readValues(parser, JsonNode.class).forEachRemaining(read::add);
        }
        assertThat(read).containsExactlyElementsOf(plan.objects(START));
    }

    @Test
    void badOptionsAreRefusedWithTheReason() {
        assertThatThrownBy(() -> ClusterOptions.builder("R_42", "dubbo-hessian", "i").build()).hasMessageContaining("run id 'R_42'");
        assertThatThrownBy(() -> ClusterOptions.builder("r", "dubbo-hessian", "i").clients(0).build()).hasMessageContaining("clients 0");
        assertThatThrownBy(() -> ClusterOptions.builder("r", "dubbo-hessian", "i").clientPool(new Pool("rpcbench.role", "server")).build())
                .hasMessageContaining("must differ");
        assertThatThrownBy(() -> new Resources("0", "1Gi")).hasMessageContaining("CPU quantity");
        assertThatThrownBy(() -> new Resources("2", "lots")).hasMessageContaining("memory quantity");
        assertThatThrownBy(() -> new Pool("rpcbench.role", "no spaces")).hasMessageContaining("label value");
        assertThatThrownBy(() -> ClusterOptions.builder("r", "dubbo-hessian", "i").imagePullPolicy("Sometimes").build())
                .hasMessageContaining("Sometimes");
    }

    static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }
}
