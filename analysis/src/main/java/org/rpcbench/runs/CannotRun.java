package org.rpcbench.runs;

/**
 * What stops a command before it measures anything, through no fault of its input: a jar that is not built,
 * a build that failed, a tool the machine lacks. Its message is one line; the exit code is 1.
 */
public final class CannotRun extends Exception {
    private static final long serialVersionUID = 1L;

    public CannotRun(String message) {
        super(message);
    }
}
