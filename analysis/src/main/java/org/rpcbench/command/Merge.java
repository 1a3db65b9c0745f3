package org.rpcbench.command;

import org.rpcbench.cli.UsageException;

/** Options given before a command and after it are one set: each may be given once, in either place. */
final class Merge {
    private Merge() {}

    static <T> T once(String option, T before, T after) throws UsageException {
        if (before != null && after != null) {
            throw new UsageException(option + " given twice (before and after the command)");
        }
        return before != null ? before : after;
    }
}
