package org.rpcbench.report;

import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * The second block of a summary: what each case cost besides time. Bytes per call on the wire, then
 * CPU in percent of one core and GC pauses (count and total) of each side over the measured window.
 */
public final class CostsTable {

    private CostsTable() {}

    public static <T> String render(List<T> cases, Function<T, String> name, Function<T, Costs> costs) {
        StringBuilder out = new StringBuilder();
        String header = String.format(Locale.ROOT, "%-11s %9s %9s %11s %11s %15s %15s",
                "case", "req B", "resp B", "server CPU%", "client CPU%", "server GC n/ms", "client GC n/ms");
        out.append(header).append('\n');
        out.append("-".repeat(header.length())).append('\n');
        for (T c : cases) {
            Costs k = costs.apply(c);
            WireSize w = k.wire();
            out.append(String.format(Locale.ROOT, "%-11s %9s %9s %11s %11s %15s %15s", name.apply(c),
                    w == null ? "n/a" : String.format(Locale.ROOT, "%.0f", w.requestBytes()),
                    w == null ? "n/a" : String.format(Locale.ROOT, "%.0f", w.responseBytes()),
                    cpu(k.server()), cpu(k.client()), gc(k.server()), gc(k.client()))).append('\n');
        }
        out.append("CPU% is of one core (200 = two cores busy); n/a: not measurable here (see README)\n");
        return out.toString();
    }

    private static String cpu(ResourceUse use) {
        return use == null || Double.isNaN(use.cpuPercentOfCore()) ? "n/a"
                : String.format(Locale.ROOT, "%.0f", use.cpuPercentOfCore());
    }

    private static String gc(ResourceUse use) {
        return use == null || use.gcCount() < 0 || Double.isNaN(use.gcPauseMillis()) ? "n/a"
                : String.format(Locale.ROOT, "%d / %.1f", use.gcCount(), use.gcPauseMillis());
    }
}
