package org.rpcbench.cluster;

import java.util.regex.Pattern;

/**
 * A node pool: the nodes labelled {@code key=value}. A role's pods carry it as their nodeSelector.
 */
public record Pool(String key, String value) {
    // a label key: an optional DNS prefix and a name of at most 63 characters; a value: at most 63
    private static final Pattern KEY = Pattern.compile("([a-z0-9]([-a-z0-9.]{0,251}[a-z0-9])?/)?[A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?");
    private static final Pattern VALUE = Pattern.compile("[A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?");

    public Pool {
        if (key == null || !KEY.matcher(key).matches()) {
            throw new IllegalArgumentException("'" + key + "' is not a Kubernetes label key");
        }
        if (value == null || !VALUE.matcher(value).matches()) {
            throw new IllegalArgumentException("'" + value + "' is not a Kubernetes label value");
        }
    }

    /** The selector that lists the pool's nodes. */
    public String selector() {
        return key + "=" + value;
    }
}
