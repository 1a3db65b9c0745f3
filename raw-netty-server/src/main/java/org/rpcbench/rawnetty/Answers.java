package org.rpcbench.rawnetty;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.rpcbench.cases.Case;
import org.rpcbench.cases.Operation;
import org.rpcbench.cases.ProtoForm;
import org.rpcbench.server.FixtureProtoService;

/**
 * The raw-netty server's answers: the first time a request's bytes are seen, they are parsed and
 * answered by the shared fixtures and the answer's bytes kept; after that the same bytes get the kept
 * answer. So the answers are the service's, but no serialization is left on the measured path once every
 * distinct request has been seen (a benchmark thread sends 16 distinct requests per case, in turn).
 *
 * <p>Two kinds of case need no service to answer them, so they are neither parsed nor kept: an echo's
 * answer is its request's own bytes (what a transport ceiling should do with one), and ping's is the
 * empty body whatever came. {@code say} is answered like the UserService calls, from the cache, not by
 * decoding, setting two fields and encoding on every call as the seeds' server does: this pair promises
 * the cost of the transport alone, so a protobuf round trip per call would make {@code say} the one case
 * where it measured serialization too. The first sight of each message still goes through the shared
 * service, so the answer is the service's, and a keyed message is about 600 bytes, as cheap to hash as a
 * createUser request.
 *
 * <p>getUser's and listUser's answers carry the times the service stamped them with, and a client checks
 * those against its own clock: no earlier than five minutes before it connected. A kept answer would grow
 * older than that under a later client of the same server (a sweep runs several), so these two are kept
 * for at most {@link #STAMPED_MAX_AGE_NANOS} (one clock reading per call to know it) and then made again.
 */
final class Answers {
    /** Past this many distinct requests, answers are computed but no longer kept. */
    static final int KEPT = 200_000;
    /** How long an answer carrying the service's times is kept before the service makes it again. */
    static final long STAMPED_MAX_AGE_NANOS = TimeUnit.MINUTES.toNanos(1);
    private static final byte[] NOTHING = new byte[0];

    private final FixtureProtoService fixtures = new FixtureProtoService();
    private final Map<Request, Kept> kept = new ConcurrentHashMap<>();
    private final long stampedMaxAgeNanos;

    Answers() {
        this(STAMPED_MAX_AGE_NANOS);
    }

    Answers(long stampedMaxAgeNanos) {
        this.stampedMaxAgeNanos = stampedMaxAgeNanos;
    }

    /** An answer's bytes and when they were made (System.nanoTime). */
    private record Kept(byte[] bytes, long madeNanos) {}

    /** Whether a case's answer carries times the service stamps (its users' createTime and updateTime). */
    static boolean stamped(Case c) {
        return c.operation().stamped();
    }

    /** Whether a case's answer is its request's bytes, unread: the server may send them back without copying. */
    static boolean echoes(Case c) {
        return c.operation().echoes();
    }

    /** The answer's bytes; IllegalArgumentException for an unknown case or bytes that are no such request. */
    byte[] to(Case c, byte[] request) {
        if (c == null) {
            throw new IllegalArgumentException("unknown case");
        }
        if (echoes(c)) {
            return request;
        }
        if (c.operation() == Operation.PING) {
            return NOTHING;
        }
        Request key = new Request(c, request);
        Kept answer = kept.get(key);
        if (answer == null || stamped(c) && System.nanoTime() - answer.madeNanos > stampedMaxAgeNanos) {
            answer = new Kept(compute(c, request).toByteArray(), System.nanoTime());
            if (kept.size() < KEPT || kept.containsKey(key)) {
                kept.put(key, answer);
            }
        }
        return answer.bytes;
    }

    private Message compute(Case c, byte[] request) {
        Message parsed;
        try {
            parsed = ProtoForm.requestParser(c.operation()).parseFrom(request);
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalArgumentException("not a " + c.method() + " request: " + e.getMessage());
        }
        try {
            return (Message) ProtoForm.call(c.operation(), fixtures, parsed).call();
        } catch (Exception e) {
            throw new IllegalStateException(c.method() + " failed in the service: " + e.getMessage(), e);
        }
    }

    /** A request by content: a case and its bytes. */
    private record Request(Case c, byte[] bytes) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Request r && r.c == c && Arrays.equals(r.bytes, bytes);
        }

        @Override
        public int hashCode() {
            return 31 * c.hashCode() + Arrays.hashCode(bytes);
        }
    }
}
