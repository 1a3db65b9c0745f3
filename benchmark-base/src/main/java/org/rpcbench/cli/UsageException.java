package org.rpcbench.cli;

/** Bad command-line input. Its message is one line that names the problem. */
public final class UsageException extends Exception {
    private static final long serialVersionUID = 1L;

    public UsageException(String message) {
        super(message);
    }
}
