package org.rpcbench.rig;

import org.rpcbench.meter.Meter;
import org.rpcbench.meter.ProcessReading;
import org.rpcbench.record.ProcessDelta;

/**
 * The server's use of a measured window, from its meter's readings at the window's edges, or why it is not known
 * though a meter was given: the meter was lost (its endpoint stopped answering, answered outside the protocol, or
 * could not be reached by this fork), or its readings make no sense (the server's clock or counters went
 * backwards). A window whose server meter was lost fails its case: its server figures are not known, never made up.
 *
 * @param delta what the server used in the window; null when it was not read
 * @param lost why the meter given was not read in the window; null when it was, or when none was given
 */
public record ServerUse(ProcessDelta delta, String lost) {
    static final ServerUse NOT_READ = new ServerUse(null, null);

    /**
     * @param meter the server's meter, null when none was given
     * @param from its reading as the window opened, {@code to} as it closed; null when that edge was not seen
     */
    public static ServerUse between(Meter meter, ProcessReading from, ProcessReading to) {
        if (meter == null) {
            return NOT_READ;
        }
        String lost = meter.lost();
        if (lost != null) {
            return new ServerUse(null, lost);
        }
        if (from == null || to == null) {
            return NOT_READ;
        }
        String backwards = backwards(from, to);
        if (backwards != null) {
            return new ServerUse(null, "the server's meter answered readings that went backwards (" + backwards + ")");
        }
        return new ServerUse(Deltas.between(from, to), null);
    }

    private static String backwards(ProcessReading from, ProcessReading to) {
        if (to.wallNanos() <= from.wallNanos()) {
            return "its clock: " + from.wallNanos() + " ns, then " + to.wallNanos();
        }
        String[] names = {"cpu", "alloc", "gc count", "full gc count", "gc pause"};
        long[] before = {from.cpuNanos(), from.allocBytes(), from.gcCount(), from.fullGcCount(), from.gcPauseNanos()};
        long[] after = {to.cpuNanos(), to.allocBytes(), to.gcCount(), to.fullGcCount(), to.gcPauseNanos()};
        for (int i = 0; i < names.length; i++) {
            if (before[i] >= 0 && after[i] >= 0 && after[i] < before[i]) {
                return names[i] + ": " + before[i] + ", then " + after[i];
            }
        }
        return null;
    }
}
