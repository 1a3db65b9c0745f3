package org.rpcbench.dubbo;

import org.apache.dubbo.common.serialize.Serialization;
import org.apache.dubbo.rpc.model.FrameworkModel;

/**
 * Reads the dubbo protocol's frame header, so tests can verify from the bytes on the wire which
 * serialization a pair really used: with prefer-serialization and fallbacks in Dubbo 3, configuration
 * alone is not proof.
 */
public final class DubboWire {
    private static final int MAGIC = 0xdabb;

    private DubboWire() {}

    /** The serialization id in a dubbo frame header (low five bits of its third byte). */
    public static int serializationId(byte[] frame) {
        if (frame.length < 16) {
            throw new AssertionError("a dubbo frame header has 16 bytes, saw " + frame.length);
        }
        int magic = ((frame[0] & 0xff) << 8) | (frame[1] & 0xff);
        if (magic != MAGIC) {
            throw new AssertionError("not a dubbo frame: starts with 0x" + Integer.toHexString(magic));
        }
        return frame[2] & 0x1f;
    }

    /** Fails unless the frame was written with the named serialization. */
    public static void assertSerialization(byte[] frame, String serialization) {
        int expected = FrameworkModel.defaultModel().getExtensionLoader(Serialization.class)
                .getExtension(serialization).getContentTypeId();
        int actual = serializationId(frame);
        if (actual != expected) {
            throw new AssertionError("the client wrote serialization id " + actual + ", expected " + expected
                    + " (" + serialization + ")");
        }
    }
}
