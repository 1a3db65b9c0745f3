package org.rpcbench.runs;

import java.io.IOException;
import org.rpcbench.cli.UsageException;

/**
 * Runs one pair run to its end: what suites and rounds are given, so that a test can stand in for the
 * processes of a real run.
 */
@FunctionalInterface
public interface PairRunner {
    PairRun.Result run(PairRunSettings settings) throws UsageException, CannotRun, IOException;
}
