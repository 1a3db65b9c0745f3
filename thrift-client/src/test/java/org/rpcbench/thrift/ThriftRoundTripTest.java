package org.rpcbench.thrift;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.rpcbench.binding.RoundTripContract;

class ThriftRoundTripTest extends RoundTripContract {
    ThriftRoundTripTest() {
        super(new ThriftServer(), new ThriftClient(), ThriftRoundTripTest::framedStrictBinaryCall);
    }

    /**
     * The first call on the wire (existUser): a 4-byte frame length, then a strict TBinaryProtocol
     * message header, version 1 with message type CALL (0x80010001), the method name and a sequence id.
     */
    static void framedStrictBinaryCall(byte[] wire) {
        assertThat(wire.length).as("bytes seen").isGreaterThanOrEqualTo(8 + 4 + "existUser".length() + 4);
        ByteBuffer bytes = ByteBuffer.wrap(wire);
        int frameLength = bytes.getInt();
        assertThat(bytes.getInt()).as("binary protocol version and message type, hex %08x", ByteBuffer.wrap(wire, 4, 4).getInt())
                .isEqualTo(0x80010001);
        int nameLength = bytes.getInt();
        byte[] name = new byte[nameLength];
        bytes.get(name);
        assertThat(new String(name, StandardCharsets.UTF_8)).isEqualTo("existUser");
        assertThat(frameLength).as("frame length").isPositive().isLessThanOrEqualTo(wire.length - 4);
    }
}
