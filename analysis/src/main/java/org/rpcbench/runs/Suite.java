package org.rpcbench.runs;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import org.rpcbench.analysis.VersionedPair;
import org.rpcbench.record.Json;
import org.rpcbench.report.SeedFigures;

/**
 * A suite: one seed's experiment as data, in {@code suites/NAME.json} (this module's resources): its pairs in
 * the seed's row order, its cases in the seed's column order, its concurrency (several values make a sweep),
 * and the seed's own figures where it published them. {@code "*"} as the pairs means every pair. A pair written
 * {@code PAIR@RELEASE} ({@code "dubbo-hessian@3.0.15"}) runs on that Dubbo release, built in a directory of its own, and
 * is a row of its own beside the same pair on the build's release; the seeds' figures name such a row by that key.
 *
 * @param pairs the rows' keys ({@link VersionedPair#key()}), in the seed's order
 * @param notes a line for a row whose release needs saying why (a release that stands in for the seed's), by key
 * @param calls seed 002's mode: a fixed number of calls per run instead of timed iterations (0: timed);
 *     only the Go load client has it
 * @param overall also judge each run's cases together (seed 003's high-pressure scene)
 * @param serverThreads also show how each server's threads shared its CPU (seed 003's concurrency scene)
 * @param connections how the callers reach the server, as the clients' --connections takes it: "per-caller" where
 *     the seed's clients each dialled their own (seeds 002 and 004); null for the clients' default, one shared
 */
public record Suite(String name, String title, String reproduces, List<String> pairs, List<String> cases,
                    List<Integer> concurrency, List<Integer> fullConcurrency, long calls, boolean overall,
                    boolean serverThreads, SeedFigures seed, String connections, Map<String, String> notes) {

    public Suite {
        pairs = List.copyOf(pairs);
        notes = Collections.unmodifiableMap(new LinkedHashMap<>(notes));
        if (new LinkedHashSet<>(pairs).size() != pairs.size()) {
            throw new IllegalStateException("the suite " + name + " names a row twice: " + pairs);
        }
        for (String key : pairs) {
            if (!key.equals("*")) {
                try {
                    VersionedPair.parse(key);
                } catch (IllegalArgumentException e) {
                    throw new IllegalStateException("the suite " + name + ": " + e.getMessage(), e);
                }
            }
        }
        for (String key : notes.keySet()) {
            if (!pairs.contains(key)) {
                throw new IllegalStateException("the suite " + name + " has a note for '" + key + "', which is none of its pairs");
            }
        }
    }

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
                    j.hasNonNull("connections") ? j.get("connections").asText() : null, texts(j.get("notes")));
        } catch (IOException e) {
            throw new IllegalStateException("the suite " + name + " cannot be read: " + e.getMessage(), e);
        }
    }

    /** The rows' keys, {@code "*"} resolved against the checkout's pairs. */
    public List<String> pairs(Pairs known) {
        return rows(known).stream().map(VersionedPair::key).toList();
    }

    /** The rows to run: each a pair, on the build's release or its own; {@code "*"} is every pair of the checkout. */
    public List<VersionedPair> rows(Pairs known) {
        if (pairs.equals(List.of("*"))) {
            return known.names().stream().map(p -> new VersionedPair(p, null)).toList();
        }
        List<VersionedPair> rows = new ArrayList<>();
        for (String key : pairs) {
            VersionedPair row = VersionedPair.parse(key);
            if (!known.has(row.pair())) {
                throw new IllegalStateException("the suite " + name + " names a pair this checkout lacks: " + row.pair());
            }
            rows.add(row);
        }
        return rows;
    }

    /**
     * The same suite with each row on the build's release run once on each of these Dubbo releases instead
     * (dubbo-hessian on 3.0.15, 3.2.18, 3.3.6 gives three rows), rows on releases of their own as they are: a table
     * of releases by cases. The seed's figures and the notes belonged to the rows as declared, so they go.
     */
    public Suite onReleases(List<String> releases) {
        if (pairs.equals(List.of("*"))) {
            throw new IllegalArgumentException("the suite " + name + " runs every pair, and only the Dubbo pairs have releases:"
                    + " give a suite of Dubbo pairs");
        }
        List<String> rows = new ArrayList<>();
        for (String key : pairs) {
            if (key.contains("@")) {
                rows.add(key);
            } else {
                releases.forEach(r -> rows.add(new VersionedPair(key, r).key()));
            }
        }
        return new Suite(name, title + ", on Dubbo " + String.join(", ", releases), reproduces, rows.stream().distinct().toList(),
                cases, concurrency, fullConcurrency, calls, overall, serverThreads, null, connections, Map.of());
    }

    /** Whether some row runs on a Dubbo release of its own (and so is built in a directory of its own). */
    public boolean ownReleases() {
        return pairs.stream().anyMatch(k -> k.contains("@"));
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

    private static Map<String, String> texts(JsonNode object) {
        Map<String, String> out = new LinkedHashMap<>();
        if (object != null) {
            object.fields().forEachRemaining(e -> out.put(e.getKey(), e.getValue().asText()));
        }
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
