package org.rpcbench.checks;

/**
 * A failure in one line, as the harness reports it (a failed call, a server that would not start): the
 * exception's class and message, and those of its root cause, without a framework's wrapping and stack.
 */
public final class Problems {
    static final int LONGEST = 300;

    private Problems() {}

    /** The exception's class and message, and its root cause's when different. */
    public static String describe(Throwable e) {
        Throwable root = root(e);
        String first = firstLine(e);
        return root == e ? first : first + " (cause: " + firstLine(root) + ")";
    }

    /** The deepest cause's class and message: what actually went wrong. */
    public static String rootCause(Throwable e) {
        return firstLine(root(e));
    }

    private static Throwable root(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root;
    }

    private static String firstLine(Throwable t) {
        String m = t.getMessage();
        if (m == null) {
            return t.getClass().getName();
        }
        int nl = m.indexOf('\n');
        m = nl < 0 ? m : m.substring(0, nl);
        return t.getClass().getSimpleName() + ": " + (m.length() > LONGEST ? m.substring(0, LONGEST) + "..." : m);
    }
}
