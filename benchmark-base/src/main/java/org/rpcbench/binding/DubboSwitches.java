package org.rpcbench.binding;

import java.util.List;

/**
 * The switches every Dubbo pair has, whatever its Dubbo version. Declared once here because the Dubbo 3
 * modules (dubbo-base) and the Dubbo 2.7 ones (dubbo27-base) share no code, and a run must be able to set
 * them alike for a 2.7 column and a 3.x column.
 */
public final class DubboSwitches {
    /** Dubbo's default filter chain, for provider and consumer: bare (none) or Dubbo's defaults. */
    public static final Switch FILTERS = new Switch("dubbo.filters", List.of("none", "default"), "none",
            "Dubbo's default filter chain on provider and consumer: none (bare) or default (production-like)");

    /**
     * Where the dubbo protocol decodes a message body: in the IO (Netty) thread, or later in a business
     * thread. Seed 001 found the IO thread faster. On by default, which is what Dubbo 3.3 does out of the
     * box (its "isolation" executor mode always decodes in the IO thread); Dubbo 2.7.23's own default is
     * off ({@code decode.in.io=false}), so a 2.7 and a 3.x pair differ there unless the run sets it.
     */
    public static final Switch DECODE_IN_IO = Switch.onOff("dubbo.decode-in-io", true,
            "dubbo protocol only: decode bodies in the IO thread (on) or in the business thread pool (off)");

    private DubboSwitches() {}
}
