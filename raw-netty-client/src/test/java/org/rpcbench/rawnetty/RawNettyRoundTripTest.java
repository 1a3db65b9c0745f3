package org.rpcbench.rawnetty;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import org.rpcbench.binding.RoundTripContract;
import org.rpcbench.cases.Case;

class RawNettyRoundTripTest extends RoundTripContract {
    RawNettyRoundTripTest() {
        // the first frame: its length, then the call's id and its case, then exactly that many bytes of body
        super(new RawNettyServer(), new RawNettyClient(), wire -> {
            ByteBuffer frame = ByteBuffer.wrap(wire);
            int length = frame.getInt();
            assertThat(length).isGreaterThanOrEqualTo(RawNettyPair.HEADER_BYTES);
            assertThat(wire.length).isGreaterThanOrEqualTo(RawNettyPair.LENGTH_BYTES + length);
            frame.getLong();
            assertThat((int) frame.get()).isBetween(0, Case.values().length - 1);
        });
    }
}
