package org.rpcbench.record;

/**
 * How a fork warmed up before JMH's own warm-up: calling at full concurrency until both processes' JIT
 * compilers had gone quiet ({@link JitQuiet}), for at most a bound. A fresh server and client on a shared
 * 2-core machine spend tens of seconds of CPU compiling, and throughput jumps when that is done; a fixed
 * warm-up either wastes time or ends before the jump.
 *
 * @param seconds how long it called
 * @param quiet whether both compilers went quiet before the bound; false: JMH's measured iterations may
 *     still see compilation (the steady-state rule then catches what it can)
 * @param clientJitSeconds compile time the client fork spent in it; -1 when not known
 * @param serverJitSeconds compile time the server spent in it; -1 when not known
 * @param lastCallsPerSecond the rate of the last window, for a reader comparing it with JMH's score
 */
public record JitWarmup(double seconds, boolean quiet, double clientJitSeconds, double serverJitSeconds,
                        double lastCallsPerSecond) {}
