package org.rpcbench.runs;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.rpcbench.record.Json;
import org.rpcbench.report.SeedFigures;

/**
 * A suite: one seed's experiment as data, in {@code suites/NAME.json} (this module's resources): its pairs in
 * the seed's row order, its cases in the seed's column order, its concurrency (several values make a sweep),
 * and the seed's own figures where it published them. {@code "*"} as the pairs means every pair.
 *
 * @param calls seed 002's mode: a fixed number of calls per run instead of timed iterations (0: timed);
 *     only the Go load client has it
 * @param overall also judge each run's cases together (seed 003's high-pressure scene)
 * @param serverThreads also show how each server's threads shared its CPU (seed 003's concurrency scene)
 * @param connections how the callers reach the server, as the clients' --connections takes it: "per-caller" where
 *     the seed's clients each dialled their own (seeds 002 and 004); null for the clients' default, one shared
 */
public record Suite(String name, String title, String reproduces, List<String> pairs, List<String> cases,
                    List<Integer> concurrency, List<Integer> fullConcurrency, long calls, boolean overall,
                    boolean serverThreads, SeedFigures seed, String connections) {

    /** The smoke profile checks that everything runs: a hundredth of a fixed-calls suite's calls. */
    static final int SMOKE_CALLS_DIVISOR = 100;

    /** The suites, in their listed order. */
    public static List<String> names() {
        List<String> names = new ArrayList<>();
        for (String line : resource("index.txt").split("\n")) {
            if (!line.isBlank() && !line.startsWith("#")) {
                names.add(line.trim());
            }
        }
        return names;
    }

    public static Suite named(String name) {
        if (!names().contains(name)) {
            throw new IllegalArgumentException("unknown suite '" + name + "'; suites: " + String.join(", ", names()));
        }
        try {
            JsonNode j = Json.MAPPER.readTree(resource(name + ".json"));
            return new Suite(name, j.get("title").asText(), j.get("reproduces").asText(), strings(j.get("pairs")),
                    strings(j.get("cases")), ints(j.get("concurrency")),
                    j.has("fullConcurrency") ? ints(j.get("fullConcurrency")) : ints(j.get("concurrency")),
                    j.has("calls") ? j.get("calls").asLong() : 0, j.path("overall").asBoolean(false),
                    j.path("serverThreads").asBoolean(false), SeedFigures.read(j.get("seed")),
                    j.hasNonNull("connections") ? j.get("connections").asText() : null);
        } catch (IOException e) {
            throw new IllegalStateException("the suite " + name + " cannot be read: " + e.getMessage(), e);
        }
    }

    /** The pairs to run, {@code "*"} resolved against the checkout's pairs. */
    public List<String> pairs(Pairs known) {
        if (pairs.equals(List.of("*"))) {
            return known.names();
        }
        for (String p : pairs) {
            if (!known.has(p)) {
                throw new IllegalStateException("the suite " + name + " names a pair this checkout lacks: " + p);
            }
        }
        return pairs;
    }

    /** The client options that make a run of this suite at this profile count its calls, or "" for timed runs. */
    public String callsOption(Profile profile) {
        return calls <= 0 ? "" : " --calls " + (profile == Profile.SMOKE ? Math.max(1, calls / SMOKE_CALLS_DIVISOR) : calls);
    }

    /** Every client option the suite gives: its calls, and its connections when the seed had its own model. */
    public String clientOptions(Profile profile) {
        return callsOption(profile) + (connections == null ? "" : " --connections " + connections);
    }

    /** A suite declared over several concurrencies keeps its sweep table even when one is chosen (-t N). */
    public boolean sweep(List<Integer> chosen) {
        return chosen.size() > 1 || concurrency.size() > 1;
    }

    private static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    private static List<Integer> ints(JsonNode array) {
        List<Integer> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asInt()));
        return out;
    }

    private static String resource(String file) {
        try (InputStream in = Suite.class.getResourceAsStream("/suites/" + file)) {
            if (in == null) {
                throw new IllegalStateException("no suites/" + file + " in the analysis jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
