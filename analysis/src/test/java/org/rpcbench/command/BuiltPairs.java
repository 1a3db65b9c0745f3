package org.rpcbench.command;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** A checkout under {@code root} that has these pairs, as this project declares them, and their jars built (empty): for stand-in runs. */
final class BuiltPairs {
    private BuiltPairs() {}

    static void at(Path root, List<String> pairs) throws IOException {
        Path real = Path.of("..").toAbsolutePath().normalize();
        Files.createDirectories(root.resolve("pairs"));
        for (String pair : pairs) {
            Files.copy(real.resolve("pairs/" + pair + ".properties"), root.resolve("pairs/" + pair + ".properties"));
            for (String side : List.of("server", "client")) {
                Path jar = root.resolve(pair + "-" + side + "/target/" + pair + "-" + side + ".jar");
                Files.createDirectories(jar.getParent());
                Files.writeString(jar, "");
            }
        }
    }
}
