package org.rpcbench.runs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import org.rpcbench.record.Json;

/**
 * What a suite runs, with what, and how each of its runs ended, kept in the suite's directory ({@value #FILE}) and
 * rewritten as each run ends: {@code suite --again DIR} reads it to run again, with the same settings, every run that
 * did not pass (a failed one, or one that a stop left undone), and the table is made again from all of them. Holds no
 * secret: the history store is named by the environment of each command, never here.
 *
 * @param suite the suite's name
 * @param releases the Dubbo releases given with --releases, or empty for the suite's rows as declared
 * @param title the title of the suite's table
 * @param rows the rows' keys, in the suite's order
 * @param shape the client's options, the calls in flight, the pinning and both sides' JVM options of every run
 * @param switches the framework switches of every run
 * @param outcomes each run that ended, with its exit code, in the order they ended (a run run again: its latest)
 */
public record SuitePlan(String suite, List<String> releases, String title, List<String> rows, int rounds, RunShape shape,
                        List<String> switches, List<Outcome> outcomes) {
    public static final String FILE = "suite-plan.json";
    static final int SCHEMA = 1;

    /** How one run of a row in a round ended: 0 passed, anything else did not. */
    public record Outcome(String key, int round, int exit) {}

    public SuitePlan {
        releases = List.copyOf(releases);
        rows = List.copyOf(rows);
        switches = List.copyOf(switches);
        outcomes = List.copyOf(outcomes);
    }

    /** Whether the latest run of {@code key} in {@code round} passed. */
    public boolean passed(String key, int round) {
        return outcomes.stream().anyMatch(o -> o.key().equals(key) && o.round() == round && o.exit() == 0);
    }

    /** Whether the run of {@code key} in {@code round} ended, passed or not (a stop leaves it undone). */
    public boolean ended(String key, int round) {
        return outcomes.stream().anyMatch(o -> o.key().equals(key) && o.round() == round);
    }

    /** The rows with a run that did not pass, in the suite's order. */
    public List<String> rowsToRunAgain() {
        List<String> again = new ArrayList<>();
        for (String key : rows) {
            for (int round = 1; round <= rounds; round++) {
                if (!passed(key, round)) {
                    again.add(key);
                    break;
                }
            }
        }
        return again;
    }

    /** The same plan with this run's ending, in place of an earlier one of the same run. */
    public SuitePlan ran(String key, int round, int exit) {
        List<Outcome> now = new ArrayList<>(outcomes.stream().filter(o -> !(o.key().equals(key) && o.round() == round)).toList());
        now.add(new Outcome(key, round, exit));
        return new SuitePlan(suite, releases, title, rows, rounds, shape, switches, now);
    }

    /** The directories of the runs that ended, row by row and round by round. */
    public List<Path> endedRuns(Path dir) {
        List<Path> runs = new ArrayList<>();
        for (String key : rows) {
            for (int round = 1; round <= rounds; round++) {
                if (ended(key, round)) {
                    runs.add(SuiteRounds.runDir(dir, key, round, rounds));
                }
            }
        }
        return runs;
    }

    /** Writes it into the suite's directory, whole or not at all. */
    public void write(Path dir) throws IOException {
        ObjectNode j = Json.MAPPER.createObjectNode();
        j.put("schema", SCHEMA);
        j.put("suite", suite);
        strings(j.putArray("releases"), releases);
        j.put("title", title);
        strings(j.putArray("rows"), rows);
        j.put("rounds", rounds);
        j.put("clientArgs", shape.clientArgs());
        shape.concurrency().forEach(j.putArray("concurrency")::add);
        j.put("pin", shape.pin());
        strings(j.putArray("serverJvm"), shape.serverJvm());
        strings(j.putArray("clientJvm"), shape.clientJvm());
        strings(j.putArray("switches"), switches);
        ArrayNode ended = j.putArray("outcomes");
        for (Outcome o : outcomes) {
            ended.addObject().put("key", o.key()).put("round", o.round()).put("exit", o.exit());
        }
        org.rpcbench.record.WholeFile.write(dir.resolve(FILE), Json.MAPPER.writeValueAsString(j) + "\n");
    }

    /**
     * The plan kept in a suite's directory.
     *
     * @throws IllegalArgumentException in one line, when there is none, or it cannot be read, or a newer harness wrote it
     */
    public static SuitePlan read(Path dir) {
        Path file = dir.resolve(FILE);
        JsonNode j;
        try {
            j = Json.MAPPER.readTree(Files.readString(file, StandardCharsets.UTF_8));
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException(dir + " holds no " + FILE + ": not a suite's results (or one from before suites kept"
                    + " their plan)");
        } catch (IOException e) {
            throw new IllegalArgumentException(file + " cannot be read: " + e.getMessage().lines().findFirst().orElse(""));
        }
        int schema = j.path("schema").asInt(-1);
        if (schema != SCHEMA) {
            throw new IllegalArgumentException(file + " is of schema " + j.path("schema") + "; this harness reads schema " + SCHEMA);
        }
        for (String field : List.of("suite", "releases", "title", "rows", "rounds", "clientArgs", "concurrency", "pin", "serverJvm",
                "clientJvm", "switches", "outcomes")) {
            if (!j.hasNonNull(field)) {
                throw new IllegalArgumentException(file + " has no " + field);
            }
        }
        List<Integer> concurrency = new ArrayList<>();
        j.get("concurrency").forEach(n -> concurrency.add(n.asInt()));
        List<Outcome> outcomes = new ArrayList<>();
        j.get("outcomes").forEach(o -> outcomes.add(new Outcome(o.path("key").asText(), o.path("round").asInt(), o.path("exit").asInt())));
        return new SuitePlan(j.get("suite").asText(), strings(j.get("releases")), j.get("title").asText(), strings(j.get("rows")),
                j.get("rounds").asInt(), new RunShape(j.get("clientArgs").asText(), concurrency, j.get("pin").asBoolean(),
                strings(j.get("serverJvm")), strings(j.get("clientJvm"))), strings(j.get("switches")), outcomes);
    }

    private static void strings(ArrayNode into, List<String> values) {
        values.forEach(into::add);
    }

    private static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }
}
