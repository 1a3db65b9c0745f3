package org.rpcbench.rawnetty;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.Message;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.net.BindException;
import java.net.InetAddress;
import java.net.ServerSocket;
import org.junit.jupiter.api.Test;
import org.rpcbench.cases.Case;
import org.rpcbench.cases.ProtoForm;
import org.rpcbench.cases.Request;
import org.rpcbench.checks.ClientClock;
import org.rpcbench.contract.proto.BenchmarkMessage;
import org.rpcbench.contract.proto.Page;
import org.rpcbench.contract.proto.User;
import org.rpcbench.server.RunningServer;

class RawNettyServerTest {

    private static Message answer(Case c, int seq) {
        return ProtoForm.PROTO.answer(c.operation(), Request.of(c, seq).expected());
    }

    private static Message request(Case c, int seq) {
        return ProtoForm.PROTO.request(c.operation(), Request.of(c, seq).argument());
    }

    @Test
    void answersAreTheServicesAndTheSameBytesGetTheSameAnswer() throws Exception {
        Answers answers = new Answers();
        ClientClock clock = ClientClock.opened();
        for (Case c : Case.values()) {
            if (!c.operation().twinned()) {
                continue; // the protobuf twin has no such call
            }
            byte[] request = request(c, 7).toByteArray();
            byte[] first = answers.to(c, request);
            if (c.operation().stamped()) {
                Request r = Request.of(c, 7);
                Message parsed = answer(c, 7).getParserForType().parseFrom(first);
                assertThat(ProtoForm.PROTO.check(r, answer(c, 7), clock).apply(parsed)).as(c.method()).isNull();
            } else {
                assertThat(first).as(c.method()).isEqualTo(answer(c, 7).toByteArray());
            }
            if (Answers.echoes(c)) {
                // neither parsed nor kept: the answer is the very bytes that came
                assertThat(first).as(c.method()).isSameAs(request);
            } else {
                assertThat(answers.to(c, request.clone())).as(c.method()).isSameAs(first);
            }
        }
    }

    @Test
    void answersWithTheServicesTimesAreMadeAgainOnceTheyAreOlderThanTheirMaximumAge() throws Exception {
        byte[] request = request(Case.GET_USER, 2).toByteArray();
        byte[] fresh = new Answers(0).to(Case.GET_USER, request);
        Answers ageless = new Answers(0);
        byte[] first = ageless.to(Case.GET_USER, request);
        Thread.sleep(1);
        byte[] again = ageless.to(Case.GET_USER, request);
        assertThat(again).isNotSameAs(first);
        assertThat(User.parseFrom(again).getCreateTime().getNanos()).isNotEqualTo(User.parseFrom(first).getCreateTime().getNanos());
        // the others are kept whatever their age: nothing in them changes
        byte[] created = request(Case.CREATE_USER, 2).toByteArray();
        assertThat(ageless.to(Case.CREATE_USER, created)).isSameAs(ageless.to(Case.CREATE_USER, created));
        assertThat(fresh).isNotNull();
        assertThat(Answers.STAMPED_MAX_AGE_NANOS).isEqualTo(60_000_000_000L);
    }

    @Test
    void sayIsTheServicesAnswerNotAnEcho() {
        byte[] request = request(Case.SAY, 3).toByteArray();
        byte[] answer = new Answers().to(Case.SAY, request);
        assertThat(answer).isNotEqualTo(request)
                .isEqualTo(ProtoForm.said((BenchmarkMessage) request(Case.SAY, 3)).toByteArray());
    }

    @Test
    void anEchoFrameComesBackAsItCameWithItsStatusAnswered() {
        EmbeddedChannel channel = new EmbeddedChannel(new RawNettyServer.Answering(new Answers()));
        byte[] body = request(Case.ECHO_1K, 2).toByteArray();
        channel.writeInbound(Unpooled.buffer().writeLong(42).writeByte(Case.ECHO_1K.ordinal()).writeBytes(body));
        channel.flushOutbound();
        ByteBuf answer = channel.readOutbound();
        try {
            assertThat(answer.readLong()).isEqualTo(42);
            assertThat(answer.readByte()).isEqualTo(RawNettyPair.ANSWERED);
            assertThat(ByteBufUtil.getBytes(answer)).isEqualTo(body);
        } finally {
            answer.release();
        }
        assertThat(channel.finishAndReleaseAll()).isFalse();
    }

    @Test
    void whatIsNoRequestIsRefusedNotAnswered() {
        Answers answers = new Answers();
        assertThatThrownBy(() -> answers.to(null, new byte[0])).hasMessage("unknown case");
        assertThatThrownBy(() -> answers.to(Case.GET_USER, new byte[] {(byte) 0xff, 1, 2}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("not a getUser request");
        // proto2: a message without its required fields is no message
        assertThatThrownBy(() -> answers.to(Case.SAY, new byte[0]))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("not a say request");
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
