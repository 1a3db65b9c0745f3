package org.rpcbench.rawnetty;

import static org.rpcbench.cases.ProtoForm.PROTO;

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
import java.util.function.Function;
import org.rpcbench.binding.Connection;
import org.rpcbench.binding.Exchange;
import org.rpcbench.cases.Case;
import org.rpcbench.cases.TwinForm;
import org.rpcbench.checks.ClientClock;
import org.rpcbench.contract.proto.EchoText;

/**
 * Requests are the contract's protobuf bytes, built here before measurement with the bytes of the right
 * answer; a call sends one frame and waits for the frame with its id, and the check compares bytes.
 * An echo's text is one of a few shared variants, so its bytes are encoded once per variant and shared
 * by every request that sends it, and by its expected answer (the same bytes).
 *
 * <p>getUser's and listUser's answers carry the server's times, so their bytes cannot be known before:
 * the first answer a request gets is parsed and checked in full (the twins' check,
 * {@link org.rpcbench.cases.TwinForm#check}: every field exactly, the times in the client's window), and kept; an answer with the same bytes is then the same answer and
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
        TwinForm.Prepared prepared = PROTO.prepare(c, seq, clock);
        Message sent = (Message) prepared.request();
        Message expected = (Message) prepared.expected();
        byte[] body = sent instanceof EchoText echo
                ? echoBodies.computeIfAbsent(echo.getText(), text -> echo.toByteArray()) : sent.toByteArray();
        return new Call(c, seq, body, expected, expected.equals(sent) ? body : expected.toByteArray(), prepared.check());
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
        private final boolean stamped;
        private final Function<Object, String> check;
        /** The last answer to a request whose answers carry the server's times that passed the full check. */
        private byte[] accepted;
        private int uses;

        Call(Case c, int seq, byte[] body, Message expected, byte[] expectedBytes, Function<Object, String> check) {
            this.c = c;
            this.idBase = (long) seq << 32;
            this.body = body;
            this.expected = expected;
            this.expectedBytes = expectedBytes;
            this.stamped = c.operation().stamped();
            this.check = check;
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
            return Arrays.equals(bytes, stamped ? accepted : expectedBytes) ? null : parsed(bytes);
        }

        /**
         * An answer whose bytes are not the known right ones, parsed and checked in full: one with the
         * server's times not seen before is kept if right; any other is wrong, in the shared checks' words
         * where they parse.
         */
        private String parsed(byte[] bytes) {
            Message answer;
            try {
                answer = expected.getParserForType().parseFrom(bytes);
            } catch (InvalidProtocolBufferException e) {
                return c.method() + ": an answer of " + bytes.length + " bytes that is no " + expected.getDescriptorForType().getName();
            }
            String problem = check.apply(answer);
            if (stamped) {
                if (problem == null) {
                    accepted = bytes;
                }
                return problem;
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
