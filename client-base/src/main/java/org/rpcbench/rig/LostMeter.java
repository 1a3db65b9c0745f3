package org.rpcbench.rig;

import org.rpcbench.meter.Meter;
import org.rpcbench.meter.ProcessReading;

/** A server's meter this fork could not reach: every reading unknown, and {@link #lost} says why. */
record LostMeter(String why) implements Meter {
    @Override
    public ProcessReading read() {
        return new ProcessReading(System.nanoTime(), -1, -1, -1, -1, -1, null);
    }

    @Override
    public long jitNanos() {
        return -1;
    }

    @Override
    public String lost() {
        return why;
    }
}
