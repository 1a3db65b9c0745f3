package org.rpcbench.rawnetty;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.BindException;
import java.net.InetAddress;
import java.net.ServerSocket;
import org.junit.jupiter.api.Test;
import org.rpcbench.cases.Case;
import org.rpcbench.cases.ProtoFixtures;
import org.rpcbench.server.RunningServer;

class RawNettyServerTest {

    @Test
    void answersAreTheServicesAndTheSameBytesGetTheSameAnswer() {
        Answers answers = new Answers();
        for (Case c : Case.values()) {
            byte[] request = ProtoFixtures.request(c, 7).toByteArray();
            byte[] first = answers.to(c, request);
            assertThat(first).as(c.method()).isEqualTo(ProtoFixtures.answer(c, 7).toByteArray());
            assertThat(answers.to(c, request.clone())).isSameAs(first);
        }
    }

    @Test
    void whatIsNoRequestIsRefusedNotAnswered() {
        Answers answers = new Answers();
        assertThatThrownBy(() -> answers.to(null, new byte[0])).hasMessage("unknown case");
        assertThatThrownBy(() -> answers.to(Case.GET_USER, new byte[] {(byte) 0xff, 1, 2}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("not a getUser request");
    }

    @Test
    void aBusyPortIsABindException() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            assertThatThrownBy(() -> new RawNettyServer().start("127.0.0.1", taken.getLocalPort()))
                    .isInstanceOf(BindException.class);
        }
    }

    @Test
    void closingTwiceIsHarmlessAndFreesThePort() throws Exception {
        int port;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            port = probe.getLocalPort();
        }
        RunningServer first = new RawNettyServer().start("127.0.0.1", port);
        first.close();
        first.close();
        try (RunningServer again = new RawNettyServer().start("127.0.0.1", port)) {
            assertThat(again).isNotNull();
        }
        assertThat(new RawNettyServer().settings().get("frameworkVersion")).matches("4\\.\\d+\\.\\d+.*");
    }
}
