package org.rpcbench.rmi;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import org.rpcbench.binding.RoundTripContract;

/**
 * The registry lookup goes through the test's tap; the stub it returns names the server's own address,
 * as RMI stubs do, so the calls themselves go straight to the server here. In a real run the client is
 * given the server's address and both share it.
 */
class RmiRoundTripTest extends RoundTripContract {
    RmiRoundTripTest() {
        // JRMP opens with "JRMI", protocol version 2, then the stream protocol (0x4b)
        super(new RmiServer(), new RmiClient(), wire -> {
            assertThat(wire.length).as("bytes seen").isGreaterThanOrEqualTo(7);
            ByteBuffer header = ByteBuffer.wrap(wire);
            assertThat(header.getInt()).as("magic").isEqualTo(0x4a524d49);
            assertThat(header.getShort()).as("version").isEqualTo((short) 2);
            assertThat(header.get()).as("protocol").isEqualTo((byte) 0x4b);
        });
    }
}
