package org.rpcbench.record;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * What a run record must hold before it is read, checked on its JSON so that a record that lacks a part
 * is named as such in one line rather than failing later, deep inside whatever reads it. Only what every
 * writer has always written is required (schema 1 included, and the Go client's records), so that no
 * record that was ever valid is refused.
 */
final class RecordShape {

    private RecordShape() {}

    /** The schema a record was written in: its {@code schema}, else its {@code format}, else 1 (the first). */
    static int version(JsonNode record) throws java.io.IOException {
        for (String key : List.of("schema", "format")) {
            JsonNode v = record.get(key);
            if (v != null && !v.isNull()) {
                if (!v.canConvertToInt() || !v.isIntegralNumber() || v.asInt() < 1) {
                    throw new java.io.IOException("its " + key + " is " + v + ", not a schema version");
                }
                return v.asInt();
            }
        }
        return 1;
    }

    /** The required parts the record lacks (or holds as null), by their path in the JSON; empty when none. */
    static List<String> missing(JsonNode record) {
        List<String> missing = new ArrayList<>();
        require(record, "binding", JsonNode::isTextual, missing);
        require(record, "cases", JsonNode::isArray, missing);
        require(record, "environment", JsonNode::isObject, missing);
        JsonNode loop = record.get("loop");
        boolean openLoop = loop != null && RunRecord.OPEN_LOOP.equals(loop.asText());
        if (loop != null && !loop.isNull() && !openLoop && !RunRecord.CLOSED_LOOP.equals(loop.asText())) {
            missing.add("loop (" + loop + " is neither " + RunRecord.CLOSED_LOOP + " nor " + RunRecord.OPEN_LOOP + ")");
        }
        require(record, openLoop ? "openLoop" : "jmh", JsonNode::isObject, missing);
        JsonNode environment = record.get("environment");
        if (environment != null && environment.isObject()) {
            // where and when it ran: what tells one run from another (the history's key, merge's check)
            require(environment, "date", JsonNode::isTextual, missing, "environment.");
            require(environment, "hostname", JsonNode::isTextual, missing, "environment.");
        }
        JsonNode cases = record.get("cases");
        if (cases != null && cases.isArray()) {
            for (int i = 0; i < cases.size(); i++) {
                JsonNode c = cases.get(i);
                if (!c.isObject()) {
                    missing.add("cases[" + i + "] (not an object)");
                } else {
                    require(c, "name", JsonNode::isTextual, missing, "cases[" + i + "].");
                    JsonNode iterations = c.get("iterations");
                    if (iterations != null && !iterations.isNull()) {
                        if (!iterations.isArray()) {
                            missing.add("cases[" + i + "].iterations (" + kind(iterations) + " where a list belongs)");
                        } else {
                            for (int k = 0; k < iterations.size(); k++) {
                                if (!iterations.get(k).isObject()) {
                                    missing.add("cases[" + i + "].iterations[" + k + "] (" + kind(iterations.get(k)) + " where an"
                                            + " iteration belongs)");
                                }
                            }
                        }
                    }
                }
            }
        }
        return missing;
    }

    private static void require(JsonNode node, String key, java.util.function.Predicate<JsonNode> shape, List<String> missing) {
        require(node, key, shape, missing, "");
    }

    private static void require(JsonNode node, String key, java.util.function.Predicate<JsonNode> shape, List<String> missing,
                                String path) {
        JsonNode v = node.get(key);
        if (v == null || v.isNull()) {
            missing.add(path + key);
        } else if (!shape.test(v)) {
            missing.add(path + key + " (" + kind(v) + " where " + expected(key) + " belongs)");
        }
    }

    private static String kind(JsonNode v) {
        return v.isTextual() ? "a string" : v.isNumber() ? "a number" : v.isArray() ? "a list" : v.isObject() ? "an object"
                : v.isBoolean() ? "a boolean" : v.getNodeType().toString().toLowerCase(java.util.Locale.ROOT);
    }

    private static String expected(String key) {
        return switch (key) {
            case "cases" -> "a list";
            case "environment", "jmh", "openLoop" -> "an object";
            default -> "a string";
        };
    }
}
