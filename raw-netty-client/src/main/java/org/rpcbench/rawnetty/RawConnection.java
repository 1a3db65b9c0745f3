package org.rpcbench.rawnetty;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.rpcbench.binding.Connection;
import org.rpcbench.binding.Exchange;
import org.rpcbench.cases.Case;
import org.rpcbench.cases.ProtoFixtures;
import org.rpcbench.checks.Checks;
import org.rpcbench.checks.ClientClock;
import org.rpcbench.checks.ProtoChecks;
import org.rpcbench.contract.ProtoTwin;
import org.rpcbench.contract.proto.BenchmarkMessage;
import org.rpcbench.contract.proto.BoolReply;
import org.rpcbench.contract.proto.EchoText;
import org.rpcbench.contract.proto.Empty;
import org.rpcbench.contract.proto.Page;
import org.rpcbench.contract.proto.Person;
import org.rpcbench.contract.proto.User;

/**
 * Requests are the contract's protobuf bytes, built here before measurement with the bytes of the right
 * answer; a call sends one frame and waits for the frame with its id, and the check compares bytes.
 * An echo's text is one of a few shared variants, so its bytes are encoded once per variant and shared
 * by every request that sends it, and by its expected answer (the same bytes).
 *
 * <p>getUser's and listUser's answers carry the server's times, so their bytes cannot be known before:
 * the first answer a request gets is parsed and checked in full ({@link ProtoChecks}: every field exactly,
 * the times in the client's window), and kept; an answer with the same bytes is then the same answer and
 * passes by a byte comparison, without parsing. The server keeps its answers too, and makes them again
 * every minute; a new answer is checked in full again.
 */
final class RawConnection implements Connection {
    private final ClientClock clock = ClientClock.opened();
    private final Channel channel;
    private final Callers callers;
    private final long timeoutMillis;
    private final AutoCloseable resources;
    private final Map<String, byte[]> echoBodies = new ConcurrentHashMap<>();

    RawConnection(Channel channel, Callers callers, long timeoutMillis, AutoCloseable resources) {
        this.channel = channel;
        this.callers = callers;
        this.timeoutMillis = timeoutMillis;
        this.resources = resources;
    }

    @Override
    public Exchange prepare(Case c, int seq) {
        Message request = ProtoFixtures.request(c, seq);
        Message expected = ProtoFixtures.answer(c, seq);
        byte[] body = request instanceof EchoText echo
                ? echoBodies.computeIfAbsent(echo.getText(), text -> echo.toByteArray()) : request.toByteArray();
        return new Call(c, seq, body, expected, expected.equals(request) ? body : expected.toByteArray());
    }

    /**
     * One prepared request. Its ids are its sequence number in the high half and its own count of uses in
     * the low half: unique on the connection, since every request belongs to one thread, which has one
     * call in flight, and a late answer to an earlier use cannot be taken for the current one.
     */
    final class Call implements Exchange {
        private final Case c;
        private final long idBase;
        final byte[] body;
        private final Message expected;
        final byte[] expectedBytes;
        /** The last answer to a request whose answers carry the server's times that passed the full check. */
        private byte[] accepted;
        private int uses;

        Call(Case c, int seq, byte[] body, Message expected, byte[] expectedBytes) {
            this.c = c;
            this.idBase = (long) seq << 32;
            this.body = body;
            this.expected = expected;
            this.expectedBytes = expectedBytes;
        }

        @Override
        public Object call() throws Exception {
            long id = idBase | (uses++ & 0xFFFF_FFFFL);
            CompletableFuture<byte[]> answer = callers.expect(id);
            try {
                ByteBuf frame = channel.alloc().buffer(RawNettyPair.HEADER_BYTES + body.length);
                frame.writeLong(id).writeByte(c.ordinal()).writeBytes(body);
                channel.writeAndFlush(frame).addListener(sent -> {
                    if (!sent.isSuccess()) {
                        answer.completeExceptionally(sent.cause());
                    }
                });
                return answer.get(timeoutMillis, TimeUnit.MILLISECONDS);
            } catch (TimeoutException e) {
                throw new TimeoutException("no answer within " + timeoutMillis + " ms");
            } catch (ExecutionException e) {
                throw e.getCause() instanceof Exception cause ? cause : e;
            } finally {
                callers.forget(id);
            }
        }

        @Override
        public String check(Object answer) {
            if (!(answer instanceof byte[] bytes)) {
                return "expected bytes, got " + answer;
            }
            if (c == Case.GET_USER || c == Case.LIST_USER) {
                return Arrays.equals(bytes, accepted) ? null : stamped(bytes);
            }
            return Arrays.equals(bytes, expectedBytes) ? null : describe(bytes);
        }

        /** An answer with the server's times not seen before: parsed, checked in full, and kept if right. */
        private String stamped(byte[] bytes) {
            String problem;
            try {
                problem = c == Case.GET_USER ? ProtoChecks.user((User) expected, User.parseFrom(bytes), clock)
                        : ProtoChecks.page((Page) expected, Page.parseFrom(bytes), clock);
            } catch (InvalidProtocolBufferException e) {
                return c.method() + ": an answer of " + bytes.length + " bytes that is no " + expected.getDescriptorForType().getName();
            }
            if (problem == null) {
                accepted = bytes;
            }
            return problem;
        }

        /** What is wrong with an answer whose bytes differ, in the shared checks' words where they parse. */
        private String describe(byte[] bytes) {
            String problem;
            try {
                problem = switch (c) {
                    case EXIST_USER, CREATE_USER -> c.method() + " answered " + BoolReply.parseFrom(bytes).getValue()
                            + ", expected " + ((BoolReply) expected).getValue();
                    case GET_USER, LIST_USER -> stamped(bytes);
                    case PING -> Checks.ping(Empty.parseFrom(bytes));
                    case ECHO_20B, ECHO_1K, ECHO_5K, ECHO_50K, ECHO_200K -> Checks.echo(((EchoText) expected).getText(), EchoText.parseFrom(bytes).getText());
                    case ECHO_POJO -> Checks.person(ProtoTwin.fromProto((Person) expected), ProtoTwin.fromProto(Person.parseFrom(bytes)));
                    case SAY -> Checks.say(ProtoTwin.fromProto((BenchmarkMessage) expected),
                            ProtoTwin.fromProto(BenchmarkMessage.parseFrom(bytes)));
                };
            } catch (InvalidProtocolBufferException e) {
                return c.method() + ": an answer of " + bytes.length + " bytes that is no " + expected.getDescriptorForType().getName();
            }
            return problem != null ? problem : c.method() + ": the answer's " + bytes.length + " bytes differ from the "
                    + expectedBytes.length + " expected";
        }
    }

    @Override
    public void close() {
        try {
            resources.close();
        } catch (Exception e) {
            throw new IllegalStateException("closing the connection failed: " + e.getMessage(), e);
        }
    }
}
