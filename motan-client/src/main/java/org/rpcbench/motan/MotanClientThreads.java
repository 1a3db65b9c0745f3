package org.rpcbench.motan;

/**
 * Lets a JVM that used Motan's client end when its program has.
 *
 * <p>Motan starts JVM-wide client threads that are not daemons and that nothing ever stops: the event
 * loop and timeout timer of motan-transport-netty4's NettyClient, and the scheduled executors of
 * StatsUtil, RpcStats, ClusterSupport, RefererSupports, AbstractWeightedLoadBalance and FailbackRegistry,
 * all static. Destroying the referer leaves them running, so a JVM whose main method has returned never
 * ends: a JMH fork after its trial waits out JMH's 30 s shutdown timeout, lists the threads and is halted.
 * Motan expects a long-lived process that ends with System.exit.
 *
 * <p>So, once the JVM's main thread has ended and no Motan connection is open any more, this ends the JVM
 * with System.exit(0), as it would have ended on its own without those threads. Nothing happens while
 * main runs: the launcher (which exits by itself), JMH with {@code -f 0} and test runners are unaffected.
 */
final class MotanClientThreads {
    private static int open;
    private static Thread watcher;

    private MotanClientThreads() {}

    static synchronized void opened() {
        open++;
        if (watcher == null) {
            Thread main = mainThread();
            if (main != null) {
                watcher = new Thread(() -> exitAfter(main), "rpc-bench-motan-exit");
                watcher.setDaemon(true);
                watcher.start();
            }
        }
    }

    /** Runs a connection's release, then counts it as closed even if the release failed. */
    static void closing(Runnable release) {
        try {
            release.run();
        } finally {
            synchronized (MotanClientThreads.class) {
                open--;
                MotanClientThreads.class.notifyAll();
            }
        }
    }

    private static void exitAfter(Thread main) {
        try {
            main.join();
            synchronized (MotanClientThreads.class) {
                while (open > 0) {
                    MotanClientThreads.class.wait();
                }
            }
        } catch (InterruptedException e) {
            return;
        }
        System.exit(0);
    }

    private static Thread mainThread() {
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if ("main".equals(t.getName()) && !t.isDaemon() && t.getThreadGroup() != null
                    && "main".equals(t.getThreadGroup().getName())) {
                return t;
            }
        }
        return null;
    }
}
