package org.rpcbench.rmi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.SocketTimeoutException;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.rpcbench.binding.Target;

class RmiTimeoutTest {

    @Test
    void aServerThatAcceptsButNeverSpeaksFailsConnectWithinTheTimeout() throws Exception {
        // TCP connects (the kernel's backlog) and the JRMP handshake gets no answer; RMI alone would
        // wait 60 s for it, the capped sockets give up after the target's timeout
        try (ServerSocket deaf = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Target target = new Target("127.0.0.1", deaf.getLocalPort(), 300);
            Throwable failure = assertTimeoutPreemptively(Duration.ofSeconds(30),
                    () -> catchThrowable(() -> new RmiClient().connect(target)));
            assertThat(failure).as("connect's failure").isNotNull();
            assertThat(failure).hasRootCauseInstanceOf(SocketTimeoutException.class);
        }
    }
}
