package org.rpcbench.meter;

import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * A process's threads at one moment, read from outside it: each thread's kind, from its name
 * ({@code /proc/PID/task/TID/comm}, see {@link ThreadKind}), and the CPU time it has run since it started,
 * in nanoseconds (the first field of {@code /proc/PID/task/TID/schedstat}, the scheduler's own count; the
 * process's {@code stat} counts in 10 ms ticks, and for the whole process only).
 *
 * <p>Between two readings, a thread seen in both counts what it ran in between, and a thread born in
 * between counts all it ran (it started from 0). A thread that ended in between is lost: Linux frees an
 * ended thread's counts, and the process's total that keeps them ({@code stat}) is in 10 ms ticks.
 * Counting that total's difference from the threads' sum as the ended threads' was measured and left:
 * read at the same edges, the difference strays by up to about 20 ms a window either way with no thread
 * ended (a tick's rounding at each edge), noise larger than what it would recover. What is lost is small
 * because of which threads end in a serving process: pool threads that outlived their keep-alive idle
 * (Dubbo's shared executors, a JIT's extra compiler threads), which ran nothing in their last seconds.
 * How many ended is counted ({@link ThreadUse#threadsEnded}), so that a window that lost a busy one can
 * be told.
 */
public final class ThreadTimes {
    /** One thread: its name, its kind and its CPU time since it started. */
    record Task(String name, ThreadKind kind, long nanos) {}

    private final Map<Long, Task> tasks;

    ThreadTimes(Map<Long, Task> tasks) {
        this.tasks = Map.copyOf(tasks);
    }

    /**
     * Every thread of the process whose task directory ({@code /proc/PID/task}) this is; null when it
     * cannot be read (no such process, not Linux). A thread that ends while it is being read is left out.
     *
     * @param previous the last reading of the same process, or null: a thread it saw keeps the kind it had
     *     there, so that only new threads' names are read (half the files; a thread id is not reused between
     *     two readings a window apart, and a thread that renames itself does not become a compiler or a
     *     collector)
     */
    public static ThreadTimes read(File taskDir, ThreadTimes previous) {
        String[] tids = taskDir.list();
        if (tids == null) {
            return null;
        }
        byte[] buffer = new byte[128];
        Map<Long, Task> tasks = new HashMap<>(tids.length * 2);
        for (String name : tids) {
            long tid;
            try {
                tid = Long.parseLong(name);
            } catch (NumberFormatException e) {
                continue;
            }
            File dir = new File(taskDir, name);
            String schedstat = readLine(new File(dir, "schedstat"), buffer);
            Task known = previous == null ? null : previous.tasks.get(tid);
            String comm = known != null ? known.name : readLine(new File(dir, "comm"), buffer);
            if (comm == null || schedstat == null) {
                continue;
            }
            try {
                int space = schedstat.indexOf(' ');
                long nanos = Long.parseLong(space < 0 ? schedstat : schedstat.substring(0, space));
                tasks.put(tid, known != null ? new Task(known.name, known.kind, nanos) : new Task(comm, ThreadKind.of(comm), nanos));
            } catch (NumberFormatException e) {
                // not a thread's entry
            }
        }
        return new ThreadTimes(tasks);
    }

    /** Every thread of the process, each one's name read. */
    public static ThreadTimes read(File taskDir) {
        return read(taskDir, null);
    }

    /** The first line of a small file, or null when it cannot be read (the thread ended). */
    private static String readLine(File file, byte[] buffer) {
        try (FileInputStream in = new FileInputStream(file)) {
            int n = in.read(buffer);
            if (n <= 0) {
                return null;
            }
            int end = 0;
            while (end < n && buffer[end] != '\n') {
                end++;
            }
            return new String(buffer, 0, end, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return null;
        }
    }

    /** Each thread by its id. */
    Map<Long, Task> tasks() {
        return tasks;
    }

    public int threads() {
        return tasks.size();
    }

    /** The CPU time of the threads named {@code name}, summed; -1 when there is none. */
    long nanosOf(String name) {
        return tasks.values().stream().filter(t -> t.name.equals(name)).mapToLong(Task::nanos).reduce(Long::sum).orElse(-1);
    }

    /** The CPU the threads ran from this reading until {@code later}, by kind (see the class comment for threads that came and went). */
    public ThreadUse until(ThreadTimes later) {
        long[] byKind = new long[ThreadKind.values().length];
        int ended = 0;
        for (Map.Entry<Long, Task> e : later.tasks.entrySet()) {
            Task now = e.getValue();
            Task then = tasks.get(e.getKey());
            // a thread id reused by a new thread in between shows as less CPU than before: the new one ran all of it
            long since = then == null || then.nanos > now.nanos ? 0 : then.nanos;
            if (then != null && then.nanos > now.nanos) {
                ended++;
            }
            byKind[now.kind.ordinal()] += now.nanos - since;
        }
        for (Long tid : tasks.keySet()) {
            if (!later.tasks.containsKey(tid)) {
                ended++;
            }
        }
        return new ThreadUse(byKind[ThreadKind.SERVICE.ordinal()], byKind[ThreadKind.JIT.ordinal()], byKind[ThreadKind.GC.ordinal()],
                byKind[ThreadKind.OTHER.ordinal()], ended);
    }
}
