package org.rpcbench.record;

/**
 * A case's figures over its steady iterations only: the leading iterations that sat below steady state
 * ({@link SteadyState}) are left out, and counted.
 */
public record Steady(int excludedIterations, double answeredPerSecond, Latency latencyMs, PerCall perCall) {}
