package org.rpcbench.cluster;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One client's results as they came back: its completion index, its pod, the node it ran on and the files
 * of its result folder (run.json, jmh.json, tallies/), which {@link #writeTo} lays out for {@code merge}.
 */
public record ClientRecord(int index, String pod, String node, Map<String, byte[]> files) {
    public ClientRecord {
        files = Collections.unmodifiableMap(new LinkedHashMap<>(files));
    }

    /** The client's run record. */
    public String runJson() {
        byte[] json = files.get("run.json");
        return json == null ? null : new String(json, StandardCharsets.UTF_8);
    }

    /** The result folder under {@code dir}: what `merge OUT DIR...` takes as one client's. */
    public void writeTo(Path dir) throws IOException {
        ResultArchive.write(files, dir);
    }
}
