package org.rpcbench.dubbo27.hessian;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.rpcbench.server.RunningServer;

class Dubbo27HessianServerTest {

    @Test
    void aBusyPortIsABindException() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            assertThatThrownBy(() -> new Dubbo27HessianServer().start("127.0.0.1", taken.getLocalPort()))
                    .hasRootCauseInstanceOf(BindException.class);
        }
    }

    /** What lets the server's JVM exit: the port is free again and no thread the server started is left running. */
    @Test
    void closingFreesThePortAndEveryNonDaemonThread() throws Exception {
        Set<Thread> before = nonDaemonThreads();
        int port;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = probe.getLocalPort();
        }
        RunningServer server = new Dubbo27HessianServer().start("127.0.0.1", port);
        server.close();
        server.close(); // twice is harmless

        try (ServerSocket again = new ServerSocket()) {
            again.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
        }
        long deadline = System.nanoTime() + 10_000_000_000L;
        Set<Thread> left = nonDaemonThreads();
        left.removeAll(before);
        while (!left.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(50);
            left.removeIf(t -> !t.isAlive());
        }
        assertThat(left.stream().map(Thread::getName).collect(Collectors.toList())).isEmpty();
    }

    private static Set<Thread> nonDaemonThreads() {
        return Thread.getAllStackTraces().keySet().stream().filter(t -> !t.isDaemon() && t.isAlive())
                .collect(Collectors.toSet());
    }
}
