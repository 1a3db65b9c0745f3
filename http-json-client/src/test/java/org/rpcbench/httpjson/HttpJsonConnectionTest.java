package org.rpcbench.httpjson;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.rpcbench.binding.Exchange;
import org.rpcbench.binding.Target;
import org.rpcbench.cases.Case;
import org.rpcbench.server.RunningServer;

@org.junit.jupiter.api.extension.ExtendWith(RerunOnHttp1Defect.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class HttpJsonConnectionTest {
    private RunningServer server;
    private int port;

    @BeforeAll
    void start() throws Exception {
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = probe.getLocalPort();
        }
        server = new HttpJsonServer().start("127.0.0.1", port);
    }

    @AfterAll
    void stop() {
        server.close();
    }

    @Test
    void anAnswerOtherThan200IsAnErrorInOneLine() throws Exception {
        try (HttpJsonConnection connection = new HttpJsonConnection(new Target("127.0.0.1", port, 5000))) {
            Exchange missing = connection.post("noSuchMethod", 1, Boolean.class, answer -> null);
            assertThat(missing.check(missing.call())).startsWith("noSuchMethod: HTTP 404 ").doesNotContain("\n");
        }
    }

    /** What the client's ping accepts is what the server says for a void method: 200 and the JSON null. */
    @Test
    void theServerAnswersPingWithTheJsonNull() throws Exception {
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        HttpResponse<String> answer = client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + HttpJsonPair.path("ping")))
                .POST(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(answer.statusCode()).isEqualTo(200);
        assertThat(answer.body()).isEqualTo("null");
        try (HttpJsonConnection connection = new HttpJsonConnection(new Target("127.0.0.1", port, 5000))) {
            Exchange ping = connection.prepare(Case.PING, 0);
            assertThat(ping.check(ping.call())).isNull();
            // the answer of a method that does return something fails ping's check
            Exchange echo = connection.prepare(Case.ECHO_1K, 0);
            assertThat(ping.check(echo.call())).startsWith("ping returned");
        }
    }
}
