package org.rpcbench.runs;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The program's processes and the stop that ends them (Ctrl-C, SIGTERM): every process a command starts is
 * started here, so that a stop finds each one still running and stops it with everything below it, and so
 * that nothing starts after a stop. The command that was running then keeps what it finished, says what it
 * has, and exits with {@link #exitCode()}.
 */
public final class Stop {
    /** The exit codes of a stop by Ctrl-C (SIGINT) and by SIGTERM, as a shell reports them. */
    public static final int INTERRUPTED = 130;
    public static final int TERMINATED = 143;

    private final ProcessStarter starter;
    private final Duration grace;
    private final Set<Process> running = new LinkedHashSet<>();
    private int exitCode;

    public Stop(ProcessStarter starter, Duration grace) {
        this.starter = starter;
        this.grace = grace;
    }

    public static Stop system() {
        return new Stop(ProcessStarter.SYSTEM, ProcessTree.GRACE);
    }

    /**
     * Starts a process, unless a stop came first.
     *
     * @throws Stopped when the program has been told to stop
     */
    public Process start(ProcessBuilder builder) throws IOException, Stopped {
        Process p;
        synchronized (this) {
            if (exitCode != 0) {
                throw new Stopped();
            }
            p = starter.start(builder);
            running.add(p);
        }
        p.onExit().thenRun(() -> forget(p));
        return p;
    }

    private synchronized void forget(Process p) {
        running.remove(p);
    }

    /** Stops one process and everything below it, and waits for them: a run's own end (its server, a client past its server). */
    public void end(Process p) {
        ProcessTree.stop(List.of(p.toHandle()), grace);
    }

    /**
     * Stops every process started here and still running, and refuses every start after it. The first stop
     * decides the exit code; a second one only waits as the first does.
     */
    public void request(int code) {
        List<Process> toStop;
        synchronized (this) {
            if (exitCode == 0) {
                exitCode = code;
            }
            toStop = new ArrayList<>(running);
        }
        ProcessTree.stop(toStop.stream().map(Process::toHandle).toList(), grace);
    }

    public synchronized boolean requested() {
        return exitCode != 0;
    }

    private volatile boolean atOnce;

    /**
     * Says that the command under way has nothing to keep and starts no process (compare, history): a stop
     * ends the program at once, rather than when the command next looks.
     */
    public void endAtOnce() {
        atOnce = true;
    }

    /** Whether a stop ends the program at once ({@link #endAtOnce}). */
    public boolean endsAtOnce() {
        return atOnce;
    }

    /** 130 after Ctrl-C, 143 after SIGTERM; 0 while no stop came. */
    public synchronized int exitCode() {
        return exitCode;
    }

    /** How many processes are running now (for a second Ctrl-C: what a stop still waits for). */
    public synchronized int running() {
        return (int) running.stream().filter(Process::isAlive).count();
    }
}
