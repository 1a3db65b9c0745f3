package org.rpcbench.thrift;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.net.BindException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.rpcbench.server.RunningServer;

class ThriftServerTest {

    private static Set<String> thriftThreads() {
        return Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive).map(Thread::getName)
                .filter(n -> n.startsWith("thrift-")).collect(Collectors.toSet());
    }

    @Test
    void aTakenPortFailsWithABindExceptionAndStartsNoThread() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Throwable failure = catchThrowable(() -> new ThriftServer().start("127.0.0.1", taken.getLocalPort()));
            assertThat(failure).hasRootCauseInstanceOf(BindException.class);
        }
        assertThat(thriftThreads()).isEmpty();
    }

    @Test
    void closingEndsEveryThreadItStartedAndTwiceIsHarmless() throws Exception {
        int port;
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = free.getLocalPort();
        }
        RunningServer server = new ThriftServer().start("127.0.0.1", port);
        assertThat(thriftThreads()).contains("thrift-serve-1");
        server.close();
        server.close();
        assertThat(thriftThreads()).isEmpty();
    }
}
