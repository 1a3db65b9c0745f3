package org.rpcbench.rawnetty;

import io.netty.util.Version;
import java.util.LinkedHashMap;
import java.util.Map;
import org.rpcbench.binding.Binding;
import org.rpcbench.cases.Case;

/**
 * Either half of the raw-netty pair: the transport ceiling. Plain Netty request/response frames carry
 * the contract's protobuf bytes, prepared before the run, so no RPC framework and no serialization is on
 * the measured path: what is left is Netty, the sockets and the correlation of answers to callers. A
 * table can then show how much of this each framework keeps.
 *
 * <p>A frame is a 4-byte length, then {@link #HEADER_BYTES}: the call's id (8 bytes, echoed in the
 * answer) and one byte, in a request the case (its ordinal), in an answer its status; then the body.
 */
public abstract class RawNettyPair implements Binding {
    /** A frame's own length field. */
    public static final int LENGTH_BYTES = 4;
    public static final int HEADER_BYTES = 8 + 1;
    /** An answer's status byte: the body is the answer, or a UTF-8 line saying what was wrong. */
    public static final byte ANSWERED = 0;
    public static final byte REFUSED = 1;
    /**
     * The largest frame either side accepts. The largest a case sends is the 200 KB echo (its text, a
     * protobuf tag and length and the header); the rest is headroom, not a promise.
     */
    public static final int MAX_FRAME_BYTES = 16 * 1024 * 1024;


    /** The case a request's case byte names, or null. */
    public static Case caseOf(byte ordinal) {
        return ordinal >= 0 && ordinal < Case.values().length ? Case.values()[ordinal] : null;
    }

    @Override
    public final Map<String, String> settings() {
        Map<String, String> s = new LinkedHashMap<>();
        s.put("framework", "Netty");
        s.put("frameworkVersion", nettyVersion());
        s.put("protocol", "length-prefixed frames (4-byte length, 8-byte call id, 1-byte case), no RPC framework");
        s.put("serialization", "none on the measured path: the contract's protobuf bytes, built before the run; the server"
                + " sends an echo's bytes back as they came and answers every other distinct request from a cache it fills"
                + " on first sight");
        s.put("transport", "Netty NIO, default allocator");
        s.put("eventLoops", "server: 1 acceptor, Netty's default workers; client: 1");
        s.put("serverExecutor", "none: answers are written from the event loop");
        s.put("connections", "1 shared connection, calls multiplexed by id");
        return s;
    }

    private static String nettyVersion() {
        Version v = Version.identify().get("netty-common");
        return v == null ? "unknown" : v.artifactVersion();
    }
}
