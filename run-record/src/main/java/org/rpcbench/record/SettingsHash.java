package org.rpcbench.record;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * A digest of everything that changes a run's numbers: the data model, the framework and its settings,
 * the load's settings, the JDK, JVM, OS, CPU model, cores and pinning. Not the date, the host's name or
 * the commit. Two runs with the same hash measured the same thing the same way.
 */
public final class SettingsHash {

    private SettingsHash() {}

    public static String of(RunRecord r) {
        Map<String, Object> comparable = new LinkedHashMap<>();
        comparable.put("dataModel", r.model());
        comparable.put("framework", new TreeMap<>(r.framework()));
        comparable.put("load", r.jmh() != null ? r.jmh().comparable() : r.openLoop());
        comparable.put("environment", r.environment() == null ? null : r.environment().comparable());
        try {
            byte[] json = Json.MAPPER.writer().without(SerializationFeature.INDENT_OUTPUT).writeValueAsBytes(comparable);
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(json);
            return HexFormat.of().formatHex(digest, 0, 8);
        } catch (JsonProcessingException | NoSuchAlgorithmException e) {
            throw new IllegalStateException("cannot digest a run's settings", e);
        }
    }
}
