package org.rpcbench.rawnetty;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.rpcbench.cases.Case;
import org.rpcbench.contract.proto.BenchmarkMessage;
import org.rpcbench.contract.proto.ExistUserRequest;
import org.rpcbench.contract.proto.GetUserRequest;
import org.rpcbench.contract.proto.ListUserRequest;
import org.rpcbench.contract.proto.User;
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
 */
final class Answers {
    /** Past this many distinct requests, answers are computed but no longer kept. */
    static final int KEPT = 200_000;
    private static final byte[] NOTHING = new byte[0];

    private final FixtureProtoService fixtures = new FixtureProtoService();
    private final Map<Request, byte[]> kept = new ConcurrentHashMap<>();

    /** Whether a case's answer is its request's bytes, unread: the server may send them back without copying. */
    static boolean echoes(Case c) {
        return c == Case.ECHO_1K || c == Case.ECHO_50K || c == Case.ECHO_200K || c == Case.ECHO_POJO;
    }

    /** The answer's bytes; IllegalArgumentException for an unknown case or bytes that are no such request. */
    byte[] to(Case c, byte[] request) {
        if (c == null) {
            throw new IllegalArgumentException("unknown case");
        }
        if (echoes(c)) {
            return request;
        }
        if (c == Case.PING) {
            return NOTHING;
        }
        Request key = new Request(c, request);
        byte[] answer = kept.get(key);
        if (answer == null) {
            answer = compute(c, request).toByteArray();
            if (kept.size() < KEPT) {
                kept.put(key, answer);
            }
        }
        return answer;
    }

    private Message compute(Case c, byte[] request) {
        try {
            return switch (c) {
                case EXIST_USER -> fixtures.existUser(ExistUserRequest.parseFrom(request));
                case CREATE_USER -> fixtures.createUser(User.parseFrom(request));
                case GET_USER -> fixtures.getUser(GetUserRequest.parseFrom(request));
                case LIST_USER -> fixtures.listUser(ListUserRequest.parseFrom(request));
                case SAY -> fixtures.say(BenchmarkMessage.parseFrom(request));
                case PING, ECHO_1K, ECHO_50K, ECHO_200K, ECHO_POJO ->
                        throw new IllegalStateException(c.method() + " is answered without the service");
            };
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalArgumentException("not a " + c.method() + " request: " + e.getMessage());
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
