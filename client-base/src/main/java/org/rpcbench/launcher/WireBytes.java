package org.rpcbench.launcher;

import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.rpcbench.binding.ClientBinding;
import org.rpcbench.cases.Case;
import org.rpcbench.record.WireSize;
import org.rpcbench.rig.Bounded;
import org.rpcbench.rig.WireMeter;

/**
 * Each case's bytes on the wire, measured through a relay before the run, or why they were not: skipped when
 * asked ({@code --no-wire-bytes}), or a measurement that failed, which is said in one line and never fails the run.
 *
 * @param sizes by case; a case absent or null has none
 * @param notMeasured why no case has them, as run.json keeps it; null when they were measured
 */
record WireBytes(Map<Case, WireSize> sizes, String notMeasured) {
    static final long DEADLINE_MILLIS = 20_000;

    WireBytes {
        sizes = sizes == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(sizes));
    }

    WireSize of(Case c) {
        return sizes.get(c);
    }

    static WireBytes measure(ClientBinding binding, ClientOptions given, List<Case> cases, PrintStream err) {
        if (!given.wireBytes()) {
            return new WireBytes(Map.of(), ClientOptions.WIRE_BYTES_SKIPPED);
        }
        Bounded.Outcome<Map<Case, WireSize>> sizes = Bounded.call("rpc-bench-wire-sizes", DEADLINE_MILLIS,
                () -> WireMeter.measure(binding, given.target(), cases,
                        why -> err.println("rpc-bench client: note: bytes on the wire measured again on a new connection after " + why)));
        if (sizes.problem() != null) {
            return notMeasured(sizes.problem(), err);
        }
        if (sizes.value().values().stream().allMatch(Objects::isNull)) {
            return notMeasured(binding.name() + "'s calls did not pass through the relay (its client connects to an address the"
                    + " server gave it)", err);
        }
        return new WireBytes(sizes.value(), null);
    }

    private static WireBytes notMeasured(String why, PrintStream err) {
        err.println("rpc-bench client: note: bytes on the wire not measured: " + why);
        return new WireBytes(Map.of(), "not measured: " + why);
    }
}
