package org.rpcbench.httpjson;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.ServerSocket;
import org.junit.jupiter.api.Test;
import org.rpcbench.binding.Exchange;
import org.rpcbench.binding.Target;
import org.rpcbench.server.RunningServer;

class HttpJsonConnectionTest {

    @Test
    void anAnswerOtherThan200IsAnErrorInOneLine() throws Exception {
        int port;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = probe.getLocalPort();
        }
        RunningServer server = new HttpJsonServer().start("127.0.0.1", port);
        try (HttpJsonConnection connection = new HttpJsonConnection(new Target("127.0.0.1", port, 5000))) {
            Exchange missing = connection.post("noSuchMethod", 1, Boolean.class, answer -> null);
            assertThat(missing.check(missing.call())).startsWith("noSuchMethod: HTTP 404 ").doesNotContain("\n");
        } finally {
            server.close();
        }
    }
}
