package org.rpcbench.command;

import picocli.CommandLine.Option;

/** --overwrite, for a run's -f and for merge's OUT_DIR: what is there is replaced only when asked. */
final class OverwriteOption {
    @Option(names = "--overwrite", description = "replace a result that is there: a run's -f, merge's OUT_DIR/run.json (otherwise refused)")
    Boolean overwrite;

    boolean given() {
        return overwrite != null;
    }
}
