package org.rpcbench.meter;

/**
 * The CPU time a process's threads ran between two readings, in nanoseconds, by kind ({@link ThreadKind}),
 * and how many threads seen at the first reading were gone at the second (their CPU in between is lost:
 * {@link ThreadTimes}).
 */
public record ThreadUse(long serviceNanos, long jitNanos, long gcNanos, long otherNanos, int threadsEnded) {}
