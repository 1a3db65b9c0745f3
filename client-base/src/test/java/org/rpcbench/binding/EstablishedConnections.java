package org.rpcbench.binding;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/** The established TCP connections to a local port, as the kernel lists them in /proc/net/tcp and tcp6. */
public final class EstablishedConnections {
    private EstablishedConnections() {}

    /** The client ends of the established connections whose remote port is {@code port}. */
    public static int to(int port) throws IOException {
        String remote = String.format(Locale.ROOT, ":%04X", port);
        int n = 0;
        for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
            Path file = Path.of(table);
            if (!Files.exists(file)) {
                continue;
            }
            // one read: the table changes as connections open and close, so a second read may be shorter
            List<String> lines = Files.readAllLines(file);
            for (String line : lines.subList(Math.min(1, lines.size()), lines.size())) {
                String[] f = line.trim().split("\\s+");
                // sl local_address rem_address st ...: 01 is ESTABLISHED
                if (f.length > 3 && f[2].endsWith(remote) && f[3].equals("01")) {
                    n++;
                }
            }
        }
        return n;
    }
}
