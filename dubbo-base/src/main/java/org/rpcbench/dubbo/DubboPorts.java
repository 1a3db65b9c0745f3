package org.rpcbench.dubbo;

/** Each Dubbo protocol's customary port, used when none is given. */
public final class DubboPorts {
    private DubboPorts() {}

    public static int of(String protocol) {
        switch (protocol) {
            case "dubbo":
                return 20880;
            case "tri":
                return 50051;
            default:
                throw new IllegalArgumentException("no default port for protocol " + protocol);
        }
    }
}
