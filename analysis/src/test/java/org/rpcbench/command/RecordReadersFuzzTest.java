package org.rpcbench.command;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rpcbench.record.Json;
import org.rpcbench.record.Records;
import org.rpcbench.record.RunSummary;
import org.rpcbench.record.TallyFile;
import org.rpcbench.report.Runs;
import org.rpcbench.runs.RunShape;
import org.rpcbench.runs.SuitePlan;

/**
 * The readers of what the project finds on disk (run.json, tallies, suite-plan.json), fed valid files spoilt
 * at random: cut short, a value of the wrong kind, null, a huge or negative number, a part left out, an unknown
 * schema. Each is read, or refused in the reader's one line (its IOException, or SuitePlan's
 * IllegalArgumentException), never with another exception; a run record that reads is summarized too. Seeded
 * and bounded in count: the same cases every time, in a few seconds.
 */
class RecordReadersFuzzTest {
    static final long SEED = 20261128L;
    static final int CASES = 60;

    @TempDir
    Path dir;

    final Random random = new Random(SEED);

    @Test
    void runRecordsAreReadOrRefusedInOneLine() throws Exception {
        // a client's record as the launcher assembles it: iterations, histograms, costs
        MergeCommandTest client = new MergeCommandTest();
        client.dir = dir;
        Path made = client.client("host-a", "dubbo-hessian", new double[] {1000, 1100}, MergeCommandTest.tally(20, 1, 1));
        String valid = Files.readString(made.resolve("run.json"));
        Captured cli = new Captured();
        cli.env = java.util.Map.of("RPCBENCH_HISTORY", "off");
        // every value that holds others, made null in turn; then spoilt at random
        List<String> inputs = new ArrayList<>(nullEach(valid));
        for (int i = 0; i < CASES; i++) {
            inputs.add(spoil(valid));
        }
        for (int i = 0; i < inputs.size(); i++) {
            String spoilt = inputs.get(i);
            Path file = Files.writeString(dir.resolve("run.json"), spoilt);
            try {
                RunSummary.render("fuzz", Records.read(file));
            } catch (IOException e) {
                oneLine(e, spoilt);
            } catch (RuntimeException e) {
                fail("case " + i + ": " + e + " reading " + spoilt, e);
            }
            // and as a command reads it: verified, its costs too
            int exit = cli.run("verify", "--costs", file.toString());
            assertThat(exit).as("case %d: verify's exit for %s: %s", i, spoilt, cli.err()).isBetween(0, 2);
            // an exception that escaped verify's checks comes out through the command line's last resort
            assertThat(cli.err()).as("case %d: %s", i, spoilt).doesNotContain("benchmark.sh: verify: failed");
            if (exit == 2) {
                assertThat(cli.errLines()).as("case %d: %s", i, spoilt).hasSize(1);
            }
        }
    }

    @Test
    void talliesAreReadOrRefusedInOneLine() throws Exception {
        Path tallies = Files.createDirectories(dir.resolve("tallies"));
        new TallyFile("getUser", 1, 42, 10, 0, List.of("slow"), List.of(new TallyFile.Window(0, 1.0, 100, 1, null, null, null, null)))
                .write(tallies);
        Path file;
        try (var files = Files.list(tallies)) {
            file = files.findFirst().orElseThrow();
        }
        String valid = Files.readString(file);
        for (int i = 0; i < CASES; i++) {
            String spoilt = spoil(valid);
            Files.writeString(file, spoilt);
            try {
                TallyFile.read(file);
            } catch (IOException e) {
                oneLine(e, spoilt);
            } catch (RuntimeException e) {
                fail("case " + i + ": " + e + " reading " + spoilt, e);
            }
            TallyFile.Read each = TallyFile.readEach(tallies);
            assertThat(each.tallies().size() + each.unreadable().size()).isEqualTo(1);
        }
    }

