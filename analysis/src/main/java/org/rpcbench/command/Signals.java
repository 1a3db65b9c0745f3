package org.rpcbench.command;

import java.io.PrintStream;
import org.rpcbench.runs.Stop;
import sun.misc.Signal;

/**
 * Ctrl-C (SIGINT, which a terminal sends to the whole process group) and SIGTERM (to this process alone, as a
 * supervisor sends it) stop the program: every process it started is stopped and waited for, nothing starts
 * after, and the command under way keeps what it finished, says what it has and exits 130 or 143.
 */
final class Signals {
    private Signals() {}

    static void install(Stop stop, PrintStream err) {
        handle("INT", Stop.INTERRUPTED, stop, err);
        handle("TERM", Stop.TERMINATED, stop, err);
    }

    /**
     * What a signal does: the stop requested (its processes ended); a command with nothing to keep (compare,
     * history) ends with it, through {@code exit}.
     */
    static void stopping(int code, Stop stop, PrintStream err, java.util.function.IntConsumer exit) {
        if (stop.requested()) {
            err.println("benchmark.sh: still stopping (" + stop.running() + " process(es) to end)");
            return;
        }
        err.println("benchmark.sh: " + (code == Stop.INTERRUPTED ? "interrupted" : "terminated") + "; stopping");
        stop.request(code);
        if (stop.endsAtOnce()) {
            err.flush();
            exit.accept(code);
        }
    }

    private static void handle(String name, int code, Stop stop, PrintStream err) {
        try {
            Signal.handle(new Signal(name), signal -> stopping(code, stop, err, System::exit));
        } catch (IllegalArgumentException ignored) {
            // a signal this process was started with ignored (a background job's SIGINT) stays ignored
        }
    }
}
