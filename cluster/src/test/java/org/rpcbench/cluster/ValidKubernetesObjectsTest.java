package org.rpcbench.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every object rpc-bench renders is valid for Kubernetes {@value KubernetesValidator#KUBERNETES}, checked
 * offline against its schemas; and the check rejects an object with a misspelt field, so it can fail.
 */
class ValidKubernetesObjectsTest {
    static final long START = 1_800_000_000L;

    @Test
    void thePlansObjectsAreValid(@TempDir Path dir) throws Exception {
        KubernetesValidator validator = KubernetesValidator.find();
        ClusterOptions onePerNode = ClusterPlanTest.options(3);
        ClusterOptions sharing = ClusterOptions.builder("nightly-7", "triple-protobuf", "registry.example/rpc-bench:0f3c2a1")
                .namespace("perf").clients(2).clientPerNode(false).server(new Resources("4", "4Gi")).client(new Resources("1500m", "1Gi"))
                .serverPool(new Pool("example.com/pool", "bench-server")).clientPool(new Pool("example.com/pool", "bench-client"))
                .imagePullPolicy("Always").build();
        Path a = Files.writeString(dir.resolve("one-per-node.yaml"), new ClusterPlan(onePerNode).yaml(START));
        Path b = Files.writeString(dir.resolve("sharing.yaml"), new ClusterPlan(sharing).yaml(START));

        KubernetesValidator.Verdict verdict = validator.validate(List.of(a, b));

        assertThat(verdict.exitCode()).as(verdict.output()).isZero();
        assertThat(verdict.output().lines().filter(l -> l.contains(" passed for resource "))).as(verdict.output()).hasSize(6);
    }

    @Test
    void theNightlysManifestsAreValid() throws Exception {
        KubernetesValidator validator = KubernetesValidator.find();

        KubernetesValidator.Verdict verdict = validator.validate(List.of(NightlyManifestTest.NIGHTLY));

        assertThat(verdict.exitCode()).as(verdict.output()).isZero();
        assertThat(verdict.output().lines().filter(l -> l.contains(" passed for resource "))).as(verdict.output()).hasSize(4);
    }

    @Test
    void aMisspeltFieldIsRejected(@TempDir Path dir) throws Exception {
        KubernetesValidator validator = KubernetesValidator.find();
        ObjectNode pod = new ClusterPlan(ClusterPlanTest.options(1)).serverPod();
        ((ObjectNode) pod.at("/spec/containers/0")).put("imagePulPolicy", "Always");
        Path bad = Files.writeString(dir.resolve("bad.json"), ClusterPlan.json(pod));

        KubernetesValidator.Verdict verdict = validator.validate(List.of(bad));

        assertThat(verdict.exitCode()).as(verdict.output()).isNotZero();
        assertThat(verdict.output()).contains("imagePulPolicy");
    }
}
