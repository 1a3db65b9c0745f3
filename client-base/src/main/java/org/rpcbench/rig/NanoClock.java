package org.rpcbench.rig;

/** The clock calls are timed with; injected so the measuring code can be tested with a fake one. */
@FunctionalInterface
public interface NanoClock {
    NanoClock SYSTEM = System::nanoTime;

    long nanoTime();
}
