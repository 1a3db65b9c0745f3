package org.rpcbench.rawnetty;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.rpcbench.cases.Case;
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
 */
final class Answers {
    /** Past this many distinct requests, answers are computed but no longer kept. */
    static final int KEPT = 200_000;

    private final FixtureProtoService fixtures = new FixtureProtoService();
    private final Map<Request, byte[]> kept = new ConcurrentHashMap<>();

    /** The answer's bytes; IllegalArgumentException for an unknown case or bytes that are no such request. */
    byte[] to(Case c, byte[] request) {
        if (c == null) {
            throw new IllegalArgumentException("unknown case");
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
