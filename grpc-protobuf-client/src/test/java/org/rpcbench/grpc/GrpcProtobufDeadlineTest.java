package org.rpcbench.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.rpcbench.binding.Connection;
import org.rpcbench.binding.Exchange;
import org.rpcbench.binding.Target;
import org.rpcbench.cases.Case;
import org.rpcbench.server.RunningServer;

/** Calls are bounded by the target's timeout, each on its own. */
class GrpcProtobufDeadlineTest {

    @Test
    void aServerThatAcceptsButNeverSpeaksFailsConnectAtTheDeadline() throws Exception {
        // the kernel completes the TCP handshake for the backlog; nothing ever answers the HTTP/2 preface
        try (ServerSocket deaf = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Target target = new Target("127.0.0.1", deaf.getLocalPort(), 300);
            StatusRuntimeException e = assertTimeoutPreemptively(Duration.ofSeconds(30), () ->
                    catchThrowableOfType(StatusRuntimeException.class, () -> new GrpcProtobufClient().connect(target)));
            assertThat(e).as("connect's failure").isNotNull();
            assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.DEADLINE_EXCEEDED);
        }
    }

    @Test
    void theDeadlineStartsWithEachCallNotWithTheConnection() throws Exception {
        int port;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = probe.getLocalPort();
        }
        try (RunningServer server = new GrpcProtobufServer().start("127.0.0.1", port);
             Connection connection = new GrpcProtobufClient().connect(new Target("127.0.0.1", port, 5000))) {
            // longer than the timeout, which is long enough for a connect on a loaded machine: a deadline fixed at
            // connect would have passed
            Thread.sleep(5500);
            Exchange exchange = connection.prepare(Case.GET_USER, 3);
            assertThat(exchange.check(exchange.call())).isNull();
        }
    }
}
