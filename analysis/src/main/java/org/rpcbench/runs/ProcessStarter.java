package org.rpcbench.runs;

import java.io.IOException;

/**
 * How a process is started: {@link #SYSTEM} starts it for real; a test may stand in, to see what would have
 * run, or to start a stand-in instead.
 */
@FunctionalInterface
public interface ProcessStarter {
    ProcessStarter SYSTEM = ProcessBuilder::start;

    Process start(ProcessBuilder builder) throws IOException;
}
