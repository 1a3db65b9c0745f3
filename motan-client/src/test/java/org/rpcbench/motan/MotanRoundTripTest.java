package org.rpcbench.motan;

import static org.assertj.core.api.Assertions.assertThat;

import com.weibo.api.motan.serialize.Hessian2Serialization;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.rpcbench.binding.RoundTripContract;

class MotanRoundTripTest extends RoundTripContract {
    MotanRoundTripTest() {
        super(new MotanServer(), new MotanClient(), MotanRoundTripTest::motanV1RequestInANetty4Frame);
    }

    /**
     * The client's first frame (connect()'s probe, existUser). motan-transport-netty4 puts every message
     * in a 16-byte frame of its own whose magic is 0xF1F1, the same number motan2 frames start with; but
     * for the motan protocol (v1) that frame carries a whole v1 message, whose 16-byte header starts with
     * the v1 magic 0xF0F0 and version 1. The argument inside is hessian2: Motan's Hessian2Serialization
     * bytes for the probe's email stand in the body as they are.
     */
    static void motanV1RequestInANetty4Frame(byte[] wire) {
        assertThat(wire.length).as("bytes seen").isGreaterThan(32);
        assertThat(hex(wire, 0)).as("netty4 transport frame magic").isEqualTo("f1f1");
        assertThat(wire[3]).as("frame type: request").isEqualTo((byte) 0);
        assertThat(hex(wire, 16)).as("motan v1 magic of the message in the frame").isEqualTo("f0f0");
        assertThat(wire[18]).as("motan v1 version").isEqualTo((byte) 1);
        byte[] argument;
        try {
            argument = new Hessian2Serialization().serialize(MotanClient.PROBE_EMAIL);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        assertThat(indexOf(wire, argument)).as("hessian2 bytes of the argument in the body").isGreaterThan(32);
    }

    private static String hex(byte[] wire, int at) {
        return Integer.toHexString(((wire[at] & 0xff) << 8) | (wire[at + 1] & 0xff));
    }

    private static int indexOf(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
