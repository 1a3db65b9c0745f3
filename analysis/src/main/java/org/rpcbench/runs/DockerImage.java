package org.rpcbench.runs;

import java.time.Clock;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.concurrent.ThreadLocalRandom;

/** The names a container run gives and expects: the image of a commit (as docker/build-image.sh tags it), a run's id. */
public final class DockerImage {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC);

    private DockerImage() {}

    /** {@code rpc-bench:} the commit's first 12 hex digits, {@code -dirty} for a working tree with changes. */
    public static String tagOf(String commit) {
        boolean dirty = commit.endsWith("+dirty");
        String hash = dirty ? commit.substring(0, commit.length() - "+dirty".length()) : commit;
        return "rpc-bench:" + hash.substring(0, Math.min(12, hash.length())) + (dirty ? "-dirty" : "");
    }

    /** A run's id: its start (UTC) and four random hex digits, so that two runs started at once differ. */
    public static String runId(Clock clock) {
        return TIME.format(clock.instant()) + "-" + String.format("%04x", ThreadLocalRandom.current().nextInt(0x10000));
    }
}
