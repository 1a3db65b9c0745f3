package org.rpcbench.suite;

import java.io.PrintStream;
import sun.misc.Signal;

/**
 * What a long command does when it is stopped: Ctrl-C (SIGINT, to the terminal's whole process group) or
 * SIGTERM (to this process alone, as a supervisor sends it). The run under way is stopped and waited for,
 * then the command says what it has (an ab's verdict from the rounds done) and exits 130 or 143.
 */
final class Stopping {
    private volatile boolean stopped;

    interface Finish {
        void finish(String signal);
    }

    /** Installs the handlers; {@code finish} runs once, after the run under way has stopped. */
    static Stopping install(Runnable stopRun, PrintStream err, String what, Finish finish) {
        Stopping s = new Stopping();
        for (String name : new String[] {"INT", "TERM"}) {
            Signal.handle(new Signal(name), signal -> {
                synchronized (s) {
                    if (s.stopped) {
                        return;
                    }
                    s.stopped = true;
                }
                err.println("benchmark.sh: " + what + (name.equals("INT") ? " interrupted" : " stopped") + "; stopping the run under way");
                stopRun.run();
                finish.finish(name);
                err.flush();
                Runtime.getRuntime().halt(name.equals("INT") ? 130 : 143);
            });
        }
        return s;
    }

    boolean stopped() {
        return stopped;
    }
}
