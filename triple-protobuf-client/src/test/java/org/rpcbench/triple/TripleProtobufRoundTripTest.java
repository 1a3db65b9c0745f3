package org.rpcbench.triple;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.rpcbench.binding.RoundTripContract;

class TripleProtobufRoundTripTest extends RoundTripContract {
    TripleProtobufRoundTripTest() {
        // Triple speaks HTTP/2 from its first byte, as gRPC does
        super(new TripleProtobufServer(), new TripleProtobufClient(), wire ->
                assertThat(new String(wire, StandardCharsets.ISO_8859_1)).startsWith("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"));
    }
}
