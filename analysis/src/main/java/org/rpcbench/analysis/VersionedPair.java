package org.rpcbench.analysis;

import java.util.Map;
import java.util.regex.Pattern;

/**
 * A pair on the framework release its build pins ({@code dubbo-hessian}), or on a release of its own
 * ({@code dubbo-hessian@3.0.15}, {@code thrift@0.9.3}), as a suite names its rows. The key is what keeps two releases
 * of one pair apart wherever their runs go: their directories, their table rows, their history series; the label is
 * how a table shows a row on a release of its own.
 *
 * @param pair the pair, as {@code pairs/NAME.properties} names it
 * @param release the release of the pair's framework it is built on, or null for the build's own
 */
public record VersionedPair(String pair, String release) {
    /** A Dubbo release number: three or four numbers, Dubbo 2 or 3 (2.7.23, 3.0.15, 3.2.0.1). */
    private static final Pattern RELEASE = Pattern.compile("[23]\\.\\d+\\.\\d+(\\.\\d+)?");

    /**
     * The framework whose release a row names, and the build property that sets it (the root pom's).
     *
     * @param name how a message names it
     * @param property the Maven property the pair's modules take the release from
     * @param releases the release numbers it has
     * @param example a row on one of them
     */
    public record Framework(String name, String property, Pattern releases, String example) {}

    /** The pairs whose framework is not Dubbo 3 and can be built on another release, each with its framework's property. */
    private static final Map<String, Framework> OWN = Map.of(
            "thrift", new Framework("libthrift", "libthrift.version", Pattern.compile("0\\.\\d+\\.\\d+"), "thrift@0.9.3"),
            "grpc-protobuf", new Framework("grpc-java", "grpc.version", Pattern.compile("1\\.\\d+\\.\\d+"), "grpc-protobuf@1.0.0"),
            "motan", new Framework("Motan", "motan.version", Pattern.compile("[01]\\.\\d+\\.\\d+"), "motan@0.2.1"));
    private static final Framework DUBBO = new Framework("Dubbo", "dubbo.version", Pattern.compile("3\\.\\d+\\.\\d+(\\.\\d+)?"), "dubbo-hessian@3.0.15");
    private static final Framework DUBBO2 = new Framework("Dubbo", "dubbo27.version", Pattern.compile("2\\.\\d+\\.\\d+(\\.\\d+)?"), "dubbo27-hessian@2.7.9");

    public VersionedPair {
        if (release != null && !framework(pair, release).releases().matcher(release).matches()) {
            Framework f = OWN.getOrDefault(pair, DUBBO);
            throw new IllegalArgumentException("'" + pair + "@" + release + "' is neither PAIR nor PAIR@RELEASE of a " + f.name()
                    + " release (e.g. " + f.example() + ")");
        }
    }

    /** The framework a release of this pair is of: its own (thrift's libthrift), else Dubbo 2 or 3 by the release's number. */
    private static Framework framework(String pair, String release) {
        Framework own = OWN.get(pair);
        return own != null ? own : release.startsWith("2.") ? DUBBO2 : DUBBO;
    }

    /**
     * "PAIR" or "PAIR@RELEASE".
     *
     * @throws IllegalArgumentException naming the key when it is neither
     */
    public static VersionedPair parse(String key) {
        int at = key.indexOf('@');
        if (at < 0) {
            if (key.isBlank()) {
                throw new IllegalArgumentException("an empty pair name");
            }
            return new VersionedPair(key, null);
        }
        String pair = key.substring(0, at);
        String release = key.substring(at + 1);
        if (pair.isBlank() || release.isEmpty()) {
            throw new IllegalArgumentException("'" + key + "' is neither PAIR nor PAIR@RELEASE (e.g. dubbo-hessian@3.0.15)");
        }
        return new VersionedPair(pair, release);
    }

    /** Whether the text is a Dubbo release number as a row takes it (2.7.23, 3.0.15). */
    public static boolean isRelease(String text) {
        return RELEASE.matcher(text).matches();
    }

    /** "dubbo-hessian@3.0.15", or the pair alone on the build's own release. */
    public String key() {
        return release == null ? pair : pair + "@" + release;
    }

    /** "dubbo-hessian 3.0.15", or the pair alone on the build's own release. */
    public String label() {
        return release == null ? pair : pair + " " + release;
    }

    /** The framework of the release this row names, or null on the build's own release. */
    public Framework framework() {
        return release == null ? null : framework(pair, release);
    }

    /**
     * The Maven option that builds the pair on its release: the pair's framework's property (thrift's in
     * {@code libthrift.version}, grpc-protobuf's in {@code grpc.version}, motan's in {@code motan.version}); Dubbo 3
     * releases go in {@code dubbo.version}, Dubbo 2 releases in {@code dubbo27.version} (the dubbo27-* pairs' own
     * property); null on the build's own release.
     */
    public String mavenOption() {
        return release == null ? null : "-D" + framework().property() + "=" + release;
    }

    /**
     * Where the build of this row's release goes, apart from other releases and from other frameworks' same numbers:
     * {@code dubbo-3.0.15}, {@code libthrift-0.9.3}; null on the build's own release.
     */
    public String buildName() {
        return release == null ? null : framework().name().toLowerCase(java.util.Locale.ROOT) + "-" + release;
    }

    /**
     * Why a run of this pair that recorded {@code ran} as its framework version does not count as a run on its
     * release, or null when it does (or when no release was asked for).
     */
    public String wrongRelease(String ran) {
        if (release == null || release.equals(ran)) {
            return null;
        }
        return key() + " ran " + (ran == null ? "no recorded framework version" : "framework version " + ran) + ", not "
                + framework().name() + " " + release;
    }
}
