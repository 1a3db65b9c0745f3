package org.rpcbench.runs;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * async-profiler for -m profiling: its native library, taken out of a pair's jar (the Maven Central artifact
 * carries it per platform) into {@code results/.async-profiler/}, and the event it samples: perf events as
 * root or with {@code kernel.perf_event_paranoid} at most 1, otherwise the CPU-time timer.
 *
 * @param library the native library
 * @param event {@code cpu} or {@code itimer}
 */
public record Profiler(Path library, String event) {

    /** The profiler from this jar, or null when the jar has no library for this platform. */
    public static Profiler from(Path jar, Path results) throws IOException {
        String platform = platform();
        if (platform == null) {
            return null;
        }
        String entry = platform + "/libasyncProfiler.so";
        Path target = results.resolve(".async-profiler").resolve(entry);
        if (!Files.isRegularFile(target) || Files.getLastModifiedTime(target).compareTo(Files.getLastModifiedTime(jar)) < 0) {
            try (ZipFile zip = new ZipFile(jar.toFile())) {
                ZipEntry e = zip.getEntry(entry);
                if (e == null) {
                    return null;
                }
                Files.createDirectories(target.getParent());
                Path part = Files.createTempFile(target.getParent(), "lib", ".part");
                try (InputStream in = zip.getInputStream(e)) {
                    Files.copy(in, part, StandardCopyOption.REPLACE_EXISTING);
                }
                // another run may take it out at the same moment: each writes its own, and the move is atomic
                Files.move(part, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            }
        }
        return new Profiler(target, sampledEvent());
    }

    private static String platform() {
        String os = System.getProperty("os.name").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch");
        if (!os.contains("linux")) {
            return null;
        }
        return switch (arch) {
            case "amd64", "x86_64" -> "linux-x64";
            case "aarch64" -> "linux-arm64";
            default -> null;
        };
    }

    private static String sampledEvent() {
        try {
            Object uid = Files.getAttribute(Path.of("/proc/self"), "unix:uid");
            if (Integer.valueOf(0).equals(uid)) {
                return "cpu";
            }
        } catch (IOException | RuntimeException e) {
            // not root as far as can be told
        }
        try {
            int paranoid = Integer.parseInt(Files.readString(Path.of("/proc/sys/kernel/perf_event_paranoid")).trim());
            return paranoid <= 1 ? "cpu" : "itimer";
        } catch (IOException | RuntimeException e) {
            return "itimer";
        }
    }

    /** The server's agent: profiling from its start to its stop, into one flame graph. */
    String agent(Path flame) {
        return "-agentpath:" + library + "=start,event=" + event + ",file=" + flame;
    }

    /** JMH's async-profiler integration: each case's measured iterations, a flame graph per case. */
    String jmhProfiler(Path dir) {
        return "async:libPath=" + library + ";event=" + event + ";output=flamegraph;dir=" + dir;
    }
}
