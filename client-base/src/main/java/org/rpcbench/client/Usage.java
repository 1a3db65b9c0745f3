package org.rpcbench.client;

import com.alibaba.fastjson2.JSON;
import com.alibaba.fastjson2.JSONObject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.rpcbench.report.ResourceUse;

/** A fork's CPU and GC figures for one case, handed to the launcher in a file beside its tally. */
final class Usage {
    static final String SUFFIX = ".usage";

    final String caseName;
    final ResourceUse client;
    final ResourceUse server;

    Usage(String caseName, ResourceUse client, ResourceUse server) {
        this.caseName = caseName;
        this.client = client;
        this.server = server;
    }

    static void write(Path file, String caseName, ResourceUse client, ResourceUse server) {
        JSONObject j = new JSONObject();
        j.put("case", caseName);
        j.put("client", client.state());
        j.put("server", server.state());
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, j.toJSONString(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    static Usage read(Path file) throws IOException {
        JSONObject j = JSON.parseObject(Files.readString(file, StandardCharsets.UTF_8));
        return new Usage(j.getString("case"), ResourceUse.fromState(j.getJSONObject("client")),
                ResourceUse.fromState(j.getJSONObject("server")));
    }

    void merge(Usage other) {
        client.merge(other.client);
        server.merge(other.server);
    }
}
