package org.rpcbench.binding;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The calibration switch: a known CPU cost the server spins in every call, so that a comparison can be
 * shown to see a change of known size (benchmark.sh calibrate). Off unless set, recorded in the server's
 * settings line and in run.json, and refused wherever a real result is expected (suites, ab, history).
 * Its value is a cost in ns for every call, or a cost per contract method ("getUser:1100,listUser:2300"),
 * since one cost is a different share of each method's own.
 */
public final class Calibration {
    static final String VALUE = "(0|[1-9][0-9]{0,9}|[a-zA-Z]+:[0-9]{1,10}(,[a-zA-Z]+:[0-9]{1,10})*)";
    public static final Switch SPIN = Switch.matching("calibration.spin-ns", VALUE, "0",
            "calibration only: CPU time the server spins in every call, in ns, or per method (getUser:1100,listUser:2300);"
                    + " never in a real result");
    /** How the cost is named in a run's framework settings. */
    public static final String SETTING = "calibrationSpinNanos";

    private Calibration() {}

    /** The cost of each contract method in this JVM, in ns; a method not named costs nothing extra. */
    public static Map<String, Long> perMethod() {
        return parse(SPIN.value());
    }

    static Map<String, Long> parse(String value) {
        Map<String, Long> costs = new LinkedHashMap<>();
        if (value.matches("[0-9]+")) {
            long all = Long.parseLong(value);
            if (all > 0) {
                costs.put("*", all);
            }
            return costs;
        }
        for (String part : value.split(",")) {
            String[] kv = part.split(":");
            costs.put(kv[0], Long.parseLong(kv[1]));
        }
        return costs;
    }

    /** The settings a run records for it: nothing when off. */
    public static Map<String, String> settings() {
        String v = SPIN.value();
        return v.equals("0") ? Map.of() : Map.of(SETTING, v);
    }
}
