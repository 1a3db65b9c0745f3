package org.rpcbench.record;

import java.util.List;

/** An open-loop run's settings (run.json's {@code openLoop}). */
public record OpenLoopSettings(double targetRate, int senders, int connections, long warmupSeconds, long measureSeconds,
                               List<String> jvmArgs, Integer callTimeoutMillis) {}
