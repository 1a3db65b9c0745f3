package org.rpcbench.command;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The analysis module's packages in layers, every arrow pointing down: the commands use the runs, the runs
 * the tables and the history, the tables the statistics; nothing below knows what is above it, so no two
 * packages are in a circle. Read from the sources' imports and qualified names. The cluster module (a run on
 * Kubernetes) sits below the commands that call it and knows none of this module's packages.
 */
class PackageLayersTest {
    static final Map<String, Integer> LAYER = Map.of("command", 4, "runs", 3, "report", 2, "analysis", 1, "history", 1, "merge", 1);
    static final Pattern USE = Pattern.compile("org\\.rpcbench\\.([a-z]+)\\.");

    @Test
    void everyArrowPointsDown() throws Exception {
        Path sources = Path.of("src/main/java/org/rpcbench");
        List<String> up = new ArrayList<>();
        int arrows = 0;
        for (String from : LAYER.keySet()) {
            try (Stream<Path> files = Files.list(sources.resolve(from))) {
                for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                    Matcher m = USE.matcher(Files.readString(f));
                    while (m.find()) {
                        String to = m.group(1);
                        if (to.equals(from) || !LAYER.containsKey(to)) {
                            continue;
                        }
                        arrows++;
                        if (LAYER.get(to) >= LAYER.get(from)) {
                            up.add(f.getFileName() + " (" + from + ") uses " + to);
                        }
                    }
                }
            }
        }
        assertThat(arrows).as("arrows found").isPositive();
        assertThat(up).as("arrows that do not point down").isEmpty();
    }

    @Test
    void theClusterModuleUsesNoneOfTheCli() throws Exception {
        Path cluster = Path.of("../cluster/src/main/java/org/rpcbench/cluster");
        List<String> up = new ArrayList<>();
        int files = 0;
        try (Stream<Path> all = Files.list(cluster)) {
            for (Path f : all.filter(p -> p.toString().endsWith(".java")).toList()) {
                files++;
                Matcher m = USE.matcher(Files.readString(f));
                while (m.find()) {
                    if (LAYER.containsKey(m.group(1))) {
                        up.add(f.getFileName() + " uses " + m.group(1));
                    }
                }
            }
        }
        assertThat(files).as("the cluster module's sources").isPositive();
        assertThat(up).as("the cluster module using the CLI's packages").isEmpty();
        // the commands use it: it is below them
        assertThat(Files.readString(Path.of("src/main/java/org/rpcbench/command/KubernetesPairRun.java"))).contains("org.rpcbench.cluster.");
    }
}