    @Test
    void suitePlansAreReadOrRefusedInOneLine() throws Exception {
        Path suite = Files.createDirectories(dir.resolve("suite"));
        new SuitePlan("seed-001", List.of(), "seed 001", List.of("dubbo-hessian", "dubbo-kryo"), 2,
                new RunShape("-f 1", List.of(32), false, List.of("-Xmx1g"), List.of("-Xmx1g")), List.of("a=b"), List.of())
                .ran("dubbo-hessian", 1, 0).write(suite);
        String valid = Files.readString(suite.resolve(SuitePlan.FILE));
        for (int i = 0; i < CASES; i++) {
            String spoilt = spoil(valid);
            Files.writeString(suite.resolve(SuitePlan.FILE), spoilt);
            try {
                SuitePlan plan = SuitePlan.read(suite);
                plan.rowsToRunAgain();
                plan.endedRuns(suite);
            } catch (IllegalArgumentException e) {
                oneLine(e, spoilt);
            } catch (RuntimeException e) {
                fail("case " + i + ": " + e + " reading " + spoilt, e);
            }
        }
    }

    static void oneLine(Exception e, String input) {
        assertThat(e.getMessage()).as("the message of %s for %s", e, input).isNotBlank().doesNotContain("\n");
    }

    /** A valid file spoilt one way, chosen at random. */
    String spoil(String valid) throws IOException {
        int way = random.nextInt(4);
        if (way == 0) {
            return valid.substring(0, random.nextInt(valid.length()));
        }
        JsonNode tree = Json.MAPPER.readTree(valid);
        List<JsonNode> containers = new ArrayList<>();
        collect(tree, containers);
        JsonNode target = containers.get(random.nextInt(containers.size()));
        if (target instanceof ObjectNode o && o.size() > 0) {
            List<String> names = new ArrayList<>();
            o.fieldNames().forEachRemaining(names::add);
            String name = way == 3 && o == tree && o.has("schema") ? "schema" : names.get(random.nextInt(names.size()));
            if (way == 1) {
                o.remove(name);
            } else {
                o.set(name, odd());
            }
        } else if (target instanceof ArrayNode a && a.size() > 0) {
            a.set(random.nextInt(a.size()), odd());
        }
        return Json.MAPPER.writeValueAsString(tree);
    }

    /** The file once for each list or object in it below the top, that one made null. */
    static List<String> nullEach(String valid) throws IOException {
        int count = 0;
        List<JsonNode> containers = new ArrayList<>();
        collect(Json.MAPPER.readTree(valid), containers);
        List<String> out = new ArrayList<>();
        for (int k = 1; k < containers.size(); k++) {
            JsonNode tree = Json.MAPPER.readTree(valid);
            List<JsonNode> again = new ArrayList<>();
            collect(tree, again);
            JsonNode target = again.get(k);
            if (nullIn(tree, target)) {
                out.add(Json.MAPPER.writeValueAsString(tree));
            }
        }
        return out;
    }

    /** Replaces {@code target} with null where it is held below {@code node}; whether it was found. */
    static boolean nullIn(JsonNode node, JsonNode target) {
        if (node instanceof ObjectNode o) {
            for (var it = o.fields(); it.hasNext(); ) {
                var e = it.next();
                if (e.getValue() == target) {
                    o.putNull(e.getKey());
                    return true;
                }
                if (nullIn(e.getValue(), target)) {
                    return true;
                }
            }
        } else if (node instanceof ArrayNode a) {
            for (int i = 0; i < a.size(); i++) {
                if (a.get(i) == target) {
                    a.set(i, JsonNodeFactory.instance.nullNode());
                    return true;
                }
                if (nullIn(a.get(i), target)) {
                    return true;
                }
            }
        }
        return false;
    }

    static void collect(JsonNode node, List<JsonNode> into) {
        if (node.isContainerNode()) {
            into.add(node);
            node.forEach(n -> collect(n, into));
        }
    }

    /** A value of some kind that may be wrong where it goes. */
    JsonNode odd() {
        JsonNodeFactory f = JsonNodeFactory.instance;
        return switch (random.nextInt(10)) {
            case 0 -> f.nullNode();
            case 1 -> f.textNode("x");
            case 2 -> f.numberNode(Long.MAX_VALUE);
            case 3 -> f.numberNode(-1);
            case 4 -> f.numberNode(new java.math.BigInteger("123456789012345678901234567890"));
            case 5 -> f.numberNode(1e308);
            case 6 -> f.booleanNode(true);
            case 7 -> f.arrayNode().add(f.nullNode());
            case 8 -> f.objectNode().put("unknown", 1);
            default -> f.numberNode(99);
        };
    }
}
