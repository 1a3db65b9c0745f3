package org.rpcbench.motan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import org.junit.jupiter.api.Test;
import org.rpcbench.server.RunningServer;

class MotanServerTest {

    @Test
    void anAddressInUseSurfacesAsABindException() throws Exception {
        try (ServerSocket occupant = new ServerSocket()) {
            occupant.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            assertThatThrownBy(() -> new MotanServer().start("127.0.0.1", occupant.getLocalPort()))
                    .satisfies(e -> assertThat(e).hasRootCauseInstanceOf(BindException.class));
        }
    }

    @Test
    void afterCloseNothingListensAndNoServerThreadIsLeft() throws Exception {
        ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        int port = probe.getLocalPort();
        probe.close();
        RunningServer running = new MotanServer().start("127.0.0.1", port);
        new Socket(InetAddress.getLoopbackAddress(), port).close();
        running.close();
        running.close();
        assertThatThrownBy(() -> new Socket(InetAddress.getLoopbackAddress(), port).close()).isInstanceOf(java.io.IOException.class);
        // the worker pool, acceptor and I/O event loops of HostBoundServer are gone (Motan's JVM-wide timers are not its own)
        assertThat(Thread.getAllStackTraces().keySet()).filteredOn(Thread::isAlive)
                .extracting(Thread::getName)
                .noneMatch(name -> name.startsWith("NettyServer-") || name.startsWith("nioEventLoopGroup"));
    }
}
