package org.rpcbench.report;

/**
 * What a process had used by one moment: CPU time and GC pauses since it started, with the wall clock
 * ({@code System.nanoTime}) at the reading. A figure that could not be read is -1.
 */
public record ProcessReading(long wallNanos, long cpuNanos, long gcCount, long fullGcCount, long gcPauseNanos) {}
