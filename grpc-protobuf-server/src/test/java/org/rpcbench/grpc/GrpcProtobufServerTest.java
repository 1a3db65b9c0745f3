package org.rpcbench.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.BindException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.rpcbench.server.RunningServer;

class GrpcProtobufServerTest {

    @Test
    void aBusyPortIsABindException() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            assertThatThrownBy(() -> new GrpcProtobufServer().start("127.0.0.1", taken.getLocalPort()))
                    .satisfies(e -> assertThat(chain(e)).as("the cause chain of %s", e).hasAtLeastOneElementOfType(BindException.class));
        }
    }

    private static List<Throwable> chain(Throwable e) {
        List<Throwable> chain = new ArrayList<>();
        for (Throwable c = e; c != null && !chain.contains(c); c = c.getCause()) {
            chain.add(c);
        }
        return chain;
    }

    @Test
    void closingTwiceIsHarmlessAndFreesThePort() throws Exception {
        int port;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            port = probe.getLocalPort();
        }
        RunningServer first = new GrpcProtobufServer().start("127.0.0.1", port);
        first.close();
        first.close();
        try (RunningServer again = new GrpcProtobufServer().start("127.0.0.1", port)) {
            assertThat(again).isNotNull();
        }
    }

    @Test
    void versionsAreReadFromTheLibraries() {
        assertThat(new GrpcProtobufServer().settings())
                .containsEntry("framework", "grpc-java")
                .containsKey("frameworkVersion")
                .doesNotContainValue(null);
        assertThat(new GrpcProtobufServer().settings().get("frameworkVersion")).matches("\\d+\\.\\d+\\.\\d+.*");
        assertThat(new GrpcProtobufServer().settings().get("transport")).matches("grpc-netty-shaded, Netty \\d+\\.\\d+\\.\\d+.*");
    }
}
