package org.rpcbench.analysis;

import java.util.regex.Pattern;

/**
 * A pair on the framework release its build pins ({@code dubbo-hessian}), or on a Dubbo release of its own
 * ({@code dubbo-hessian@3.0.15}), as a suite names its rows. The key is what keeps two releases of one pair
 * apart wherever their runs go: their directories, their table rows, their history series; the label is how
 * a table shows a row on a release of its own.
 *
 * @param pair the pair, as {@code pairs/NAME.properties} names it
 * @param release the Dubbo release it is built on, or null for the build's own
 */
public record VersionedPair(String pair, String release) {
    /** A release number: three or four numbers, Dubbo 2 or 3 (2.7.23, 3.0.15, 3.2.0.1). */
    private static final Pattern RELEASE = Pattern.compile("[23]\\.\\d+\\.\\d+(\\.\\d+)?");

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
        if (pair.isBlank() || !RELEASE.matcher(release).matches()) {
            throw new IllegalArgumentException("'" + key + "' is neither PAIR nor PAIR@DUBBO_RELEASE (e.g. dubbo-hessian@3.0.15)");
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

    /**
     * The Maven option that builds the pair on its release: Dubbo 3 releases go in {@code dubbo.version}, Dubbo 2
     * releases in {@code dubbo27.version} (the dubbo27-* pairs' own property); null on the build's own release.
     */
    public String mavenOption() {
        return release == null ? null : "-D" + (release.startsWith("2.") ? "dubbo27.version" : "dubbo.version") + "=" + release;
    }

    /**
     * Why a run of this pair that recorded {@code ran} as its framework version does not count as a run on its
     * release, or null when it does (or when no release was asked for).
     */
    public String wrongRelease(String ran) {
        if (release == null || release.equals(ran)) {
            return null;
        }
        return key() + " ran " + (ran == null ? "no recorded framework version" : "framework version " + ran) + ", not Dubbo " + release;
    }
}
