package org.rpcbench.report;

import com.alibaba.fastjson2.JSONObject;

/**
 * What one process used over the measured iterations of a case: CPU time, wall time, GC pauses. Sums
 * of differences between {@link ProcessReading}s taken around each measured interval, so warm-up never counts, and forks
 * add up. A figure that could not be read stays unknown (-1) for the whole case.
 */
public final class ResourceUse {
    private long wallNanos;
    private long cpuNanos;
    private long gcCount;
    private long fullGcCount;
    private long gcPauseNanos;
    private boolean any;

    /** Adds the interval between two readings of one process. */
    public void add(ProcessReading from, ProcessReading to) {
        wallNanos += to.wallNanos() - from.wallNanos();
        cpuNanos = sum(cpuNanos, from.cpuNanos(), to.cpuNanos());
        gcCount = sum(gcCount, from.gcCount(), to.gcCount());
        fullGcCount = sum(fullGcCount, from.fullGcCount(), to.fullGcCount());
        gcPauseNanos = sum(gcPauseNanos, from.gcPauseNanos(), to.gcPauseNanos());
        any = true;
    }

    public void merge(ResourceUse other) {
        if (!other.any) {
            return;
        }
        if (!any) {
            wallNanos = other.wallNanos;
            cpuNanos = other.cpuNanos;
            gcCount = other.gcCount;
            fullGcCount = other.fullGcCount;
            gcPauseNanos = other.gcPauseNanos;
            any = true;
            return;
        }
        wallNanos += other.wallNanos;
        cpuNanos = known(cpuNanos, other.cpuNanos);
        gcCount = known(gcCount, other.gcCount);
        fullGcCount = known(fullGcCount, other.fullGcCount);
        gcPauseNanos = known(gcPauseNanos, other.gcPauseNanos);
    }

    /** Once unknown, unknown: a sum over part of the intervals would understate. */
    private long sum(long total, long from, long to) {
        if ((any && total < 0) || from < 0 || to < 0) {
            return -1;
        }
        return total + (to - from);
    }

    private static long known(long a, long b) {
        return a < 0 || b < 0 ? -1 : a + b;
    }

    public boolean measured() {
        return any && wallNanos > 0;
    }

    /** CPU used as a share of one core, in percent; NaN when unknown. */
    public double cpuPercentOfCore() {
        return measured() && cpuNanos >= 0 ? 100.0 * cpuNanos / wallNanos : Double.NaN;
    }

    public long gcCount() { return measured() ? gcCount : -1; }
    public long fullGcCount() { return measured() ? fullGcCount : -1; }
    public double gcPauseMillis() { return measured() && gcPauseNanos >= 0 ? gcPauseNanos / 1e6 : Double.NaN; }
    public double seconds() { return wallNanos / 1e9; }

    public JSONObject toJson() {
        JSONObject j = new JSONObject();
        j.put("cpuPercentOfCore", nullIfNaN(cpuPercentOfCore()));
        j.put("gcCount", gcCount() < 0 ? null : gcCount());
        j.put("fullGcCount", fullGcCount() < 0 ? null : fullGcCount());
        j.put("gcPauseMs", nullIfNaN(gcPauseMillis()));
        j.put("seconds", seconds());
        return j;
    }

    private static Double nullIfNaN(double d) {
        return Double.isNaN(d) ? null : d;
    }

    /** Everything needed to merge it later, as the forks hand it to the launcher. */
    public JSONObject state() {
        JSONObject j = new JSONObject();
        j.put("any", any);
        j.put("wallNanos", wallNanos);
        j.put("cpuNanos", cpuNanos);
        j.put("gcCount", gcCount);
        j.put("fullGcCount", fullGcCount);
        j.put("gcPauseNanos", gcPauseNanos);
        return j;
    }

    public static ResourceUse fromState(JSONObject j) {
        ResourceUse r = new ResourceUse();
        r.any = j.getBooleanValue("any");
        r.wallNanos = j.getLongValue("wallNanos");
        r.cpuNanos = j.getLongValue("cpuNanos");
        r.gcCount = j.getLongValue("gcCount");
        r.fullGcCount = j.getLongValue("fullGcCount");
        r.gcPauseNanos = j.getLongValue("gcPauseNanos");
        return r;
    }
}
