package org.rpcbench.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * deploy/kubernetes/nightly.yaml: its Role grants exactly what the coordinator does (no more, no less),
 * its RoleBinding gives that Role to the ServiceAccount the CronJob runs as, and the CronJob's pod keeps
 * off the benchmark's node pools.
 */
class NightlyManifestTest {
    static final Path NIGHTLY = Path.of("../deploy/kubernetes/nightly.yaml");

    static List<JsonNode> objects() throws Exception {
        List<JsonNode> read = new ArrayList<>();
        try (YAMLParser parser = new YAMLFactory().createParser(NIGHTLY.toFile())) {
            new ObjectMapper().readValues(parser, JsonNode.class).forEachRemaining(read::add);
        }
        return read;
    }

    static JsonNode one(List<JsonNode> objects, String kind) {
        List<JsonNode> found = objects.stream().filter(o -> kind.equals(o.path("kind").asText())).toList();
        assertThat(found).as(kind).hasSize(1);
        return found.get(0);
    }

    @Test
    void theRoleGrantsExactlyWhatTheCoordinatorDoes() throws Exception {
        JsonNode role = one(objects(), "Role");
        Set<Coordinator.Permission> granted = new HashSet<>();
        for (JsonNode rule : role.get("rules")) {
            for (JsonNode group : rule.get("apiGroups")) {
                for (JsonNode resource : rule.get("resources")) {
                    for (JsonNode verb : rule.get("verbs")) {
                        granted.add(new Coordinator.Permission(verb.asText(), group.asText(), resource.asText()));
                    }
                }
            }
        }
        assertThat(granted).containsExactlyInAnyOrderElementsOf(Coordinator.NEEDED);
    }

    @Test
    void theCronJobRunsAsTheBoundServiceAccountOffThePools() throws Exception {
        List<JsonNode> objects = objects();
        String account = one(objects, "ServiceAccount").at("/metadata/name").asText();
        JsonNode binding = one(objects, "RoleBinding");
        assertThat(binding.at("/roleRef/name").asText()).isEqualTo(one(objects, "Role").at("/metadata/name").asText());
        assertThat(binding.at("/subjects/0/name").asText()).isEqualTo(account);
        JsonNode pod = one(objects, "CronJob").at("/spec/jobTemplate/spec/template/spec");
        assertThat(pod.at("/serviceAccountName").asText()).isEqualTo(account);
        JsonNode away = pod.at("/affinity/nodeAffinity/requiredDuringSchedulingIgnoredDuringExecution/nodeSelectorTerms/0/matchExpressions/0");
        assertThat(away.get("key").asText()).isEqualTo(ClusterOptions.POOL_KEY);
        assertThat(away.get("operator").asText()).isEqualTo("DoesNotExist");
        Set<String> namespaces = objects.stream().map(o -> o.at("/metadata/namespace").asText()).collect(Collectors.toSet());
        assertThat(namespaces).containsExactly(binding.at("/subjects/0/namespace").asText());
    }
}
