package org.rpcbench.server;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

/**
 * A JVM that publishes its allocation as a server does (AllocationCounter), and runs a thread that spins
 * and allocates and one that sleeps, until its input closes: a server's threads, read from outside by
 * client-base's tests.
 */
public final class AllocatingChild {
    private AllocatingChild() {}

    public static void main(String[] args) throws Exception {
        if (!AllocationCounter.start()) {
            System.out.println("not published");
            return;
        }
        Thread spinner = new Thread(() -> {
            List<byte[]> kept = new ArrayList<>();
            while (true) {
                kept.add(new byte[1024]);
                if (kept.size() > 1000) {
                    kept.clear();
                }
            }
        }, "spinner");
        spinner.setDaemon(true);
        Thread sleeper = new Thread(() -> {
            while (true) {
                LockSupport.parkNanos(1_000_000);
            }
        }, "sleeper");
        sleeper.setDaemon(true);
        spinner.start();
        sleeper.start();
        System.out.println("ready");
        System.out.flush();
        while (System.in.read() >= 0) {
            // until the test closes our input
        }
    }
}
