package org.rpcbench.record;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The rule against the vectors every writer of run records (the Go load client too) is tested with. */
class SteadyStateTest {
    static final Path VECTORS = Path.of("..", "benchmark-base", "src", "test", "resources", "steady-state-vectors.json");

    @Test
    void theSharedVectorsHold() throws Exception {
        JsonNode vectors = Json.MAPPER.readTree(Files.readString(VECTORS)).get("vectors");
        assertThat(vectors.size()).isGreaterThan(5);
        for (JsonNode v : vectors) {
            double[] scores = new double[v.get("scores").size()];
            for (int i = 0; i < scores.length; i++) {
                scores[i] = v.get("scores").get(i).asDouble();
            }
            assertThat(SteadyState.excluded(scores)).as(v.get("scores").toString()).isEqualTo(v.get("excluded").asInt());
        }
    }

    @Test
    void theIssuesExampleLeavesOutTheTwoSlowStarts() {
        assertThat(SteadyState.excluded(new double[] {13_000, 28_800, 34_000, 30_900})).isEqualTo(2);
    }
}
