package org.rpcbench.meter;

import java.util.List;

/**
 * What a thread of a process does, told from the name Linux keeps for it ({@code /proc/PID/task/TID/comm}:
 * the first 15 bytes of the name the thread gave itself). HotSpot names its own threads, and those names
 * are the same on JDK 17 and 25: "C1 CompilerThre", "C2 CompilerThre" compile; "GC Thread#0", "G1 Main
 * Marker", "G1 Conc#0", "G1 Refine#0", "G1 Service" and the "VM Thread" (which runs the GC's pauses)
 * collect; ZGC's and Shenandoah's threads are named for their collector. A Go process's threads all carry
 * its binary's name, and its collector runs on them: every one of them is the service.
 */
public enum ThreadKind {
    /** The service's threads (I/O, handlers), and any thread not named as one of the others. */
    SERVICE,
    /** The JIT compilers, and the code cache sweeper of the JDKs that have one. */
    JIT,
    /** The garbage collector's threads. */
    GC,
    /** The JVM's own housekeeping, and rpc-bench's meter threads ({@value #HARNESS_PREFIX}...): neither the service's nor its runtime's cost per call. */
    OTHER;

    /** The name every rpc-bench meter thread's name starts with (server-base's allocation counter, the client's window watcher). */
    public static final String HARNESS_PREFIX = "rpc-bench-";

    private static final List<String> JIT_PREFIXES = List.of("C1 CompilerThre", "C2 CompilerThre", "JVMCI", "Sweeper thread");
    private static final List<String> GC_PREFIXES = List.of("GC Thread#", "G1 ", "VM Thread", "Shenandoah", "ZDirector", "ZDriver",
            "ZStat", "ZUnmapper", "ZUncommitter", "ZWorker", "ZRuntimeWorker");
    private static final List<String> OTHER_PREFIXES = List.of("VM Periodic Tas", "Service Thread", "Monitor Deflati",
            "Signal Dispatch", "Notification Th", "Attach Listener", HARNESS_PREFIX);

    /**
     * The kind of a thread named {@code comm}. The JVM's threads that run the application's clean-up
     * ("Reference Handl", "Finalizer", "Common-Cleaner") and its launcher's "java" main thread count as the
     * service: what they do, the service asked for.
     */
    public static ThreadKind of(String comm) {
        if (startsWithAny(comm, JIT_PREFIXES)) {
            return JIT;
        }
        if (startsWithAny(comm, GC_PREFIXES)) {
            return GC;
        }
        return startsWithAny(comm, OTHER_PREFIXES) ? OTHER : SERVICE;
    }

    private static boolean startsWithAny(String name, List<String> prefixes) {
        for (String p : prefixes) {
            if (name.startsWith(p)) {
                return true;
            }
        }
        return false;
    }
}
